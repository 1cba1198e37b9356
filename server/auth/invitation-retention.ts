import type { FastifyBaseLogger } from 'fastify';
import { EXPIRED_INVITATION_KEPT_DAYS, INVITATION_HOURS } from '../../src-core/domain/roles';
import type { Clock } from '../clock';
import type { InvitationsRepository } from '../repositories/invitations.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An accepted invitation is deleted at once (server/routes/session.routes.ts); an expired one after this. */
const EXPIRED_INVITATION_KEPT_MS = EXPIRED_INVITATION_KEPT_DAYS * DAY_MS;
/** One whose e-mail never went (mail was off or never got through) ends as if it had been sent. */
const UNSENT_INVITATION_KEPT_MS = INVITATION_HOURS * 60 * 60 * 1000 + EXPIRED_INVITATION_KEPT_MS;
const PURGE_EVERY_MS = DAY_MS;

export interface InvitationPurgeOptions {
  readonly invitations: InvitationsRepository;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
}

/**
 * Deletes ended invitations (an address and a role each) at start-up and once a day, as the
 * contact messages and the audit trail are purged. A failed purge is logged and tried again next
 * time. The log says how many went, never whose.
 */
export function startInvitationPurge({ invitations, clock, log }: InvitationPurgeOptions): { stop(): void } {
  const run = () => {
    try {
      const now = clock();
      const deleted = invitations.deleteEnded(now - EXPIRED_INVITATION_KEPT_MS, now - UNSENT_INVITATION_KEPT_MS);
      if (deleted > 0) log.info({ event: 'invitations-purged', deleted }, 'Deleted invitations that ended');
    } catch (error) {
      log.error({ event: 'invitations-purged', err: error }, 'Deleting ended invitations failed; will try again');
    }
  };
  run();
  const timer = setInterval(run, PURGE_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
