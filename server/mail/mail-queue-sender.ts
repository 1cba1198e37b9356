import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { MAX_RETRY_WAIT_MS, describeFailure, isPermanent, retryWaitMs } from './smtp-failure';
import type { ClaimedMail, MailQueueRepository } from '../repositories/mail-queue.repository';

export interface MailQueueSender {
  /** Looks for messages due now (some were queued, a mailing resumed, or the process started). */
  kick(): void;
  /** Stops claiming and waits for the one send in progress. */
  stop(): Promise<void>;
}

export interface MailQueueSenderOptions {
  readonly queue: MailQueueRepository;
  /** Sends one claimed message through SMTP; throws the mail server's error. */
  readonly send: (mail: ClaimedMail) => Promise<void>;
  /** Told of an address the mail server refused for good, with its words. */
  readonly onRefused: (mail: ClaimedMail, reason: string) => void;
  /** Wait before the second attempt; doubles after each failure, at most an hour. */
  readonly retryMs: number;
  readonly maxAttempts: number;
  /** Messages a minute at most; 0 sends as fast as the mail server takes them. */
  readonly ratePerMinute: number;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
}

/**
 * Sends the durable queue's messages one at a time, at most `ratePerMinute` of them a minute.
 *
 * Each message's row is marked 'sending' in its own committed write before the mail server is
 * asked, and marked sent, retried or refused after. One at a time means at most one row can be
 * left 'sending' by a crash; at the next start it is counted as sent without being sent again
 * (MailQueueRepository.reconcileInterrupted): that one reader may miss the mail, nobody gets it twice.
 *
 * A database that cannot be written stops the loop before the next claim; it is tried again
 * after `retryMs`.
 */
export function createMailQueueSender(options: MailQueueSenderOptions): MailQueueSender {
  const { queue, send, clock, log } = options;
  const spacingMs = options.ratePerMinute > 0 ? 60_000 / options.ratePerMinute : 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let storageFailed = false;
  let wakePause: (() => void) | undefined;

  function backoff(attempts: number): number {
    return retryWaitMs(options.retryMs, attempts);
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    let failure: unknown;
    try {
      await send(mail);
    } catch (error) {
      failure = error;
    }
    if (failure === undefined) {
      queue.markSent(mail.id, clock());
      return;
    }
    const reason = describeFailure(failure);
    if (isPermanent(failure)) {
      queue.markRefused(mail.id, reason, clock());
      options.onRefused(mail, reason);
      log.warn({ event: 'member-mail-refused', mail: mail.id, kind: mail.kind }, 'The mail server refused an address for good');
    } else if (mail.attempts >= options.maxAttempts) {
      queue.markGaveUp(mail.id, reason, clock());
      log.error({ event: 'member-mail-gave-up', mail: mail.id, kind: mail.kind, reason }, 'A member mail could not be sent; giving up');
    } else {
      const wait = backoff(mail.attempts);
      queue.markRetry(mail.id, clock() + wait, reason);
      log.warn({ event: 'member-mail-retry', mail: mail.id, kind: mail.kind, reason, retryInMs: wait }, 'A member mail was not sent yet; will retry');
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
    // Checked before each claim: a claimed message is always finished, never left half-sent.
    while (!stopped) {
      const mail = queue.claimDue(clock());
      if (mail === undefined) return;
      const started = performance.now();
      await deliver(mail);
      await pause(spacingMs - (performance.now() - started));
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
        log.error({ err: error, event: 'member-mail-storage-failed', retryInMs: options.retryMs }, 'Member mail could not use the database; nothing more is sent until it can');
      })
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  return {
    kick() {
      if (running !== undefined) return;
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
