import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
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

const MAX_WAIT_MS = 60 * 60 * 1000;

function describeFailure(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 500);
  return String(error).slice(0, 500);
}

/** A 5xx reply from the mail server is a refusal that retrying will not change. */
function isPermanent(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return false;
  const code = Number(error.responseCode);
  return code >= 500 && code < 600;
}

/**
 * E-mails stored contact messages one at a time. A message is claimed before it is sent and
 * marked sent after, so it is never sent twice; while the mail server is down it is retried
 * with growing waits, and after the last attempt it is marked failed for the administrator.
 */
export function createContactDelivery(options: DeliveryOptions): ContactDelivery {
  const { messages, send, clock, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  function backoff(attempts: number): number {
    return Math.min(MAX_WAIT_MS, options.retryMs * 2 ** Math.max(0, attempts - 1));
  }

  async function deliver(message: ClaimedMessage): Promise<void> {
    try {
      await send(message);
      messages.markSent(message.id);
      log.info({ contactMessage: message.id, attempts: message.attempts }, 'Contact message e-mailed');
    } catch (error) {
      const reason = describeFailure(error);
      if (isPermanent(error) || message.attempts >= options.maxAttempts) {
        messages.markFailed(message.id, reason);
        log.error({ contactMessage: message.id, attempts: message.attempts, reason }, 'Contact message could not be e-mailed; giving up');
      } else {
        const wait = backoff(message.attempts);
        messages.markRetry(message.id, clock() + wait, reason);
        log.warn({ contactMessage: message.id, attempts: message.attempts, reason, retryInMs: wait }, 'Contact message not e-mailed yet; will retry');
      }
    }
  }

  async function drain(): Promise<void> {
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
    const due = messages.nextDueAt();
    if (due === undefined) return;
    timer = setTimeout(run, Math.min(Math.max(0, due - clock()), MAX_WAIT_MS));
  }

  function run(): void {
    if (running !== undefined || stopped) return;
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'Contact message delivery stopped unexpectedly'))
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  return {
    kick() {
      if (running === undefined) schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
