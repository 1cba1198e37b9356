import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { API_PATHS, storedFileSchema } from '../contract/wire';
import { startBaseline } from './baseline-process';
import { peakMemoryDuring } from './process-memory';
import { markdownTable, median, megabytes, ratio } from './report-format';

const MB = 1024 * 1024;
/**
 * Each size is copied (plainly, then synced as an upload is), sent to the two bare receivers and
 * uploaded this many times, by turns, and the medians compared: one copy of 20 MB measured
 * anywhere from 240 to 760 MB/s here, as the disk's cache happened to be. A small file's round
 * takes a fraction of a second, so it has more of them.
 */
function roundsFor(sizeMb: number): number {
  return sizeMb <= 50 ? 9 : 3;
}

export interface UploadRow {
  readonly sizeBytes: number;
  readonly uploadMs: number;
  readonly uploadMbPerSecond: number;
  readonly copyMs: number;
  readonly copyMbPerSecond: number;
  /**
   * The same copy synced to the disk before it counts as done, as an upload is: what the server
   * could reach at best (absent in older saved runs).
   */
  readonly syncedCopyMbPerSecond?: number;
  /**
   * The same bytes sent the same way to a bare node:http server that keeps none of them: what
   * this sender and the machine's network stack allow any server (absent in older saved runs).
   */
  readonly receiveOnlyMbPerSecond?: number;
  /**
   * And to one that only writes them to a file with Node's write stream, neither synced nor
   * checked: the plainest server that stores an upload at all (absent in older saved runs).
   */
  readonly bareWriteMbPerSecond?: number;
  readonly rssBeforeBytes: number;
  readonly rssPeakBytes: number;
}

export interface UploadResult {
  readonly rows: readonly UploadRow[];
}

/** A PDF by its first bytes (the server sniffs them), then incompressible noise. */
async function writeSampleFile(file: string, sizeBytes: number): Promise<void> {
  const header = Buffer.from('%PDF-1.7\n%bench\n');
  const handle = await fs.promises.open(file, 'w');
  try {
    await handle.write(header);
    let written = header.byteLength;
    while (written < sizeBytes) {
      const chunk = randomBytes(Math.min(MB, sizeBytes - written));
      await handle.write(chunk);
      written += chunk.byteLength;
    }
    // On the disk before anything is timed, so neither the copy nor the upload meets its write-back.
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function timedCopy(source: string, target: string, synced: boolean): Promise<number> {
  const started = performance.now();
  await pipeline(fs.createReadStream(source), fs.createWriteStream(target, { flush: synced }));
  const elapsed = performance.now() - started;
  await fs.promises.rm(target, { force: true });
  return elapsed;
}

/** Posts the file as a browser's upload does, read from the disk as it is sent; resolves with the response's body once it is 201. */
function postFile(url: string, headers: Readonly<Record<string, string>>, file: string, sizeBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/pdf', 'content-length': String(sizeBytes) } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        if (response.statusCode !== 201) reject(new Error(`Posting to ${url} responded with ${String(response.statusCode)}: ${body}`));
        else resolve(body);
      });
    });
    request.on('error', reject);
    fs.createReadStream(file).on('error', reject).pipe(request);
  });
}

async function upload(origin: string, cookie: string, file: string, name: string, sizeBytes: number): Promise<string> {
  const url = `${origin}${API_PATHS.files}?folder=root&name=${encodeURIComponent(name)}`;
  const body = await postFile(url, { cookie, origin }, file, sizeBytes);
  return storedFileSchema.parse(JSON.parse(body)).fullPath;
}

/** The time the bare receiver takes for the file at `route`: '/keep-nothing' or '/write'. */
async function timedBareUpload(baselineOrigin: string, route: string, file: string, sizeBytes: number): Promise<number> {
  const started = performance.now();
  await postFile(baselineOrigin + route, {}, file, sizeBytes);
  return performance.now() - started;
}

async function remove(origin: string, cookie: string, fullPath: string): Promise<void> {
  const response = await fetch(`${origin}${API_PATHS.files}?path=${encodeURIComponent(fullPath)}`, {
    method: 'DELETE',
    headers: { cookie, origin },
  });
  if (!response.ok) throw new Error(`Deleting ${fullPath} responded with ${response.status}`);
}

export interface UploadOptions {
  readonly origin: string;
  readonly serverPid: number;
  /** A directory on the same disk as the server's data directory. */
  readonly workDir: string;
  readonly cookie: string;
  readonly sizesMb: readonly number[];
}

export async function runUploads(options: UploadOptions, log: (line: string) => void): Promise<UploadResult> {
  const baseline = await startBaseline([], options.workDir);
  try {
    return { rows: await measureSizes(options, baseline.origin, log) };
  } finally {
    await baseline.stop();
  }
}

async function measureSizes(options: UploadOptions, baselineOrigin: string, log: (line: string) => void): Promise<UploadRow[]> {
  const rows: UploadRow[] = [];
  for (const sizeMb of options.sizesMb) {
    const sizeBytes = sizeMb * MB;
    const source = path.join(options.workDir, `upload-source-${sizeMb}mb.pdf`);
    const rounds = roundsFor(sizeMb);
    log(`Upload: writing a ${sizeMb} MB file, then copying it, sending it to two bare receivers and uploading it, ${rounds} times by turns...`);
    await writeSampleFile(source, sizeBytes);
    try {
      const copies: number[] = [];
      const syncedCopies: number[] = [];
      const receiveOnly: number[] = [];
      const bareWrites: number[] = [];
      const uploads: number[] = [];
      let rssBeforeBytes = Number.POSITIVE_INFINITY;
      let rssPeakBytes = 0;
      const copy = path.join(options.workDir, `upload-copy-${sizeMb}mb.pdf`);
      for (let round = 1; round <= rounds; round += 1) {
        copies.push(await timedCopy(source, copy, false));
        syncedCopies.push(await timedCopy(source, copy, true));
        receiveOnly.push(await timedBareUpload(baselineOrigin, '/keep-nothing', source, sizeBytes));
        bareWrites.push(await timedBareUpload(baselineOrigin, '/write', source, sizeBytes));
        const started = performance.now();
        const measured = await peakMemoryDuring(options.serverPid, () =>
          upload(options.origin, options.cookie, source, `Bench upload ${sizeMb} MB ${round} ${Date.now()}.pdf`, sizeBytes),
        );
        uploads.push(performance.now() - started);
        rssBeforeBytes = Math.min(rssBeforeBytes, measured.beforeBytes);
        rssPeakBytes = Math.max(rssPeakBytes, measured.peakBytes);
        await remove(options.origin, options.cookie, measured.value);
      }
      /** The file's megabytes a second at the median of `times` (milliseconds). */
      const speed = (times: readonly number[]) => sizeBytes / MB / (median(times) / 1000);
      rows.push({
        sizeBytes,
        uploadMs: median(uploads),
        uploadMbPerSecond: speed(uploads),
        copyMs: median(copies),
        copyMbPerSecond: speed(copies),
        syncedCopyMbPerSecond: speed(syncedCopies),
        receiveOnlyMbPerSecond: speed(receiveOnly),
        bareWriteMbPerSecond: speed(bareWrites),
        rssBeforeBytes,
        rssPeakBytes,
      });
    } finally {
      await fs.promises.rm(source, { force: true });
    }
  }
  return rows;
}

/** A speed as a share of the plain copy's, or '-' for a figure older saved runs lack. */
function ofCopy(row: UploadRow, mbPerSecond: number | undefined): string {
  return mbPerSecond === undefined ? '-' : ratio(mbPerSecond / row.copyMbPerSecond);
}

export function uploadTable(result: UploadResult): string {
  return markdownTable(
    [
      'file',
      'plain copy MB/s',
      'upload MB/s',
      'upload ÷ copy',
      'synced copy ÷ copy',
      'bare server, keeps nothing ÷ copy',
      'bare server, writes ÷ copy',
      'upload ÷ synced copy',
      'server RSS before',
      'peak during',
      'growth',
    ],
    result.rows.map((row) => [
      megabytes(row.sizeBytes),
      row.copyMbPerSecond.toFixed(0),
      row.uploadMbPerSecond.toFixed(0),
      ofCopy(row, row.uploadMbPerSecond),
      ofCopy(row, row.syncedCopyMbPerSecond),
      ofCopy(row, row.receiveOnlyMbPerSecond),
      ofCopy(row, row.bareWriteMbPerSecond),
      row.syncedCopyMbPerSecond === undefined ? '-' : ratio(row.uploadMbPerSecond / row.syncedCopyMbPerSecond),
      megabytes(row.rssBeforeBytes),
      megabytes(row.rssPeakBytes),
      megabytes(row.rssPeakBytes - row.rssBeforeBytes),
    ]),
    [false, true, true, true, true, true, true, true, true, true, true],
  );
}
