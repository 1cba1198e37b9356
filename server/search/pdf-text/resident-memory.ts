import fs from 'node:fs';

/**
 * A process's resident memory (VmRSS) from Linux's /proc, or undefined where there is none (other
 * systems, or the process has just ended). Resident memory counts what a V8 heap limit does not:
 * the ArrayBuffers pdf.js inflates streams into.
 */
export function residentBytes(pid: number): number | undefined {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kilobytes === undefined ? undefined : Number(kilobytes) * 1024;
}
