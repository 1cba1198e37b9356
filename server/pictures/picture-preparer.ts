import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { preparerAnswerSchema, type PreparerAnswer, type PreparerJob } from './preparer-messages';

/**
 * Longer than any photograph takes (a 12-megapixel one takes a few seconds, `npm run bench --
 * pictures`): a preparer still busy after this is stuck, and is stopped.
 */
const PREPARE_TIME_LIMIT_MS = 120_000;
/** Enough of the preparer's error output to say why it stopped. */
const STDERR_TAIL_CHARS = 2048;
/** Preparing a picture is background work: the pages and the API must not wait for it. */
const PREPARER_NICENESS = 19;

export interface PicturePreparer {
  /**
   * Makes the sizes of the upload `source` as `<id>-<width>.<webp|jpg>` in `directory`, in a
   * process of its own that ends with it. Resolves with what became of the picture (ready, or
   * refused for the editor to read); rejects when the preparer failed (stopped, stuck, a full disk).
   */
  prepare(job: PreparerJob): Promise<PreparerAnswer>;
}

/** The preparer's module and Node's flags for it, in the way this module itself was loaded. */
function preparerLaunch(): { modulePath: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const directory = path.dirname(here);
  const extension = path.extname(here);
  const modulePath = path.join(directory, `picture-sizes.child${extension}`);
  // A build that leaves the preparer out would otherwise be found at the first picture, not at start.
  if (!fs.existsSync(modulePath)) throw new Error(`The picture preparer's module is missing: ${modulePath}`);
  const typeScript = extension === '.ts' || extension === '.mts';
  return { modulePath, execArgv: typeScript ? ['--import', pathToFileURL(path.join(directory, 'typescript-in-preparer.mjs')).href] : [] };
}

/** NODE_OPTIONS could carry tsx or an inspector flag; the preparer's flags are preparerLaunch's alone. */
function preparerEnvironment(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _serverOptions, ...environment } = process.env;
  // Two malloc pools, as `npm start` gives the server, not one per libvips thread.
  return { ...environment, MALLOC_ARENA_MAX: '2' };
}

function follow(child: ChildProcess, job: PreparerJob): Promise<PreparerAnswer> {
  return new Promise((resolve, reject) => {
    let answer: PreparerAnswer | undefined;
    let failure: Error | undefined;
    let stderr = '';
    const fail = (error: Error) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => fail(new Error(`The picture preparer took longer than ${PREPARE_TIME_LIMIT_MS / 1000} s`)), PREPARE_TIME_LIMIT_MS);
    // A server that exits takes its preparer along.
    const killWithServer = () => child.kill('SIGKILL');
    process.once('exit', killWithServer);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.on('message', (raw: unknown) => {
      const parsed = preparerAnswerSchema.safeParse(raw);
      if (parsed.success) answer ??= parsed.data;
      else fail(new Error('The picture preparer answered something unexpected'));
    });
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      process.off('exit', killWithServer);
      if (failure === undefined && answer !== undefined) resolve(answer);
      else reject(failure ?? new Error(`The picture preparer stopped (${signal ?? `exit code ${code}`}) without an answer: ${stderr.trim().slice(-1000)}`));
    });
    // A preparer that has just died fails to receive this; 'close' then says what happened.
    child.send(job, () => undefined);
  });
}

/**
 * Pictures are prepared in a process of their own, one per picture, as the PDF text reader
 * reads (server/search/pdf-text/): sharp's and libheif's memory for a photograph (some 70 MB for
 * 12 megapixels) is never the server's, and whatever a hostile file does to them ends with that
 * process. The caller runs one at a time (server/pictures/picture-queue.ts).
 */
export function createPicturePreparer(): PicturePreparer {
  const launch = preparerLaunch();
  return {
    prepare(job) {
      const child = fork(launch.modulePath, [], {
        execArgv: launch.execArgv,
        env: preparerEnvironment(),
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      if (child.pid !== undefined) {
        try {
          os.setPriority(child.pid, PREPARER_NICENESS);
        } catch {
          // A preparer that has already ended has no priority to lower; 'close' says why.
        }
      }
      return follow(child, job);
    },
  };
}
