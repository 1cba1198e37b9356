/**
 * Prepares one picture as the server does, in a process of its own, so its memory is measured
 * from a clean start (bench/pictures.part.ts runs it). Prints one line of JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makePictureSizes } from '../server/pictures/picture-sizes';
import { peakMemoryDuring } from './process-memory';

const [file, dir] = process.argv.slice(2);
if (file === undefined || dir === undefined) throw new Error('Usage: picture-probe.ts PHOTOGRAPH OUTPUT_DIR');
const started = performance.now();
const measured = await peakMemoryDuring(process.pid, () => makePictureSizes(file, (width, format) => path.join(dir, `made-${width}.${format}`)));
const wallMs = performance.now() - started;
if (!measured.value.ok) throw new Error(`The photograph was refused: ${measured.value.refusal}`);
process.stdout.write(`${JSON.stringify({ wallMs, rssBeforeBytes: measured.beforeBytes, rssPeakBytes: measured.peakBytes, files: fs.readdirSync(dir).length })}\n`);
