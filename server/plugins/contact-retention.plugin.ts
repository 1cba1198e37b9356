import fp from 'fastify-plugin';
import { startContactPurge } from '../mail/contact-retention';

/**
 * Keeps the privacy policy's promise: contact messages past the retention period are deleted at
 * start-up and once a day. Registered before the mail plugin, so nothing expired is e-mailed.
 */
export const contactRetentionPlugin = fp(
  async (app) => {
    const purge = startContactPurge({ messages: app.contactMessages, clock: app.clock, log: app.log });
    app.addHook('onClose', async () => purge.stop());
  },
  { name: 'contact-retention', dependencies: ['data'] },
);
