/** Small helpers to print the benchmark's tables as Markdown, so they paste into the README as they are. */

export type Cell = string | number;

export function markdownTable(headers: readonly string[], rows: readonly (readonly Cell[])[], alignRight: readonly boolean[] = []): string {
  const text = rows.map((row) => row.map(String));
  const widths = headers.map((header, column) => Math.max(header.length, 3, ...text.map((row) => (row[column] ?? '').length)));
  const pad = (value: string, column: number) =>
    alignRight[column] === true ? value.padStart(widths[column] ?? 0) : value.padEnd(widths[column] ?? 0);
  const line = (cells: readonly string[]) => `| ${cells.map(pad).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (alignRight[column] === true ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`;
  return [line(headers), rule, ...text.map(line)].join('\n');
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The value below which `fraction` of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

export function milliseconds(ms: number): string {
  return `${Math.round(ms)} ms`;
}

export function ratio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a';
}

/** 'before → after' when the figures differ, the figure alone when they do not. */
export function change(before: string | undefined, after: string | undefined): string {
  if (before === undefined) return `(none) → ${after ?? '(none)'}`;
  if (after === undefined) return `${before} → (none)`;
  return before === after ? after : `${before} → ${after}`;
}
