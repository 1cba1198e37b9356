/**
 * Jobs run one after another, never two at once: preparing a photograph is the heaviest thing
 * the server does, and one at a time keeps its memory within budget however many arrive.
 */
export interface JobQueue {
  /** Runs `job` after every job queued before it; settles as it does. */
  add<T>(job: () => Promise<T>): Promise<T>;
  /** Settles once every job queued so far has finished. */
  idle(): Promise<void>;
}

export function createJobQueue(): JobQueue {
  let last: Promise<unknown> = Promise.resolve();
  return {
    add(job) {
      const run = last.then(job, job);
      last = run.catch(() => undefined);
      return run;
    },
    async idle() {
      await last;
    },
  };
}
