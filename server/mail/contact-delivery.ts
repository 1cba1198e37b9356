import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { MAX_RETRY_WAIT_MS, describeFailure, isPermanent, retryWaitMs } from './smtp-failure';
import type { ClaimedMessage, ContactMessagesRepository } from '../repositories/contact-messages.repository';

export interface ContactDelivery {
  /** Looks for messages due now (a new one was stored, or the process started). */
  kick(): void;
  /** Stops scheduling and waits for a send in progress. */
  stop(): Promise<void>;
}

export interface DeliveryOptions {
  readonly messages: ContactMessagesRepository;
  readonly send: (message: ClaimedMessage) => Promise<void>;
  /** Wait before the second attempt; doubles after each failure, at most an hour. */
  readonly retryMs: number;
  readonly maxAttempts: number;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
}

/**
 * E-mails stored contact messages one at a time. A message is claimed before it is sent and
 * marked sent after, so it is never sent twice; while the mail server is down it is retried
 * with growing waits, and after the last attempt it is marked failed for the administrator.
 *
 * When the database cannot be written (a full disk), nothing is sent: a message whose claim
 * cannot be stored is not claimed. A mark that cannot be stored after sending is kept here and
 * stored first once the database takes writes again, before anything else is claimed. Either
 * way the loop waits `retryMs` before trying again, instead of spinning.
 */
export function createContactDelivery(options: DeliveryOptions): ContactDelivery {
  const { messages, send, clock, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let storageFailed = false;
  /** Outcomes of sends that are not in the database yet, oldest first. */
  const unrecorded: Array<() => void> = [];

  function backoff(attempts: number): number {
    return retryWaitMs(options.retryMs, attempts);
  }

  function record(mark: () => void): void {
    unrecorded.push(mark);
    storeUnrecorded();
  }

  function storeUnrecorded(): void {
    while (unrecorded.length > 0) {
      unrecorded[0]?.();
      unrecorded.shift();
    }
  }

  async function deliver(message: ClaimedMessage): Promise<void> {
    let failure: unknown;
    try {
      await send(message);
    } catch (error) {
      failure = error;
    }
    if (failure === undefined) {
      record(() => messages.markSent(message.id));
      log.info({ contactMessage: message.id, attempts: message.attempts }, 'Contact message e-mailed');
      return;
    }
    const reason = describeFailure(failure);
    if (isPermanent(failure) || message.attempts >= options.maxAttempts) {
      record(() => messages.markFailed(message.id, reason));
      log.error({ contactMessage: message.id, attempts: message.attempts, reason }, 'Contact message could not be e-mailed; giving up');
    } else {
      const wait = backoff(message.attempts);
      record(() => messages.markRetry(message.id, clock() + wait, reason));
      log.warn({ contactMessage: message.id, attempts: message.attempts, reason, retryInMs: wait }, 'Contact message not e-mailed yet; will retry');
    }
  }

  async function drain(): Promise<void> {
    storeUnrecorded();
    // Checked before each claim: a claimed message is always finished, never left half-sent.
    while (!stopped) {
      const message = messages.claimDue(clock());
      if (message === undefined) return;
      await deliver(message);
    }
  }

  function schedule(): void {
    if (stopped) return;
    clearTimeout(timer);
    if (storageFailed) {
      timer = setTimeout(run, options.retryMs);
      return;
    }
    const due = messages.nextDueAt();
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
          { err: error, event: 'contact-delivery-storage-failed', retryInMs: options.retryMs },
          'Contact message delivery could not use the database; nothing more is sent until it can',
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
      // A new message was just stored, so the database takes writes again: try at once.
      storageFailed = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
