import fp from 'fastify-plugin';
import { walFile } from '../db/synced-later';
import { startSmtpTransport, type SmtpTransport } from '../mail/smtp-transport';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one way mail leaves the server (server/mail/smtp-transport.ts); undefined when SMTP is not set up. */
    smtp: SmtpTransport | undefined;
  }
}

/**
 * Starts the SMTP worker when a mail server is set up. Registered before the plugins that send
 * (server/plugins/mail.plugin.ts, server/plugins/member-mail.plugin.ts): Fastify runs onClose
 * hooks in the reverse order, so their queues have stopped before the worker is closed.
 */
export const smtpPlugin = fp(
  async (app) => {
    const { mail } = app.config;
    if (!mail.enabled) {
      app.decorate('smtp', undefined);
      return;
    }
    // The queues commit their claims without syncing (server/db/synced-later.ts): the worker syncs the log before each send.
    const smtp = startSmtpTransport({ smtpUrl: mail.smtpUrl, syncBeforeSend: walFile(app.db), log: app.log });
    app.decorate('smtp', smtp);
    app.addHook('onClose', async () => smtp.close());
  },
  { name: 'smtp', dependencies: ['data'] },
);
