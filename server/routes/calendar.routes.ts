import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { API_MESSAGES } from '../../contract/api-messages';
import { CALENDAR_PATHS } from '../../contract/wire';
import { eventPath, eventsOverview, findEvent, summariseEvent, type EventSummary } from '../../src-core/domain/event-listing';
import { SITE_TITLE } from '../../src-core/domain/navigation';
import { apiError } from '../http/api-error';
import { CACHE_CONTROL } from '../http/cache-control';
import { siteOrigin } from '../http/site-origin';
import { errorResponses, type ApiInstance } from '../http/zod-schemas';

const calendarBody = z.instanceof(Buffer);

/** 'Summer Outing 2026.ics', safe in a header whatever the title holds. */
function attachment(title: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what must go
  const name = `${title.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, ' ').trim() || 'event'}.ics`;
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The feed of every event (upcoming and the last 12 months) to subscribe to, and one event's
 * file to add it to a calendar. Both are made from the events as they are at each request.
 */
export async function calendarRoutes(app: ApiInstance): Promise<void> {
  async function send(reply: FastifyReply, events: readonly EventSummary[], disposition: string) {
    const { calendarFile } = await import('../events/calendar-file');
    const site = siteOrigin(app);
    const text = calendarFile(events, {
      name: `${SITE_TITLE}: events`,
      timeZone: app.config.timeZone,
      host: new URL(site).hostname,
      pageUrl: (event) => `${site}${eventPath(event.id)}`,
      now: app.clock(),
    });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', disposition)
      .header('cache-control', CACHE_CONTROL.revalidate)
      .send(Buffer.from(text));
  }

  app.get(CALENDAR_PATHS.feed, { schema: { response: { 200: calendarBody, ...errorResponses } } }, async (_request, reply) => {
    const overview = eventsOverview(await app.events.listing(app.clock(), siteOrigin(app)));
    return send(reply, [...overview.upcoming, ...overview.past], 'inline; filename="events.ics"');
  });

  app.get(
    CALENDAR_PATHS.event,
    { schema: { params: z.object({ id: z.string().min(1).max(1_000) }), response: { 200: calendarBody, ...errorResponses } } },
    async (request, reply) => {
      const listing = await app.events.listing(app.clock(), siteOrigin(app));
      const event = findEvent(listing, request.params.id);
      const summary = event === undefined ? undefined : summariseEvent(event, listing.timeZone, Date.parse(listing.at));
      // An event without a date has nothing to put in a calendar.
      if (summary === undefined || summary.start === null) throw apiError(404, 'not-found', API_MESSAGES.eventNotFound);
      return send(reply, [summary], attachment(summary.title));
    },
  );
}
