import { API_PATHS, eventListingSchema, listedEventSchema, type WireListedEvent } from '../../contract/wire';
import type { ListedEvent } from '../../src-core/domain/event-listing';
import type { EventsPort } from '../../src-core/ports/events.port';
import type { HttpClient } from './http-client';

/** The events and their details over the self-hosted API, which also names its calendar feed. */
export function createHttpEvents(client: HttpClient): EventsPort {
  const withLinkUrl = (event: WireListedEvent): ListedEvent =>
    event.file.url.startsWith('/') ? { ...event, file: { ...event.file, url: client.link(event.file.url) } } : event;

  return {
    async listEvents(options) {
      const listing = await client.request('GET', API_PATHS.events, eventListingSchema, { signal: options?.signal });
      return { ...listing, events: listing.events.map(withLinkUrl) };
    },
    async saveDetails(fullPath, details, branch) {
      const saved = await client.request('PUT', API_PATHS.eventDetails, listedEventSchema, {
        query: { path: fullPath },
        json: { details, ...(branch === undefined ? {} : { branch }) },
      });
      return withLinkUrl(saved);
    },
  };
}
