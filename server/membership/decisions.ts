import type { FastifyInstance } from 'fastify';
import { MEMBERSHIP_MESSAGES, type ApplicationState } from '../../contract/membership';
import { dayIn } from '../../src-core/domain/membership-year';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError } from '../http/api-error';
import type { ApplicationRow } from '../repositories/applications.repository';
import type { MemberRow } from '../repositories/members.repository';

/** The states a decision may be taken from: a decided application is never decided again. */
const OPEN: Record<'approved' | 'declined' | 'more-information', readonly ApplicationState[]> = {
  approved: ['new', 'more-information'],
  declined: ['new', 'more-information'],
  'more-information': ['new'],
};

const STATE_WORDS: Record<ApplicationState, string> = {
  new: 'received',
  'more-information': 'asked for more information',
  approved: 'approved',
  declined: 'declined',
};

export interface Decisions {
  /** Approves once: the member with the next number, and the welcome mail or letter. @throws 409 when decided already. */
  approve(id: number, by: string | null): Promise<{ readonly application: ApplicationRow; readonly member: MemberRow }>;
  /** Declines, or asks for more information, with the note the mail carries. @throws 409 when decided already. */
  withNote(id: number, to: 'declined' | 'more-information', note: string, by: string | null): Promise<ApplicationRow>;
}

/**
 * Each decision is one transaction: the state is checked and moved, the member is added and the
 * mail is queued together, so a second request, even after a restart, finds it decided and
 * changes nothing.
 */
export function createDecisions(app: FastifyInstance): Decisions {
  const { applications, members, mailQueue } = app;

  function conflict(row: ApplicationRow) {
    return apiError(409, 'conflict', MEMBERSHIP_MESSAGES.alreadyDecided(STATE_WORDS[row.state]));
  }

  function queueMail(row: ApplicationRow, kind: 'welcome' | 'declined' | 'more-information', at: number): boolean {
    // Without an e-mail address the association writes or phones; nothing is queued.
    if (row.email === null || row.email_key === null) return false;
    // The note goes with the mail as it is now: a question still waiting to be sent when the
    // application is then declined must not carry the decline's note (queued-membership-mail.ts).
    const note = row.note === null ? {} : { payload: row.note };
    mailQueue.enqueue({ kind, address: row.email, addressKey: row.email_key, applicationId: row.id, ...note }, at);
    return true;
  }

  return {
    async approve(id, by) {
      const now = app.clock();
      const outcome = await retryWhenBusy(() =>
        applications.transaction(() => {
          const decided = applications.decide(id, OPEN.approved, { to: 'approved', at: now, by, note: null });
          if (decided === undefined) throw apiError(404, 'not-found', MEMBERSHIP_MESSAGES.applicationNotFound);
          if (!decided.changed) throw conflict(decided.row);
          const member = members.addFrom(decided.row, dayIn(app.config.timeZone, now), now);
          applications.setMemberNumber(id, member.number);
          const queued = queueMail(decided.row, 'welcome', now);
          return { application: { ...decided.row, member_number: member.number }, member, queued };
        }),
      );
      if (outcome.queued) app.memberMailSender?.kick();
      return { application: outcome.application, member: outcome.member };
    },
    async withNote(id, to, note, by) {
      const now = app.clock();
      const outcome = await retryWhenBusy(() =>
        applications.transaction(() => {
          const decided = applications.decide(id, OPEN[to], { to, at: now, by, note });
          if (decided === undefined) throw apiError(404, 'not-found', MEMBERSHIP_MESSAGES.applicationNotFound);
          if (!decided.changed) throw conflict(decided.row);
          return { row: decided.row, queued: queueMail(decided.row, to, now) };
        }),
      );
      if (outcome.queued) app.memberMailSender?.kick();
      return outcome.row;
    },
  };
}
