/** Thrown when more work is waiting than the limiter queues: the caller responds with 503. */
export class BusyError extends Error {
  override readonly name = 'BusyError';
}

export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/**
 * Runs at most `concurrency` tasks at once and queues at most `maxQueued` more. Expensive work
 * (password hashing) goes through it so a flood of requests waits or is refused instead of
 * taking every core and all the memory.
 */
export function createLimiter(concurrency: number, maxQueued: number): Limiter {
  let running = 0;
  const waiting: Array<() => void> = [];

  function release(): void {
    running -= 1;
    const next = waiting.shift();
    if (next !== undefined) {
      running += 1;
      next();
    }
  }

  return {
    async run(task) {
      if (running >= concurrency) {
        if (waiting.length >= maxQueued) throw new BusyError('Too much work is waiting.');
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
