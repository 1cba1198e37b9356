import { childLaunch, runChildJob, type ChildLaunch } from '../child-job';
import { preparerAnswerSchema, type PreparerAnswer, type PreparerJob } from './preparer-messages';

/**
 * Longer than any photograph takes (a 12-megapixel one takes a few seconds, `npm run bench --
 * pictures`): a preparer still busy after this is stuck, and is stopped.
 */
const PREPARE_TIME_LIMIT_MS = 120_000;
/** Enough of the preparer's error output to say why it stopped. */
const STDERR_TAIL_CHARS = 2048;

export interface PicturePreparer {
  /**
   * Makes the sizes of the upload `source` as `<id>-<width>.<webp|jpg>` in `directory`, in a
   * process of its own that ends with it. Resolves with what became of the picture (ready, or
   * refused for the editor to read); rejects when the preparer failed (stopped, stuck, a full disk).
   */
  prepare(job: PreparerJob): Promise<PreparerAnswer>;
}

/**
 * Starts one preparer and follows it to its end. The first failure wins (the clock, a message
 * that is not an answer, an error) and the process is then killed; its answer counts only
 * when nothing failed.
 */
function follow(launch: ChildLaunch, job: PreparerJob): Promise<PreparerAnswer> {
  let answer: PreparerAnswer | undefined;
  const preparer = runChildJob<PreparerAnswer, PreparerAnswer>({
    ...launch,
    // Two malloc pools, as `npm start` gives the server, not one per libvips thread.
    env: { MALLOC_ARENA_MAX: '2' },
    stderrTailChars: STDERR_TAIL_CHARS,
    timeLimitMs: PREPARE_TIME_LIMIT_MS,
    overTime: () => new Error(`The picture preparer took longer than ${PREPARE_TIME_LIMIT_MS / 1000} s`),
    messageSchema: preparerAnswerSchema,
    unexpected: () => new Error('The picture preparer answered something unexpected'),
    onMessage(message) {
      answer ??= message;
    },
    settle: (failure, exit, stderr) => failure ?? answer ?? new Error(`The picture preparer stopped (${exit}) without an answer: ${stderr.trim().slice(-1000)}`),
  });
  preparer.send(job);
  return preparer.result;
}

/**
 * Pictures are prepared in a process of their own, one per picture, as the PDF text reader
 * reads (server/search/pdf-text/): sharp's and libheif's memory for a photograph (some 70 MB for
 * 12 megapixels) is never the server's, and whatever a hostile file does to them ends with that
 * process. The caller runs one at a time (server/pictures/picture-queue.ts).
 */
export function createPicturePreparer(): PicturePreparer {
  const launch = childLaunch(import.meta.url, 'picture-sizes.child', 'typescript-in-preparer.mjs', 'The picture preparer');
  return {
    prepare(job) {
      return follow(launch, job);
    },
  };
}
