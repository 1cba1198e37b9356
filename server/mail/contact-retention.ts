import type { FastifyBaseLogger } from 'fastify';
import { contactRetentionCutoff } from '../../src-core/domain/contact-retention';
import { isoAt, type Clock } from '../clock';
import type { ContactMessagesRepository } from '../repositories/contact-messages.repository';

/** How often the purge runs after the one at start-up. */
const PURGE_EVERY_MS = 24 * 60 * 60 * 1000;

export interface ContactPurgeOptions {
  readonly messages: ContactMessagesRepository;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** Once a day unless told otherwise. */
  readonly everyMs?: number;
}

export interface ContactPurge {
  stop(): void;
}

/**
 * Deletes the contact messages kept for the whole period the privacy policy promises.
 *
 * Delivery state does not save a message. One still pending or failed after that long is past
 * the promise all the same: retries give up within days at most (MAIL_MAX_ATTEMPTS, waits of an
 * hour at most), so it is a message stored while e-mail was off or one that never got through,
 * and the administrator has had the whole period to read it in the admin area. One being e-mailed
 * at this very moment is deleted too; the send finishes, and marking it sent then finds nothing,
 * which is harmless.
 *
 * The log says how many went and the cut-off, never whose or what.
 */
function purgeExpiredContactMessages({ messages, clock, log }: ContactPurgeOptions): number {
  const cutoff = contactRetentionCutoff(clock());
  const deleted = messages.deleteReceivedBefore(cutoff);
  log.info({ event: 'contact-purge', deleted, receivedBefore: isoAt(cutoff) }, 'Deleted contact messages past the retention period');
  return deleted;
}

/**
 * Purges now and then every `everyMs`. The timer is unref'd so it never keeps the process alive,
 * and `stop` clears it when the server closes. A failed purge is logged and tried again next time
 * rather than stopping the site.
 */
export function startContactPurge(options: ContactPurgeOptions): ContactPurge {
  const run = () => {
    try {
      purgeExpiredContactMessages(options);
    } catch (error) {
      options.log.error({ event: 'contact-purge', err: error }, 'Deleting old contact messages failed; will try again');
    }
  };
  run();
  const timer = setInterval(run, options.everyMs ?? PURGE_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
