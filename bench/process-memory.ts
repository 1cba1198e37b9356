import fs from 'node:fs';

export interface MemoryStatus {
  /** Resident memory now. */
  readonly rssBytes: number;
  /** The highest resident memory since the process started or its peak was last reset. */
  readonly peakBytes: number;
}

function kilobytesField(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (match?.[1] === undefined) throw new Error(`/proc status has no ${field}`);
  return Number(match[1]) * 1024;
}

function memoryStatus(pid: number): MemoryStatus {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rssBytes: kilobytesField(status, 'VmRSS'), peakBytes: kilobytesField(status, 'VmHWM') };
}

/** Resets the kernel's peak (VmHWM) to the current RSS; false where the kernel does not allow it. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Watches a process's memory while something runs: the kernel's peak when it could be reset,
 * and polled RSS every few milliseconds either way, so a short spike between polls still counts.
 */
export async function peakMemoryDuring<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; beforeBytes: number; peakBytes: number }> {
  const kernelPeak = resetPeak(pid);
  const beforeBytes = memoryStatus(pid).rssBytes;
  let polledPeak = beforeBytes;
  const timer = setInterval(() => {
    polledPeak = Math.max(polledPeak, memoryStatus(pid).rssBytes);
  }, 10);
  try {
    const value = await work();
    const after = memoryStatus(pid);
    const peakBytes = Math.max(polledPeak, after.rssBytes, kernelPeak ? after.peakBytes : 0);
    return { value, beforeBytes, peakBytes };
  } finally {
    clearInterval(timer);
  }
}
