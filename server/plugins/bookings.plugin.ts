import fp from 'fastify-plugin';
import { createBookingsService, type BookingsService } from '../bookings/bookings-service';
import { siteOrigin } from '../http/site-origin';
import { createBookingsRepository, type BookingsRepository } from '../repositories/bookings.repository';

declare module 'fastify' {
  interface FastifyInstance {
    bookings: BookingsRepository;
    /** Booking places at events: the public booking and cancelling, the organiser's side, reminders and retention. */
    bookingsService: BookingsService;
    /**
     * Moves on whenever places change, so rendered event pages are made again; apart from the
     * content version, whose changes also make the search index look at every page and file.
     */
    bookingsVersion: { current(): number };
  }
}

/** How often reminders due are looked for: each goes within a minute of its time. */
const REMINDERS_EVERY_MS = 60 * 1000;
/** How often bookings past their time are looked for after the look at start-up. */
const EXPIRY_EVERY_MS = 60 * 60 * 1000;

/**
 * Booking a place at an event, stored in SQLite, with its mails going through the one member
 * mail queue (server/plugins/member-mail.plugin.ts). Reminders are queued by a sweep every
 * minute (by the injected clock), and bookings are deleted by themselves the configured number of
 * months after their event.
 */
export const bookingsPlugin = fp(
  async (app) => {
    const bookings = createBookingsRepository(app.db);
    let version = 0;
    app.decorate('bookingsVersion', { current: () => version });
    app.decorate('bookings', bookings);
    const service = createBookingsService({
      bookings,
      queue: app.mailQueue,
      events: app.events,
      clock: app.clock,
      timeZone: app.config.timeZone,
      origin: () => siteOrigin(app),
      mailEnabled: app.config.mail.enabled,
      onQueued: () => app.memberMailSender?.kick(),
      onChange: () => {
        version += 1;
      },
    });
    app.decorate('bookingsService', service);

    function every(ms: number, event: string, work: () => Promise<number>, done: string): void {
      let running: Promise<void> | undefined;
      let closed = false;
      const run = () => {
        if (running !== undefined || closed) return;
        running = work()
          .then((count) => {
            if (count > 0) app.log.info({ event, count }, done);
          })
          .catch((error: unknown) => app.log.error({ event, err: error }, `${done} failed; will try again`))
          .finally(() => {
            running = undefined;
          });
      };
      const timer = setInterval(run, ms);
      timer.unref();
      app.addHook('onReady', async () => run());
      // The database closes after this: a sweep under way finishes first.
      app.addHook('onClose', async () => {
        closed = true;
        clearInterval(timer);
        await running;
      });
    }
    every(REMINDERS_EVERY_MS, 'booking-reminders-queued', () => service.queueDueReminders(), 'Queued booking reminders');
    every(EXPIRY_EVERY_MS, 'bookings-deleted', () => service.deleteExpired(), 'Deleted bookings past their time');
  },
  { name: 'bookings', dependencies: ['data', 'member-mail'] },
);
