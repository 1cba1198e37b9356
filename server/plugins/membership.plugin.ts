import fp from 'fastify-plugin';
import { DECLINED_KEPT_DAYS } from '../../contract/membership';
import { calendarMonthsBefore } from '../../src-core/domain/contact-retention';
import { MEMBER_KEPT_MONTHS_AFTER_LEAVING } from '../../src-core/domain/joining';
import { eraseMembershipRows } from '../membership/member-data';
import { HOURLY_WINDOW_MS } from '../http/hourly-limit';
import { createApplicationIntake, type ApplicationIntake } from '../membership/application-intake';
import { createApplicationsRepository, type ApplicationsRepository } from '../repositories/applications.repository';
import { createBranchesRepository, type BranchesRepository } from '../repositories/branches.repository';
import { createMembersRepository, type MembersRepository } from '../repositories/members.repository';
import { createMembershipSettingsRepository, type MembershipSettingsRepository } from '../repositories/membership-settings.repository';
import { createRenewalReminders, type RenewalReminders } from '../membership/renewal-reminders';

declare module 'fastify' {
  interface FastifyInstance {
    branches: BranchesRepository;
    applications: ApplicationsRepository;
    members: MembersRepository;
    /** When the membership year starts, the fee, how to pay, reminders on or off. */
    membershipSettings: MembershipSettingsRepository;
    /** The renewal reminders' sweep, run at start and hourly. */
    renewalReminders: RenewalReminders;
    /** The join form's applications: checked, stored, then their mails queued. */
    applicationIntake: ApplicationIntake;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DECLINED_KEPT_MS = DECLINED_KEPT_DAYS * DAY_MS;
/** How often declined applications and former members past their time, and renewal reminders due, are looked for after the look at start-up. */
const EXPIRY_EVERY_MS = 60 * 60 * 1000;

/**
 * Joining online: branches, applications and members, stored in SQLite, with their mails going
 * through the one member mail queue (server/plugins/member-mail.plugin.ts). A declined
 * application is deleted by itself DECLINED_KEPT_DAYS after the decision, a member who resigned
 * or died MEMBER_KEPT_MONTHS_AFTER_LEAVING after their status changed; renewal reminders are
 * queued as they fall due (server/membership/renewal-reminders.ts).
 */
export const membershipPlugin = fp(
  async (app) => {
    const applications = createApplicationsRepository(app.db);
    app.decorate('branches', createBranchesRepository(app.db, { onChange: app.contentVersion.changed }));
    app.decorate('applications', applications);
    app.decorate('members', createMembersRepository(app.db));
    app.decorate('membershipSettings', createMembershipSettingsRepository(app.db));
    app.decorate(
      'renewalReminders',
      createRenewalReminders({ db: app.db, queue: app.mailQueue, settings: app.membershipSettings, clock: app.clock, timeZone: app.config.timeZone }),
    );

    const expire = () => {
      try {
        const now = app.clock();
        const deleted = applications.deleteExpired(now - DECLINED_KEPT_MS, now - HOURLY_WINDOW_MS);
        if (deleted > 0) app.log.info({ event: 'declined-applications-deleted', deleted }, 'Deleted declined applications past their time');
      } catch (error) {
        app.log.error({ event: 'declined-applications-deleted', err: error }, 'Deleting declined applications failed; will try again');
      }
    };
    // The renewal reminders are looked for on the same hourly round, after the look at start-up.
    // At start-up the sender is not woken: it starts once the server listens (member-mail.plugin.ts).
    const remind = (wake: boolean) => {
      try {
        const queued = app.renewalReminders.sweep();
        if (queued > 0) {
          app.log.info({ event: 'renewal-reminders-queued', queued }, 'Queued renewal reminders');
          if (wake) app.memberMailSender?.kick();
        }
      } catch (error) {
        app.log.error({ event: 'renewal-reminders-queued', err: error }, 'Queuing renewal reminders failed; will try again');
      }
    };
    // Members who resigned or died are erased MEMBER_KEPT_MONTHS_AFTER_LEAVING after their status changed.
    const eraseLeft = () => {
      try {
        const cutoff = calendarMonthsBefore(app.clock(), MEMBER_KEPT_MONTHS_AFTER_LEAVING);
        const erased = app.members.transaction(() => {
          const rows = app.members.leftBefore(cutoff);
          for (const row of rows) eraseMembershipRows(app, undefined, row);
          return rows.length;
        });
        if (erased > 0) app.log.info({ event: 'former-members-erased', erased }, 'Erased members who left or died over a year ago');
      } catch (error) {
        app.log.error({ event: 'former-members-erased', err: error }, 'Erasing former members failed; will try again');
      }
    };
    expire();
    eraseLeft();
    remind(false);
    const expiry = setInterval(() => {
      expire();
      eraseLeft();
      remind(true);
    }, EXPIRY_EVERY_MS);
    expiry.unref();
    app.addHook('onClose', async () => clearInterval(expiry));

    app.decorate(
      'applicationIntake',
      createApplicationIntake({
        applications,
        branches: app.branches,
        queue: app.mailQueue,
        subscriptions: app.subscriptions,
        clock: app.clock,
        committeeAddress: app.config.mail.enabled ? app.config.mail.to : undefined,
        onQueued: () => app.memberMailSender?.kick(),
        onNewsletterRefused: (error) => app.log.info({ event: 'join-newsletter-refused', err: error }, 'The newsletter box of an application was not acted on'),
      }),
    );
  },
  { name: 'membership', dependencies: ['data', 'member-mail'] },
);
