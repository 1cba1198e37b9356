import fp from 'fastify-plugin';
import { transactionSyncedLater } from '../db/synced-later';
import { contactMail } from '../mail/contact-mail';
import { createQueueSender, type QueueSender } from '../mail/queue-sender';
import { createContactIntake, type ContactIntake } from '../contact/contact-intake';
import type { ClaimedMessage } from '../repositories/contact-messages.repository';

declare module 'fastify' {
  interface FastifyInstance {
    contactDelivery: QueueSender | undefined;
    /** Where every contact message comes in, from the API and from the form posted without script. */
    contactIntake: ContactIntake;
  }
}

/**
 * Takes contact messages in, and e-mails the stored ones when SMTP is configured; without it
 * they are only stored.
 */
export const mailPlugin = fp(
  async (app) => {
    const { config } = app;
    const intakeWith = (delivery: QueueSender | undefined) =>
      createContactIntake({
        messages: app.contactMessages,
        clock: app.clock,
        deliveryEnabled: delivery !== undefined,
        onStored: () => delivery?.kick(),
      });
    const interrupted = app.contactMessages.failInterrupted();
    if (interrupted > 0) app.log.warn({ count: interrupted }, 'Contact messages were interrupted while being sent; marked failed');

    const { smtp } = app;
    if (!config.mail.enabled || smtp === undefined) {
      app.decorate('contactDelivery', undefined);
      app.decorate('contactIntake', intakeWith(undefined));
      app.log.warn('SMTP_URL and CONTACT_TO are not set: contact messages are stored and shown in the admin area, but not e-mailed.');
      return;
    }

    const settings = config.mail;
    const messages = app.contactMessages;
    const delivery = createQueueSender<ClaimedMessage>({
      queue: {
        transaction: (work) => transactionSyncedLater(app.db, work),
        claimDue: (now) => messages.claimDue(now),
        nextDueAt: () => messages.nextDueAt(),
        markSent: (message) => messages.markSent(message.id),
        markRetry: (message, nextAttemptAt, reason) => messages.markRetry(message.id, nextAttemptAt, reason),
        // Refused or out of attempts, the administrator sees it failed in the inbox.
        markFailed: (message, reason) => messages.markFailed(message.id, reason),
      },
      send: (message) => smtp.send(contactMail(message, settings)),
      // One at a time is all a few messages a day need.
      ratePerMinute: 0,
      logAs: { event: 'contact-delivery', fields: (message) => ({ contactMessage: message.id }), sent: 'Contact message e-mailed' },
      retryMs: config.mailRetryMs,
      maxAttempts: config.mailMaxAttempts,
      clock: app.clock,
      log: app.log,
    });
    app.decorate('contactDelivery', delivery);
    app.decorate('contactIntake', intakeWith(delivery));
    app.log.info({ to: settings.to, smtpHost: new URL(settings.smtpUrl).hostname }, 'Contact messages are e-mailed through SMTP');

    app.addHook('onReady', async () => delivery.kick());
    app.addHook('onClose', async () => delivery.stop());
  },
  { name: 'mail', dependencies: ['data', 'smtp'] },
);
