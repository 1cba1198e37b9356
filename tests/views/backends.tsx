/**
 * The visitor screens' tests run unchanged on every backend: this file describes each backend
 * with one neutral shape (content to seed, failures to cause, what reached the service), built on
 * the MSW fakes of its real services. A test file starts one fake network, then runs its tests
 * once per backend, each test opening its own site, so no state is shared:
 *
 *   const network = startFakeNetwork();
 *   describe.each(BACKENDS)('on the $name backend', (backend) => {
 *     test('...', () => { const site = network.site(backend, { posts }); site.render('/news'); ... });
 *   });
 */
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, vi } from 'vitest';
import { createContentfulContent } from '../../adapters/contentful/contentful-content.adapter';
import { createFirebaseAppLoader } from '../../adapters/firebase/firebase-app';
import { createFirebaseEvents } from '../../adapters/firebase/firebase-events.adapter';
import { createFirebaseStorage } from '../../adapters/firebase/firebase-storage.adapter';
import { createHostedBackend } from '../../adapters/hosted/hosted-backend';
import { API_PATHS, errorBody } from '../../contract/wire';
import { contentfulOutage } from '../../mocks/contentful';
import { EMAILJS_SEND_URL, emailJsFailure } from '../../mocks/emailjs';
import { firebaseStorageListingFailure, FIREBASE_STORAGE_ORIGIN } from '../../mocks/firebase-storage';
import { createHostedFakes } from '../../mocks/hosted';
import { createSelfHostedApi, createSelfHostedApiHandlers, mockPdfBytes, type MockFile } from '../../mocks/self-hosted-api';
import { App } from '../../src/app/app';
import { createBackend } from '../../src/app/backend';
import { preloadAllPages } from '../../src/app/routes';
import { createRouteDataCache } from '../../src/lib/route-data.cache';
import type { Backend } from '../../src-core/ports/backend';
import type { EventDetails } from '../../src-core/domain/event-details';
import type { Post } from '../../src-core/domain/post';
import type { AssociationDetails } from '../../src-core/domain/association-details';
import { SAMPLE_DETAILS } from '../../src-core/domain/sample-details';
import { DETAILS_VARIABLES } from '../../adapters/hosted/hosted-details-env';
import { FOLDERS, type Folder } from '../../src-core/domain/stored-file';
import { testHostedEnv, uniqueAppName } from '../hosted/hosted-samples';
import { useFakeNetwork, type MockNetwork } from '../support/fake-network';

// Each page is a lazy chunk; loaded once here, before any test, every page renders at once, as
// the page a browser hydrates does.
await preloadAllPages();

export interface SeedFile {
  readonly name: string;
  /** A small PDF by default. */
  readonly bytes?: Uint8Array<ArrayBuffer>;
  readonly updatedAt?: string;
  /** For an events file: its event details. */
  readonly details?: EventDetails;
}

export interface SiteContent {
  /** Replaces the sample posts. */
  readonly posts?: readonly Post[];
  /** Replaces every sample file; a folder left out is empty. */
  readonly files?: Partial<Record<Folder, readonly SeedFile[]>>;
  /** The association's details; the plainly fictional samples by default. */
  readonly details?: AssociationDetails;
}

/** 'down': the service responds with an error; 'unreachable': no response at all. */
export type OutageKind = 'down' | 'unreachable';

export interface Outage {
  /** What the visitor is told about the failure, after the screen's own words. */
  readonly reason: string;
  /** The service works again. */
  end(): void;
}

/** 'refused': the service turns the message down; 'throttled': too many messages just now. */
export type ContactRefusal = 'refused' | 'throttled';

export interface RenderedSite extends RenderResult {
  readonly user: UserEvent;
}

export interface Site {
  /** The whole site as the browser renders it, composed with this backend, at one address. */
  render(path?: string): RenderedSite;
  /** Every read of news posts fails until the outage ends. */
  failPosts(kind?: OutageKind): Outage;
  /** Every listing of one folder fails until the outage ends. */
  failFiles(folder: Folder, kind?: OutageKind): Outage;
  /** The next contact message is refused; `reason` is what the visitor reads after the screen's words. */
  failContact(refusal: ContactRefusal): { readonly reason: string };
  /** Contact messages wait on the way to the service until the test releases them. */
  holdContact(): { release(): void };
  /** The contact messages the service received: name, email and message. */
  sentMessages(): readonly Readonly<Record<string, unknown>>[];
  /** The address a visitor's link opens for a stored file ('Form.pdf', 'events/Dinner.pdf'). */
  fileHref(fullPath: string): string;
}

export interface SelfHostedSite extends Site {
  /** The server refuses the next contact message for one field, as only the self-hosted server does. */
  refuseContactField(field: 'name' | 'email' | 'message', message: string): void;
}

export interface VisitorBackend<S extends Site = Site> {
  readonly name: 'self-hosted' | 'hosted';
  /** The backend's services with this content, in front on the network, and what a test does with them. */
  open(server: MockNetwork, content: SiteContent): S;
  /** Its services with the sample content, responding to whatever no test is waiting for. */
  samples(): HttpHandler[];
}

const DEFAULT_UPDATED_AT = '2026-01-01T00:00:00.000Z';

/** A file that passes as a PDF, of an exact size, so the shown size is known. */
export function pdfOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(mockPdfBytes());
  return bytes;
}

function filesOf(files: NonNullable<SiteContent['files']>): MockFile[] {
  return FOLDERS.flatMap((folder) =>
    (files[folder] ?? []).map((file) => ({
      folder,
      name: file.name,
      bytes: file.bytes ?? mockPdfBytes(file.name),
      updatedAt: file.updatedAt ?? DEFAULT_UPDATED_AT,
      ...(file.details === undefined ? {} : { details: file.details }),
    })),
  );
}

function renderSite(backend: Backend, path: string): RenderedSite {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App backend={backend} cache={createRouteDataCache()} />
    </MemoryRouter>,
  );
  return { user, ...view };
}

/** A switch a failing handler reads on every request, so a test can end an outage. */
function outageSwitch(reason: string) {
  const state = { down: true };
  const end = () => {
    state.down = false;
  };
  return { isDown: () => state.down, outage: { reason, end } };
}

/** Contact messages posted to this address wait until `release()`, then go on to the fake. */
function held(server: MockNetwork, url: string): { release(): void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.post(url, async () => {
      await released;
      return undefined;
    }),
  );
  return { release };
}

// The self-hosted server's API, through the browser's own composition (createBackend).
const BUSY = 'The website is busy right now. Please try again in a moment.';
const UNREACHABLE = 'The website cannot be reached right now. Please check your connection and try again.';
const NOT_SENT = 'Something went wrong on the website. Please try again in a moment.';
const TOO_MANY_MESSAGES = 'You have sent several messages in the last hour. Please wait a while before sending another.';

export const SELF_HOSTED: VisitorBackend<SelfHostedSite> = {
  name: 'self-hosted',
  samples: () => createSelfHostedApiHandlers(),
  open(server, content) {
    const api = createSelfHostedApi({
      ...(content.posts === undefined ? {} : { posts: [...content.posts] }),
      ...(content.files === undefined ? {} : { files: filesOf(content.files) }),
      ...(content.details === undefined ? {} : { details: content.details }),
    });
    server.use(...api.handlers);

    function failing(path: string, kind: OutageKind, only: (url: URL) => boolean = () => true): Outage {
      const { isDown, outage } = outageSwitch(kind === 'down' ? BUSY : UNREACHABLE);
      server.use(
        http.get(`*${path}`, ({ request }) => {
          if (!isDown() || !only(new URL(request.url))) return undefined;
          if (kind === 'unreachable') return HttpResponse.error();
          return HttpResponse.json(errorBody('unavailable', BUSY), { status: 503 });
        }),
      );
      return outage;
    }

    return {
      render: (path = '/') => renderSite(createBackend(), path),
      failPosts(kind = 'down') {
        const list = failing(API_PATHS.posts, kind);
        const one = failing(API_PATHS.post, kind);
        const end = () => {
          list.end();
          one.end();
        };
        return { reason: list.reason, end };
      },
      failFiles(folder, kind = 'down') {
        const listing = failing(API_PATHS.files, kind, (url) => url.searchParams.get('folder') === folder);
        if (folder !== 'events') return listing;
        // The events pages read the events folder with its details through their own path.
        const events = failing(API_PATHS.events, kind);
        return { reason: listing.reason, end: () => [listing, events].forEach((outage) => outage.end()) };
      },
      failContact(refusal) {
        const respond = () =>
          refusal === 'refused'
            ? HttpResponse.json(errorBody('unavailable', NOT_SENT), { status: 503 })
            : HttpResponse.json(errorBody('too-many-requests', TOO_MANY_MESSAGES, { retryAfterSeconds: 600 }), { status: 429 });
        server.use(http.post(`*${API_PATHS.contact}`, respond, { once: true }));
        return { reason: refusal === 'refused' ? NOT_SENT : 'Please try again in 10 minutes.' };
      },
      refuseContactField(field, message) {
        const respond = () =>
          HttpResponse.json(errorBody('invalid-input', message, { fieldErrors: { [field]: message } }), { status: 400 });
        server.use(http.post(`*${API_PATHS.contact}`, respond, { once: true }));
      },
      holdContact: () => held(server, `*${API_PATHS.contact}`),
      sentMessages: () => api.state.contactMessages.map(({ name, email, message }) => ({ name, email, message })),
      fileHref: (fullPath) => `/files/${fullPath.split('/').map(encodeURIComponent).join('/')}`,
    };
  },
};

// The hosted deployment: the real Contentful, Firebase and EmailJS SDKs against their fakes.
const hostedEnv = testHostedEnv({ adminEmails: 'admin@example.org', maxUploadMb: 20 });

/**
 * The hosted composition as a build makes it, with one change: the adapters' own retry settings
 * are shortened, so a failing service gives up in milliseconds rather than seconds (Contentful)
 * or minutes (Firebase Storage). The retries still happen; the contract suites time the real waits.
 */
function hostedBackendUnderTest(details: AssociationDetails): Backend {
  const firebaseAppName = uniqueAppName('visitor');
  return {
    ...createHostedBackend(hostedEnv, { firebaseAppName }),
    // Set in the build, as a hosted site sets them, from the same variables.
    association: createHostedBackend(
      testHostedEnv({ adminEmails: 'admin@example.org', maxUploadMb: 20, extra: detailsVariables(details) }),
    ).association,
    content: createContentfulContent({ ...hostedEnv.contentful, retryWaitsMs: [10, 20] }),
    storage: createFirebaseStorage({
      loadApp: createFirebaseAppLoader(hostedEnv.firebase, firebaseAppName),
      maxUploadBytes: hostedEnv.maxUploadBytes,
      retryTimeMs: { operation: 200 },
    }),
    events: createFirebaseEvents({
      loadApp: createFirebaseAppLoader(hostedEnv.firebase, firebaseAppName),
      timeZone: hostedEnv.timeZone,
      retryTimeMs: { operation: 200 },
    }),
  };
}

/** The VITE_ASSOCIATION_* variables that set these details in a hosted build. */
function detailsVariables(details: AssociationDetails): Record<string, string> {
  return Object.fromEntries(
    Object.entries(DETAILS_VARIABLES).map(([variable, field]) => {
      const value = details[field];
      return [variable, (typeof value === 'string' ? value : value.join(' ')).replace(/\n/g, '\\n')];
    }),
  );
}

const NEWS_NOT_ANSWERING = 'The news service is not answering just now. Please try again in a minute.';
const STORAGE_TOO_SLOW = 'The file storage did not answer in time. Please check your internet connection and try again.';
const EMAIL_NOT_ACCEPTED = 'The e-mail service did not accept it. Please try again later, or contact us another way.';

export const HOSTED: VisitorBackend = {
  name: 'hosted',
  samples: () => createHostedFakes(hostedEnv).handlers,
  open(server, content) {
    const fakes = createHostedFakes(hostedEnv, {
      ...(content.posts === undefined ? {} : { posts: [...content.posts] }),
      ...(content.files === undefined ? {} : { files: filesOf(content.files) }),
    });
    server.use(...fakes.handlers);
    return {
      render: (path = '/') => renderSite(hostedBackendUnderTest(content.details ?? SAMPLE_DETAILS), path),
      failPosts(kind = 'down') {
        // The adapter logs each retry, as it should; the test output stays quiet.
        vi.spyOn(console, 'warn').mockImplementation(() => {});
        const { isDown, outage } = outageSwitch(NEWS_NOT_ANSWERING);
        server.use(contentfulOutage(kind === 'down' ? 500 : 'network', isDown));
        return outage;
      },
      failFiles(folder, kind = 'down') {
        const { isDown, outage } = outageSwitch(STORAGE_TOO_SLOW);
        server.use(firebaseStorageListingFailure(folder === 'root' ? '' : `${folder}/`, kind === 'down' ? 503 : 'network', isDown));
        return outage;
      },
      failContact(refusal) {
        server.use(emailJsFailure(refusal === 'refused' ? 403 : 429));
        // EmailJS does not say when to try again, so a throttled visitor is told 'later'.
        return { reason: refusal === 'refused' ? EMAIL_NOT_ACCEPTED : 'Please try again later.' };
      },
      holdContact: () => held(server, EMAILJS_SEND_URL),
      sentMessages: () => fakes.sent.map((sent) => sent.templateParams),
      fileHref(fullPath) {
        const token = fakes.storage.downloadToken(fullPath) ?? 'no-such-file';
        return `${FIREBASE_STORAGE_ORIGIN}/v0/b/${hostedEnv.firebase.storageBucket}/o/${encodeURIComponent(fullPath)}?alt=media&token=${token}`;
      },
    };
  },
};

export const BACKENDS: readonly VisitorBackend[] = [SELF_HOSTED, HOSTED];

// The SDKs are imported by the adapters on first use; importing them once before the tests keeps
// that one-off cost out of the first test's waiting time.
const HOSTED_SDKS = () => Promise.all([import('contentful'), import('firebase/app'), import('firebase/storage'), import('@emailjs/browser')]);

export interface FakeNetwork {
  /** A site on this backend with this content (the shared samples by default), its fakes in front. */
  site<S extends Site>(backend: VisitorBackend<S>, content?: SiteContent): S;
  /** Puts handlers of a test's own in front of every fake, until the test ends. */
  use(...handlers: HttpHandler[]): void;
}

/**
 * One MSW server for a test file, every backend's services on it. Each backend's sample services
 * stay behind the tests' own, so a request still on its way when a test ends (a page loading after
 * the last assertion) is handled rather than reported; any other request fails the test.
 */
export function startFakeNetwork(): FakeNetwork {
  const server = useFakeNetwork(...BACKENDS.flatMap((backend) => backend.samples()));
  beforeAll(() => HOSTED_SDKS(), 60_000);
  return { site: (backend, content = {}) => backend.open(server, content), use: (...handlers) => server.use(...handlers) };
}
