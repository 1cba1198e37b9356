import type { Db } from '../db/database';
import { dayIn, remindersDue } from '../../src-core/domain/membership-year';
import type { MailQueueRepository } from '../repositories/mail-queue.repository';
import type { MembershipSettingsRepository } from '../repositories/membership-settings.repository';

interface Candidate {
  number: number;
  email: string;
  email_key: string;
}

export interface RenewalReminders {
  /** Queues every reminder due now and not queued before; returns how many. */
  sweep(): number;
}

/**
 * The renewal reminders: a month before the membership year ends and once after it ended, to
 * active members with an e-mail address who have not paid past that year. Each is recorded in
 * renewal_reminders in the same transaction that queues it, so it goes once per member and year
 * end whatever restarts or sweeps come between; a day the server was off is made up at the next.
 */
export function createRenewalReminders(options: {
  readonly db: Db;
  readonly queue: MailQueueRepository;
  readonly settings: MembershipSettingsRepository;
  readonly clock: () => number;
  readonly timeZone: string;
}): RenewalReminders {
  const { db, queue, settings, clock } = options;
  const candidates = db.prepare<{ yearEnd: string; dueOn: string; kind: string }, Candidate>(
    `SELECT number, email, email_key FROM members m
     WHERE status = 'active' AND email IS NOT NULL AND email_key IS NOT NULL
       AND joined_on < @dueOn AND (paid_until IS NULL OR paid_until <= @yearEnd)
       AND NOT EXISTS (SELECT 1 FROM renewal_reminders r WHERE r.member_number = m.number AND r.year_end = @yearEnd AND r.kind = @kind)
     ORDER BY number`,
  );
  const remember = db.prepare<[number, string, string, number]>('INSERT INTO renewal_reminders (member_number, year_end, kind, sent_at) VALUES (?, ?, ?, ?)');

  const queueDue = db.transaction((now: number): number => {
    const current = settings.get();
    if (!current.remindersOn) return 0;
    let queued = 0;
    for (const due of remindersDue(current.yearStartsOn, dayIn(options.timeZone, now))) {
      for (const member of candidates.all({ yearEnd: due.yearEnd, dueOn: due.dueOn, kind: due.kind })) {
        remember.run(member.number, due.yearEnd, due.kind, now);
        queue.enqueue(
          { kind: due.kind === 'before' ? 'renewal-before' : 'renewal-after', address: member.email, addressKey: member.email_key, payload: due.yearEnd, memberNumber: member.number },
          now,
        );
        queued += 1;
      }
    }
    return queued;
  });

  return { sweep: () => queueDue(clock()) };
}
