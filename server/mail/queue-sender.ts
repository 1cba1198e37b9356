import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { MAX_RETRY_WAIT_MS, describeFailure, isPermanent, retryWaitMs } from './smtp-failure';

export interface QueuedMessage {
  readonly id: number;
  /** Attempts so far, this one included. */
  readonly attempts: number;
}

/**
 * What a durable queue of outgoing mail in SQLite gives its sender: the contact messages
 * (server/repositories/contact-messages.repository.ts) and the member mail queue
 * (server/repositories/mail-queue.repository.ts).
 */
export interface SendableQueue<M extends QueuedMessage> {
  /** Marks the next message due at `now` as being sent, committed, and returns it. */
  claimDue(now: number): M | undefined;
  /** When the next claimable message is due, if any. */
  nextDueAt(): number | undefined;
  markSent(message: M, at: number): void;
  markRetry(message: M, nextAttemptAt: number, reason: string): void;
  /** Not sent and not tried again: `refused` for good by the mail server, or out of attempts. */
  markFailed(message: M, reason: string, at: number, refused: boolean): void;
  /**
   * Runs `work` as one transaction: a send's mark and the next claim are committed together. The
   * claim must be on the disk before the message is sent, by this commit or by the send itself.
   */
  transaction<T>(work: () => T): T;
}

export interface QueueSender {
  /** Looks for messages due now (one was queued, a mailing resumed, or the process started). */
  kick(): void;
  /** Stops claiming and waits for the one send in progress. */
  stop(): Promise<void>;
}

export interface QueueSenderOptions<M extends QueuedMessage> {
  readonly queue: SendableQueue<M>;
  /** Sends one claimed message through SMTP; throws the mail server's error. */
  readonly send: (message: M) => Promise<void>;
  /** Wait before the second attempt; doubles after each failure, at most an hour. */
  readonly retryMs: number;
  readonly maxAttempts: number;
  /** Messages a minute at most; 0 sends as fast as the mail server takes them. */
  readonly ratePerMinute: number;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** How the log names this queue: its events' prefix ('contact-delivery'), each message's fields, and a line for each one sent (none when absent). */
  readonly logAs: { readonly event: string; readonly fields: (message: M) => Record<string, unknown>; readonly sent?: string };
}

/**
 * Sends a durable queue's messages one at a time, at most `ratePerMinute` of them a minute.
 *
 * Each message is claimed (marked as being sent, in its own committed write) before the mail
 * server is asked, and marked sent, retried or failed after. One at a time means at most one
 * message can be left claimed by a crash; each queue decides at its next start what that one
 * counts as, and never sends it again: nobody gets a message twice.
 *
 * A send's mark is committed in one transaction with the next claim: one commit per message
 * instead of two on the thread that also answers requests (each queue's `transaction` decides
 * how it reaches the disk: server/db/synced-later.ts). The mark is still stored before anything
 * more is sent, and at the latest when the loop waits or ends; a crash in between leaves the row
 * 'sending', which the queue counts at its next start as if the crash had come during the send.
 *
 * When the database cannot be written (a full disk), nothing more is claimed: the loop stops and
 * tries again after `retryMs`. A mark that could not be stored after a send is kept here and
 * stored first, before anything else is claimed.
 */
export function createQueueSender<M extends QueuedMessage>(options: QueueSenderOptions<M>): QueueSender {
  const { queue, send, clock, log, logAs } = options;
  const spacingMs = options.ratePerMinute > 0 ? 60_000 / options.ratePerMinute : 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let storageFailed = false;
  let wakePause: (() => void) | undefined;
  /** Outcomes of sends that are not in the database yet, oldest first. */
  const unrecorded: Array<() => void> = [];

  /** Keeps a send's outcome until the next claim stores it with that claim (drain below). */
  function record(mark: () => void): void {
    unrecorded.push(mark);
  }

  /**
   * Stores the kept outcomes and runs `then` in one transaction. They leave the list only once it
   * has committed: a write refused by a full disk undoes them all, and they are tried again.
   */
  function commitWith<T>(then: () => T): T {
    const marks = unrecorded.slice();
    const result = queue.transaction(() => {
      for (const mark of marks) mark();
      return then();
    });
    unrecorded.splice(0, marks.length);
    return result;
  }

  async function deliver(message: M): Promise<void> {
    let failure: unknown;
    try {
      await send(message);
    } catch (error) {
      failure = error;
    }
    const fields = { ...logAs.fields(message), attempts: message.attempts };
    if (failure === undefined) {
      record(() => queue.markSent(message, clock()));
      if (logAs.sent !== undefined) log.info(fields, logAs.sent);
      return;
    }
    const reason = describeFailure(failure);
    if (isPermanent(failure)) {
      record(() => queue.markFailed(message, reason, clock(), true));
      log.warn({ ...fields, event: `${logAs.event}-refused`, reason }, 'The mail server refused a message for good; it is not sent again');
    } else if (message.attempts >= options.maxAttempts) {
      record(() => queue.markFailed(message, reason, clock(), false));
      log.error({ ...fields, event: `${logAs.event}-gave-up`, reason }, 'A message could not be sent; giving up');
    } else {
      const wait = retryWaitMs(options.retryMs, message.attempts);
      record(() => queue.markRetry(message, clock() + wait, reason));
      log.warn({ ...fields, event: `${logAs.event}-retry`, reason, retryInMs: wait }, 'A message was not sent yet; will retry');
    }
  }

  /** Waits out the rate's spacing after a send; stopping the sender ends the wait at once. */
  function pause(ms: number): Promise<void> {
    if (ms <= 0 || stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const wait = setTimeout(done, ms);
      function done() {
        clearTimeout(wait);
        wakePause = undefined;
        resolve();
      }
      wakePause = done;
    });
  }

  async function drain(): Promise<void> {
    try {
      // Checked before each claim: a claimed message is always finished, never left half-sent.
      while (!stopped) {
        const message = commitWith(() => queue.claimDue(clock()));
        if (message === undefined) return;
        const started = performance.now();
        await deliver(message);
        const wait = spacingMs - (performance.now() - started);
        // Waiting for the rate: the progress shows this message done meanwhile.
        if (wait > 0) commitWith(() => undefined);
        await pause(wait);
      }
    } finally {
      // Stopped after a send: its mark is stored now, not at the next start.
      if (unrecorded.length > 0) commitWith(() => undefined);
    }
  }

  function schedule(): void {
    if (stopped) return;
    clearTimeout(timer);
    if (storageFailed) {
      timer = setTimeout(run, options.retryMs);
      return;
    }
    const due = queue.nextDueAt();
    if (due === undefined) return;
    timer = setTimeout(run, Math.min(Math.max(0, due - clock()), MAX_RETRY_WAIT_MS));
  }

  function run(): void {
    if (running !== undefined || stopped) return;
    storageFailed = false;
    running = drain()
      .catch((error: unknown) => {
        storageFailed = true;
        log.error(
          { err: error, event: `${logAs.event}-storage-failed`, retryInMs: options.retryMs },
          'Outgoing mail could not use the database; nothing more is sent until it can',
        );
      })
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  return {
    kick() {
      if (running !== undefined) return;
      // Something was just queued, so the database takes writes again: try at once.
      storageFailed = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wakePause?.();
      await running;
    },
  };
}
