import type { BundleRow } from './bundles.part';
import type { LoadRow } from './load.part';
import type { PageRow } from './pages.part';
import type { PdfRow } from './pdf.part';
import { change, kilobytes, markdownTable, megabytes, milliseconds, ratio, seconds } from './report-format';
import type { BenchFile } from './results';
import type { UploadRow } from './upload.part';

function byKey<T>(rows: readonly T[] | undefined, key: (row: T) => string): Map<string, T> {
  return new Map((rows ?? []).map((row) => [key(row), row]));
}

/** Rows present in either run, in the newer run's order, then any the newer run dropped. */
function pairs<T>(before: readonly T[] | undefined, after: readonly T[] | undefined, key: (row: T) => string): [string, T | undefined, T | undefined][] {
  const old = byKey(before, key);
  const now = byKey(after, key);
  const keys = [...now.keys(), ...[...old.keys()].filter((name) => !now.has(name))];
  return keys.map((name) => [name, old.get(name), now.get(name)]);
}

function cell<T>(before: T | undefined, after: T | undefined, show: (row: T) => string): string {
  return change(before === undefined ? undefined : show(before), after === undefined ? undefined : show(after));
}

function pagesComparison(before: BenchFile, after: BenchFile): string {
  const rows = pairs<PageRow>(before.parts.pages?.rows, after.parts.pages?.rows, (row) => row.route).map(([route, old, now]) => [
    route,
    cell(old, now, (row) => String(row.median.scores.performance)),
    cell(old, now, (row) => String(row.median.scores.accessibility)),
    cell(old, now, (row) => String(row.median.scores['best-practices'])),
    cell(old, now, (row) => String(row.median.scores.seo)),
    cell(old, now, (row) => milliseconds(row.median.fcpMs)),
    cell(old, now, (row) => milliseconds(row.median.lcpMs)),
    cell(old, now, (row) => milliseconds(row.median.tbtMs)),
    cell(old, now, (row) => row.median.cls.toFixed(3)),
    cell(old, now, (row) => kilobytes(row.median.totalBytes)),
    cell(old, now, (row) => kilobytes(row.median.scriptBytes)),
  ]);
  return markdownTable(['route', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'bytes', 'script bytes'], rows);
}

function bundlesComparison(before: BenchFile, after: BenchFile): string {
  const rows = pairs<BundleRow>(before.parts.bundles?.rows, after.parts.bundles?.rows, (row) => `${row.build} ${row.area}`).map(
    ([name, old, now]) => [
      name,
      cell(old, now, (row) => kilobytes(row.gzipBytes)),
      cell(old, now, (row) => kilobytes(row.brotliBytes)),
      cell(old, now, (row) => kilobytes(row.cssGzipBytes)),
    ],
  );
  return markdownTable(['first load of', 'JS gzip', 'JS brotli', 'CSS gzip'], rows);
}

function loadComparison(before: BenchFile, after: BenchFile): string {
  const rows = pairs<LoadRow>(before.parts.load?.rows, after.parts.load?.rows, (row) => row.target).map(([target, old, now]) => [
    target,
    cell(old, now, (row) => String(Math.round(row.server.requestsPerSecond))),
    cell(old, now, (row) => ratio(row.server.requestsPerSecond / row.baseline.requestsPerSecond)),
    cell(old, now, (row) => milliseconds(row.server.p99Ms)),
    cell(old, now, (row) => String(row.server.errors + row.server.timeouts)),
    cell(old, now, (row) => String(row.server.non2xx)),
  ]);
  return markdownTable(['target', 'req/s server', 'ratio to bare', 'p99 server', 'errors', 'non-2xx'], rows);
}

function uploadComparison(before: BenchFile, after: BenchFile): string {
  const rows = pairs<UploadRow>(before.parts.upload?.rows, after.parts.upload?.rows, (row) => megabytes(row.sizeBytes)).map(
    ([size, old, now]) => [
      size,
      cell(old, now, (row) => seconds(row.uploadMs)),
      cell(old, now, (row) => row.uploadMbPerSecond.toFixed(0)),
      cell(old, now, (row) => ratio(row.uploadMbPerSecond / row.copyMbPerSecond)),
      cell(old, now, (row) => (row.bareWriteMbPerSecond === undefined ? '-' : ratio(row.uploadMbPerSecond / row.bareWriteMbPerSecond))),
      cell(old, now, (row) => megabytes(row.rssPeakBytes - row.rssBeforeBytes)),
    ],
  );
  return markdownTable(['file', 'upload time', 'MB/s', 'ratio to copy', 'ratio to a bare server writing it', 'RSS growth'], rows);
}

function pdfComparison(before: BenchFile, after: BenchFile): string {
  const rows = pairs<PdfRow>(before.parts.pdf?.rows, after.parts.pdf?.rows, (row) => row.label).map(([label, old, now]) => [
    label,
    cell(old, now, (row) => row.kind),
    cell(old, now, (row) => seconds(row.wallMs)),
    cell(old, now, (row) => megabytes(row.readerPeakRssBytes)),
    cell(old, now, (row) => megabytes(row.parentRssPeakBytes - row.parentRssBeforeBytes)),
  ]);
  return markdownTable(['file', 'outcome', 'wall time', 'reader peak RSS', 'parent growth'], rows);
}

/** Before → after tables for every part either run measured. */
export function comparison(before: BenchFile, after: BenchFile, beforeName: string, afterName: string): string {
  const sections: string[] = [`Comparing ${beforeName} (before) with ${afterName} (after):`];
  const add = (title: string, present: boolean, table: () => string) => {
    if (present) sections.push('', `### ${title}: before → after`, '', table());
  };
  add('Pages', before.parts.pages !== undefined || after.parts.pages !== undefined, () => pagesComparison(before, after));
  add('Bundles', before.parts.bundles !== undefined || after.parts.bundles !== undefined, () => bundlesComparison(before, after));
  add('Server under load', before.parts.load !== undefined || after.parts.load !== undefined, () => loadComparison(before, after));
  add('Uploads', before.parts.upload !== undefined || after.parts.upload !== undefined, () => uploadComparison(before, after));
  add('PDF text', before.parts.pdf !== undefined || after.parts.pdf !== undefined, () => pdfComparison(before, after));
  return sections.join('\n');
}
