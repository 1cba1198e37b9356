import type { User } from '../../src-core/domain/user';
import type { Backend, PrivacyFacts } from '../../src-core/ports/backend';
import type { SiteFeeds } from '../../src-core/domain/site-feeds';
import type { SearchCoverage } from '../../src-core/domain/search';
import { CoreError } from '../../src-core/domain/core-error';
import type { StorageCapabilities, UploadTask } from '../../src-core/ports/storage.port';

/**
 * The backend's ports that only some backends have. Each one named in the shape is there from
 * the start, loading on first use; every other one is absent, so a screen knows at once what to
 * offer (no subscription form, join by post, nothing about booking).
 */
export type OptionalPort =
  | 'contentEditor'
  | 'contactInbox'
  | 'associationEditor'
  /** The subscriber list and mailings. */
  | 'memberMail'
  /** Applications, members and branches in the admin area. */
  | 'membershipAdmin'
  /** The administrator's account settings, and the audit trail. */
  | 'account'
  | 'audit'
  /** The 'Team' page: roles and invitations, and the page an invitation links to. */
  | 'team'
  /** The 'Visits' page: visits counted by the site's own server. */
  | 'visits'
  /** News by e-mail: without it no page shows the subscription form. */
  | 'subscriptions'
  /** Joining online: without it the join page says how to join by post. */
  | 'membership'
  /** Booking places at events: without it event pages say nothing about booking. */
  | 'bookings'
  | 'bookingsAdmin'
  /** The branches' pages: without them the pages say so and no page links to them. */
  | 'branches';

/** What must be known before the adapters have loaded: the parts the screens check synchronously. */
export interface DeferredBackendShape {
  readonly storageCapabilities: StorageCapabilities;
  readonly optionalPorts: readonly OptionalPort[];
  readonly externalContentManagerUrl?: string;
  readonly membershipAdminPages?: Backend['membershipAdminPages'];
  readonly privacy: PrivacyFacts;
  readonly feeds?: SiteFeeds;
  /** What the backend's search looks through, which the search page says before searching. */
  readonly searchCoverage: SearchCoverage;
}

const CANCELED_MESSAGE = 'The upload was cancelled.';
const MISSING_MESSAGE = 'This backend cannot do this.';

/**
 * Runs `load` once and shares its promise; a failed download (offline for a moment) is tried
 * again on the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * A port that is still loading: each method call loads the backend first, then calls the real
 * one. Its method names are not listed here, so they stay out of every public page's first load;
 * what must be there before the adapters load (`known`: storage's capabilities and upload, the
 * sign-in observer, what search covers) is given and answered at once.
 * 'then' is left out, so the port is never taken for a promise.
 */
function deferredPort<P extends object>(port: () => Promise<P>, known: Partial<P> = {}): P {
  return new Proxy(known as P, {
    get: (target, name) =>
      name in target
        ? target[name as keyof P]
        : name === 'then' || typeof name === 'symbol'
          ? undefined
          : (...args: unknown[]) => port().then((loaded) => (loaded[name as keyof P] as (...args: unknown[]) => unknown).apply(loaded, args)),
  });
}


/**
 * A backend whose adapters are downloaded on first use. A server-rendered page already holds
 * its data, so it comes to life without them; they load when the visitor first needs the
 * backend (another page's data, the contact form, the admin area), and then once.
 */
export function deferredBackend(load: () => Promise<Backend>, shape: DeferredBackendShape): Backend {
  const backend = loadOnce(load);
  function upload(request: Parameters<Backend['storage']['upload']>[0]): UploadTask {
    const state: { inner?: UploadTask; canceled: boolean; paused: boolean } = { canceled: false, paused: false };
    const result = backend().then((loaded) => {
      if (state.canceled) throw new CoreError('canceled', CANCELED_MESSAGE);
      const inner = loaded.storage.upload(request);
      state.inner = inner;
      if (state.paused) inner.pause?.();
      return inner.result;
    });
    const task: UploadTask = {
      result,
      cancel() {
        state.canceled = true;
        state.inner?.cancel();
      },
    };
    if (!shape.storageCapabilities.pauseResume) return task;
    return {
      ...task,
      pause() {
        state.paused = true;
        state.inner?.pause?.();
      },
      resume() {
        state.paused = false;
        state.inner?.resume?.();
      },
    };
  }

  function observeUser(listener: (user: User | null) => void): () => void {
    const state: { stop?: () => void; stopped: boolean } = { stopped: false };
    backend().then(
      (loaded) => {
        if (!state.stopped) state.stop = loaded.auth.observeUser(listener);
      },
      // Without its adapters nobody can be signed in here.
      () => {
        if (!state.stopped) listener(null);
      },
    );
    return () => {
      state.stopped = true;
      state.stop?.();
    };
  }

  const port = <K extends keyof Backend>(key: K) => () => backend().then((loaded) => loaded[key]);
  // A port only some backends have: the shape says whether this one does.
  const optional = <K extends keyof Backend>(key: K) => async () => {
    const found = (await backend())[key];
    if (found === undefined) throw new CoreError('unavailable', MISSING_MESSAGE);
    return found as NonNullable<Backend[K]>;
  };

  return {
    privacy: shape.privacy,
    content: deferredPort(port('content')),
    // What must be there before the adapters load (known at once), the rest as the port has it.
    storage: deferredPort(port('storage'), { capabilities: shape.storageCapabilities, upload }),
    events: deferredPort(port('events')),
    auth: deferredPort(port('auth'), { observeUser }),
    mail: deferredPort(port('mail')),
    association: deferredPort(port('association')),
    search: deferredPort(port('search'), { coverage: shape.searchCoverage }),
    ...(Object.fromEntries(shape.optionalPorts.map((key) => [key, deferredPort(optional(key))])) as Partial<Pick<Backend, OptionalPort>>),
    ...(shape.externalContentManagerUrl === undefined ? {} : { externalContentManagerUrl: shape.externalContentManagerUrl }),
    ...(shape.feeds === undefined ? {} : { feeds: shape.feeds }),
    ...(shape.membershipAdminPages === undefined ? {} : { membershipAdminPages: shape.membershipAdminPages }),
  };
}
