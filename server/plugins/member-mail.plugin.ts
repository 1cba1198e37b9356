import fp from 'fastify-plugin';
import { transactionSyncedLater } from '../db/synced-later';
import { siteOrigin } from '../http/site-origin';
import { isBookingMail, queuedBookingMail } from '../bookings/queued-booking-mail';
import { isMembershipMail, isRenewalMail, queuedMembershipMail, queuedRenewalMail } from '../membership/queued-membership-mail';
import { createQueueSender, type QueueSender } from '../mail/queue-sender';
import { confirmationMail, mailingMail } from '../mail/member-mail';
import { visitsSummaryMail } from '../mail/visits-summary-mail';
import { queuedInvitationMail } from '../mail/invitation-mail';
import { CONFIRMATION_MS, createSubscriptions, type Subscriptions } from '../mail/subscriptions';
import { createMailQueueRepository, type ClaimedMail, type MailQueueRepository } from '../repositories/mail-queue.repository';
import { createSubscribersRepository, type SubscribersRepository } from '../repositories/subscribers.repository';

declare module 'fastify' {
  interface FastifyInstance {
    subscribers: SubscribersRepository;
    mailQueue: MailQueueRepository;
    /** The subscription form's requests, confirmations and the one-click way out. */
    subscriptions: Subscriptions;
    /** Wakes the member mail sender; undefined when SMTP is not set up (mail then waits in the queue). */
    memberMailSender: QueueSender | undefined;
  }
}

/** How often requests never confirmed are looked for after the look at start-up. */
const EXPIRY_EVERY_MS = 60 * 60 * 1000;
/** What a test send's way-out link carries: it names no subscriber, so it unsubscribes nobody. */
const TEST_TOKEN = 'test-send';

/** A mail that can no longer be made (its mailing or its subscriber has gone): not retried. */
function gone(what: string): Error {
  return Object.assign(new Error(what), { responseCode: 550 });
}

/**
 * Mail to members through the one durable queue (server/mail/queue-sender.ts): the
 * subscription confirmations, test sends, mailings and the membership mails
 * (server/plugins/membership.plugin.ts) and the booking mails (server/plugins/bookings.plugin.ts). Without SMTP, requests are still taken
 * and their mail waits in the queue until a mail server is set up.
 */
export const memberMailPlugin = fp(
  async (app) => {
    const { config } = app;
    const subscribers = createSubscribersRepository(app.db);
    const queue = createMailQueueRepository(app.db);
    app.decorate('subscribers', subscribers);
    app.decorate('mailQueue', queue);

    const reconciled = queue.reconcileInterrupted(app.clock());
    if (reconciled > 0) {
      app.log.warn({ event: 'member-mail-reconciled', count: reconciled }, 'A member mail was being sent when the server stopped; it is counted as sent and not sent again');
    }

    const expire = () => {
      try {
        const deleted = subscribers.deleteExpired(app.clock() - CONFIRMATION_MS);
        if (deleted > 0) app.log.info({ event: 'subscription-requests-expired', deleted }, 'Deleted subscription requests never confirmed');
      } catch (error) {
        app.log.error({ event: 'subscription-requests-expired', err: error }, 'Deleting expired subscription requests failed; will try again');
      }
    };
    expire();
    const expiry = setInterval(expire, EXPIRY_EVERY_MS);
    expiry.unref();
    app.addHook('onClose', async () => clearInterval(expiry));

    app.decorate('subscriptions', createSubscriptions({ subscribers, queue, clock: app.clock, onQueued: () => app.memberMailSender?.kick() }));

    const { smtp } = app;
    if (!config.mail.enabled || smtp === undefined) {
      app.decorate('memberMailSender', undefined);
      return;
    }
    const { from } = config.mail;
    const transport = smtp;

    async function send(mail: ClaimedMail): Promise<void> {
      const origin = siteOrigin(app);
      const host = new URL(origin).hostname || 'website.invalid';
      // A fixed id per queue row lets a mail server recognise it if it ever sees it twice.
      const messageId = `<member-mail-${mail.id}@${host}>`;
      if (isMembershipMail(mail)) {
        const message = queuedMembershipMail(app, mail, from, origin, messageId);
        if (message === undefined) throw gone('The application was erased or deleted.');
        await transport.send(message);
        return;
      }
      if (isRenewalMail(mail)) {
        const message = queuedRenewalMail(app, mail, from, messageId);
        if (message === undefined) throw gone('The member was erased, is no longer active, or has renewed.');
        await transport.send(message);
        return;
      }
      if (isBookingMail(mail)) {
        const message = await queuedBookingMail(app, mail, from, origin, messageId);
        if (message === undefined) throw gone('The booking was cancelled, erased or deleted after its event.');
        await transport.send(message);
        return;
      }
      if (mail.kind === 'visits-summary') {
        if (mail.payload === undefined) throw gone('The summary names no month.');
        await transport.send(visitsSummaryMail(app.visits, mail.payload, mail.address, from, origin, messageId));
        return;
      }
      if (mail.kind === 'invitation') {
        const message = queuedInvitationMail(app, mail, from, origin, messageId);
        if (message === undefined) throw gone('The invitation was withdrawn or sent again.');
        await transport.send(message);
        return;
      }
      if (mail.kind === 'confirmation') {
        if (mail.payload === undefined) throw gone('The confirmation has no token any more.');
        await transport.send(confirmationMail(mail.address, from, origin, mail.payload, messageId));
        return;
      }
      const mailing = mail.mailingId === undefined ? undefined : queue.getMailingById(mail.mailingId);
      if (mailing === undefined) throw gone('The mailing was deleted.');
      const token = mail.kind === 'test' ? TEST_TOKEN : subscribers.unsubscribeTokenFor(mail.addressKey);
      if (token === undefined) throw gone('No longer subscribed.');
      const message = mailingMail(mailing, mail.address, from, origin, token, messageId);
      await transport.send(mail.kind === 'test' ? { ...message, subject: `[Test] ${String(message.subject)}` } : message);
    }

    const sender = createQueueSender<ClaimedMail>({
      queue: {
        transaction: (work) => transactionSyncedLater(app.db, work),
        claimDue: (now) => queue.claimDue(now),
        nextDueAt: () => queue.nextDueAt(),
        markSent: (mail, at) => queue.markSent(mail.id, at),
        markRetry: (mail, nextAttemptAt, reason) => queue.markRetry(mail.id, nextAttemptAt, reason),
        markFailed(mail, reason, at, refused) {
          if (!refused) {
            queue.markGaveUp(mail.id, reason, at);
            return;
          }
          queue.markRefused(mail.id, reason, at);
          // A refused address no longer gets our news; a test goes to the administrator, and a
          // membership mail to an applicant or member, who are not subscribers.
          if (mail.kind === 'confirmation' || mail.kind === 'mailing') subscribers.markNotWorking(mail.addressKey, reason, at);
        },
      },
      send,
      logAs: { event: 'member-mail', fields: (mail) => ({ mail: mail.id, kind: mail.kind }) },
      retryMs: config.mailRetryMs,
      maxAttempts: config.mailMaxAttempts,
      ratePerMinute: config.mailRatePerMinute,
      clock: app.clock,
      log: app.log,
    });
    app.decorate('memberMailSender', sender);
    // Once listening, so the links in the mail carry the port the server really has.
    app.addHook('onListen', async () => sender.kick());
    app.addHook('onClose', async () => sender.stop());
  },
  { name: 'member-mail', dependencies: ['data', 'smtp'] },
);
