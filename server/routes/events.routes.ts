import { eventInWords } from '../audit/audit-wording';
import { API_MESSAGES } from '../../contract/api-messages';
import { API_PATHS, eventDetailsBodySchema, eventDetailsQuerySchema, eventListingSchema, listedEventSchema } from '../../contract/wire';
import { eventsOverview } from '../../src-core/domain/event-listing';
import { folderOfPath, sanitiseFileName } from '../../src-core/domain/files';
import { checkEventDetails } from '../events/event-details.rule';
import { apiError } from '../http/api-error';
import { siteOrigin } from '../http/site-origin';
import { errorResponses, type ApiInstance } from '../http/zod-schemas';
import { branchForChange, requireArea, requireRecordBranch } from '../plugins/auth.plugin';
import { chosenBranch } from './branch-choice';

export async function eventsReadRoutes(app: ApiInstance): Promise<void> {
  app.get(API_PATHS.events, { schema: { response: { 200: eventListingSchema, ...errorResponses } } }, async (request, reply) =>
    app.responseCache.sendJson(
      request,
      reply,
      'events',
      eventListingSchema,
      async () => {
        const listing = await app.events.listing(app.clock(), siteOrigin(app));
        return { ...listing, events: [...listing.events] };
      },
      // The listing's time stays behind, but what it says (upcoming or past) holds until then.
      (listing) => eventsOverview(listing).changesAt,
    ),
  );
}

export async function eventsWriteRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onRequest', requireArea('news-and-events'));

  app.put(
    API_PATHS.eventDetails,
    {
      schema: {
        querystring: eventDetailsQuerySchema,
        body: eventDetailsBodySchema,
        response: { 200: listedEventSchema, ...errorResponses },
      },
    },
    async (request) => {
      const fullPath = request.query.path;
      if (folderOfPath(fullPath) !== 'events') throw apiError(404, 'not-found', API_MESSAGES.eventDetailsElsewhere);
      const name = fullPath.slice('events/'.length);
      const safe = sanitiseFileName(name);
      // A name no upload could have made names nothing; it is never handed to the file system.
      if (!safe.ok || safe.name !== name) throw apiError(404, 'not-found', API_MESSAGES.eventNotFound);
      const before = await app.events.find(name);
      if (before === undefined) throw apiError(404, 'not-found', API_MESSAGES.eventNotFound);
      requireRecordBranch(request, 'news-and-events', before.branch?.id ?? null);
      const branch = chosenBranch(app.branches, branchForChange(request, request.body.branch));
      const checked = checkEventDetails(request.body.details);
      if (!checked.ok) throw checked.error;
      const saved = await app.events.saveDetails(name, checked.details, app.clock(), branch);
      if (saved === undefined) throw apiError(404, 'not-found', API_MESSAGES.eventNotFound);
      request.log.info(
        { event: checked.details === null ? 'event-details-removed' : 'event-details-saved', path: fullPath, by: request.user?.email },
        'Event details saved',
      );
      await app.audit.record(request, 'event-details-changed', eventInWords(name, saved.details?.title ?? before.details?.title, checked.details === null));
      return saved;
    },
  );
}
