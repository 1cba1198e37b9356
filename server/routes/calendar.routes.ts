import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_MESSAGES } from '../../contract/api-messages';
import { CALENDAR_PATHS } from '../../contract/wire';
import { eventPath, eventsOverview, findEvent, summariseEvent, type EventSummary } from '../../src-core/domain/event-listing';
import { SITE_TITLE } from '../../src-core/domain/navigation';
import { BRANCH_MESSAGES } from '../../src-core/domain/branches';
import { apiError } from '../http/api-error';
import type { MadeResponse } from '../http/response-cache';
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
 * file to add it to a calendar. Each is cached for the events as they are, and invalidated when
 * they change or one of them finishes (a calendar app asks for the feed every few hours).
 */
export async function calendarRoutes(app: ApiInstance): Promise<void> {
  async function calendarText(events: readonly EventSummary[], name = `${SITE_TITLE}: events`): Promise<Buffer> {
    const { calendarFile } = await import('../events/calendar-file');
    const site = siteOrigin(app);
    const text = calendarFile(events, {
      name,
      timeZone: app.config.timeZone,
      host: new URL(site).hostname,
      pageUrl: (event) => `${site}${eventPath(event.id)}`,
      now: app.clock(),
    });
    return Buffer.from(text);
  }

  const send = (request: FastifyRequest, reply: FastifyReply, key: string, make: () => Promise<MadeResponse>) =>
    app.responseCache.send(request, reply, key, 'text/calendar; charset=utf-8', make);

  app.get(CALENDAR_PATHS.feed, { schema: { response: { 200: calendarBody, ...errorResponses } } }, async (request, reply) =>
    send(request, reply, 'calendar feed', async () => {
      const overview = eventsOverview(await app.events.listing(app.clock(), siteOrigin(app)));
      return {
        body: await calendarText([...overview.upcoming, ...overview.past]),
        expiresAt: overview.changesAt,
        headers: { 'content-disposition': 'inline; filename="events.ics"' },
      };
    }),
  );

  // Only where branches are kept (server/plugins/membership.plugin.ts).
  if (app.hasDecorator('branches')) {
    app.get(
      CALENDAR_PATHS.branch,
      { schema: { params: z.object({ slug: z.string().min(1).max(200) }), response: { 200: calendarBody, ...errorResponses } } },
      async (request, reply) =>
        send(request, reply, `calendar branch ${request.params.slug}`, async () => {
          const branch = app.branches.bySlug(request.params.slug);
          if (branch === undefined || !branch.active) throw apiError(404, 'not-found', BRANCH_MESSAGES.notFound);
          const listing = await app.events.listing(app.clock(), siteOrigin(app));
          const overview = eventsOverview({ ...listing, events: listing.events.filter((event) => event.branch?.id === branch.id) });
          return {
            body: await calendarText([...overview.upcoming, ...overview.past], `${branch.name}: events`),
            expiresAt: overview.changesAt,
            headers: { 'content-disposition': 'inline; filename="events.ics"' },
          };
        }),
    );
  }

  app.get(
    CALENDAR_PATHS.event,
    { schema: { params: z.object({ id: z.string().min(1).max(1_000) }), response: { 200: calendarBody, ...errorResponses } } },
    async (request, reply) =>
      send(request, reply, `calendar ${request.params.id}`, async () => {
        const listing = await app.events.listing(app.clock(), siteOrigin(app));
        const event = findEvent(listing, request.params.id);
        const summary = event === undefined ? undefined : summariseEvent(event, listing.timeZone, Date.parse(listing.at));
        // An event without a date has nothing to put in a calendar.
        if (summary === undefined || summary.start === null) throw apiError(404, 'not-found', API_MESSAGES.eventNotFound);
        return {
          body: await calendarText([summary]),
          expiresAt: eventsOverview(listing).changesAt,
          headers: { 'content-disposition': attachment(summary.title) },
        };
      }),
  );
}
