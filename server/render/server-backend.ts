import { API_MESSAGES } from '../../contract/api-messages';
import type { Backend } from '../../src-core/ports/backend';
import { SITE_FEEDS } from '../../src-core/domain/site-feeds';
import { CoreError } from '../../src-core/domain/core-error';
import type { ContactMessage } from '../../src-core/domain/contact-message';
import type { MailPort } from '../../src-core/ports/mail.port';
import type { Branch } from '../../src-core/domain/branches';
import type { SearchPort } from '../../src-core/ports/search.port';
import type { StoredFile } from '../../src-core/domain/stored-file';
import type { Clock } from '../clock';
import type { EventFiles } from '../events/event-files';
import type { FileStore } from '../files/file-store';
import type { AssociationDetailsRepository } from '../repositories/association-details.repository';
import type { PostsRepository } from '../repositories/posts.repository';
import { SELF_HOSTED_PRIVACY } from '../../contract/self-hosted-privacy';
import type { BookingsService } from '../bookings/bookings-service';

export interface ServerBackendSources {
  readonly posts: PostsRepository;
  readonly files: FileStore;
  readonly details: AssociationDetailsRepository;
  readonly events: EventFiles;
  /** The server's clock: what 'upcoming' and 'past' are measured from on a rendered page. */
  readonly clock: Clock;
  /** The site's address as visitors use it, for the calendar feed's subscription link. */
  readonly origin: string;
  readonly maxUploadBytes: number;
  /** Site search, as the API serves it (limited per visitor by the caller). */
  readonly search: SearchPort;
  /** How a contact form post is handed over: the same path as the API's, with its rules and limits. */
  readonly mail: MailPort;
  /** The branches the join form lists and their pages show, as the API serves them; without it the join page says how to join by post. */
  readonly branches?: { list(): readonly Branch[] };
  /** Bookings as the API serves them, read only: the event page's places and the cancel page's booking. */
  readonly bookings?: Pick<BookingsService, 'availability' | 'findByToken'>;
}

const READ_ONLY = 'Pages are rendered on the server without signing in; this can only be done in the admin area.';

function refused(): CoreError {
  return new CoreError('not-authorised', READ_ONLY);
}

/**
 * The ports as the server itself serves them, for rendering pages: posts and files straight
 * from the server's repositories (the same data the API sends), nobody signed in, nothing
 * written. The result has the shape of the API's responses, so the browser can reuse it as is.
 */
export function createServerBackend(sources: ServerBackendSources): Backend {
  return {
    privacy: SELF_HOSTED_PRIVACY,
    feeds: SITE_FEEDS,
    // Present so pages render the subscription form; a page posted without script reaches the
    // server's own form routes (server/routes/site.routes.ts), never these.
    subscriptions: {
      subscribe: () => Promise.reject(refused()),
      confirm: () => Promise.reject(refused()),
      unsubscribe: () => Promise.reject(refused()),
    },
    // The join form lists the branches; a form posted without script reaches the server's own
    // route (server/routes/join-form.routes.ts), never this.
    ...(sources.branches === undefined
      ? {}
      : {
          membership: {
            listBranches: async () => (sources.branches?.list() ?? []).filter((branch) => branch.active),
            apply: () => Promise.reject(refused()),
          },
          branches: { listBranches: async () => sources.branches?.list() ?? [] },
        }),
    // The event page's places and the cancel page's booking; a form posted without script reaches
    // the server's own routes (server/routes/booking-form.routes.ts), never book or cancel here.
    ...(sources.bookings === undefined
      ? {}
      : {
          bookings: {
            availability: (eventId: string) => sources.bookings?.availability(eventId) ?? Promise.resolve(null),
            book: () => Promise.reject(refused()),
            findByToken: (token: string) => sources.bookings?.findByToken(token) ?? Promise.reject(refused()),
            cancel: () => Promise.reject(refused()),
          },
        }),
    content: {
      async listPosts() {
        return sources.posts.list();
      },
      async getPost(id) {
        const post = sources.posts.get(id);
        if (post === undefined) throw new CoreError('not-found', API_MESSAGES.postNotFound);
        return post;
      },
    },
    association: {
      async getDetails() {
        return sources.details.get();
      },
    },
    storage: {
      capabilities: { pauseResume: false },
      async listFiles(folder): Promise<StoredFile[]> {
        return sources.files.list(folder);
      },
      async getMaxUploadBytes() {
        return sources.maxUploadBytes;
      },
      // Only the admin area asks, and it is never rendered on the server.
      async getFreeSpace() {
        return undefined;
      },
      upload() {
        const result = Promise.reject(refused());
        // Nobody awaits an upload here; keep the refusal from counting as unhandled.
        result.catch(() => undefined);
        return { result, cancel: () => undefined };
      },
      async deleteFile() {
        throw refused();
      },
    },
    events: {
      async listEvents() {
        const listing = await sources.events.listing(sources.clock(), sources.origin);
        return { ...listing, events: [...listing.events] };
      },
      async saveDetails() {
        throw refused();
      },
    },
    auth: {
      async signIn() {
        throw refused();
      },
      async completeSecondStep() {
        throw refused();
      },
      async signOut() {},
      observeUser(listener) {
        listener(null);
        return () => undefined;
      },
    },
    mail: {
      sendContactMessage: (message: ContactMessage) => sources.mail.sendContactMessage(message),
    },
    search: sources.search,
  };
}
