import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { contactMail } from '../mail/contact-mail';
import { createContactDelivery, type ContactDelivery } from '../mail/contact-delivery';

declare module 'fastify' {
  interface FastifyInstance {
    contactDelivery: ContactDelivery | undefined;
  }
}

const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** E-mails stored contact messages when SMTP is configured; without it they are only stored. */
export const mailPlugin = fp(
  async (app) => {
    const { config } = app;
    const interrupted = app.contactMessages.failInterrupted();
    if (interrupted > 0) app.log.warn({ count: interrupted }, 'Contact messages were interrupted while being sent; marked failed');

    if (!config.mail.enabled) {
      app.decorate('contactDelivery', undefined);
      app.log.warn('SMTP_URL and CONTACT_TO are not set: contact messages are stored and shown in the admin area, but not e-mailed.');
      return;
    }

    const settings = config.mail;
    const transport = nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS });
    const delivery = createContactDelivery({
      messages: app.contactMessages,
      send: async (message) => {
        await transport.sendMail(contactMail(message, settings));
      },
      retryMs: config.mailRetryMs,
      maxAttempts: config.mailMaxAttempts,
      clock: app.clock,
      log: app.log,
    });
    app.decorate('contactDelivery', delivery);
    app.log.info({ to: settings.to, smtpHost: new URL(settings.smtpUrl).hostname }, 'Contact messages are e-mailed through SMTP');

    app.addHook('onReady', async () => delivery.kick());
    app.addHook('onClose', async () => {
      await delivery.stop();
      transport.close();
    });
  },
  { name: 'mail', dependencies: ['data'] },
);
