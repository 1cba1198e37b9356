import type { User } from '../../src-core/domain/user';
import type { Backend, PrivacyFacts } from '../../src-core/ports/backend';
import type { SiteFeeds } from '../../src-core/domain/site-feeds';
import type { SearchCoverage } from '../../src-core/domain/search';
import { CoreError } from '../../src-core/domain/core-error';
import type { StorageCapabilities, UploadTask } from '../../src-core/ports/storage.port';

/** What must be known before the adapters have loaded: the parts the screens check synchronously. */
export interface DeferredBackendShape {
  readonly storageCapabilities: StorageCapabilities;
  readonly contentEditor: boolean;
  readonly contactInbox: boolean;
  readonly associationEditor: boolean;
  /** The administrator's account settings and the audit trail (self-hosted). */
  readonly account?: boolean;
  readonly externalContentManagerUrl?: string;
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
 * A backend whose adapters are downloaded on first use. A server-rendered page already holds
 * its data, so it comes to life without them; they load when the visitor first needs the
 * backend (another page's data, the contact form, the admin area), and then once.
 */
export function deferredBackend(load: () => Promise<Backend>, shape: DeferredBackendShape): Backend {
  const backend = loadOnce(load);
  const part = <P>(pick: (loaded: Backend) => P | undefined): Promise<P> =>
    backend().then((loaded) => {
      const found = pick(loaded);
      if (found === undefined) throw new CoreError('unavailable', MISSING_MESSAGE);
      return found;
    });

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

  return {
    privacy: shape.privacy,
    content: {
      listPosts: (options) => backend().then((loaded) => loaded.content.listPosts(options)),
      getPost: (id, options) => backend().then((loaded) => loaded.content.getPost(id, options)),
    },
    storage: {
      capabilities: shape.storageCapabilities,
      listFiles: (folder, options) => backend().then((loaded) => loaded.storage.listFiles(folder, options)),
      getMaxUploadBytes: () => backend().then((loaded) => loaded.storage.getMaxUploadBytes()),
      getFreeSpace: () => backend().then((loaded) => loaded.storage.getFreeSpace()),
      upload,
      deleteFile: (fullPath) => backend().then((loaded) => loaded.storage.deleteFile(fullPath)),
    },
    events: {
      listEvents: (options) => backend().then((loaded) => loaded.events.listEvents(options)),
      saveDetails: (fullPath, details) => backend().then((loaded) => loaded.events.saveDetails(fullPath, details)),
    },
    auth: {
      signIn: (credentials) => backend().then((loaded) => loaded.auth.signIn(credentials)),
      completeSecondStep: (code, options) => backend().then((loaded) => loaded.auth.completeSecondStep(code, options)),
      signOut: () => backend().then((loaded) => loaded.auth.signOut()),
      observeUser,
    },
    mail: {
      sendContactMessage: (message) => backend().then((loaded) => loaded.mail.sendContactMessage(message)),
    },
    association: {
      getDetails: (options) => backend().then((loaded) => loaded.association.getDetails(options)),
    },
    search: {
      coverage: shape.searchCoverage,
      search: (query, options) => backend().then((loaded) => loaded.search.search(query, options)),
    },
    ...(shape.contentEditor
      ? {
          contentEditor: {
            createPost: (draft) => part((loaded) => loaded.contentEditor).then((editor) => editor.createPost(draft)),
            updatePost: (id, draft) => part((loaded) => loaded.contentEditor).then((editor) => editor.updatePost(id, draft)),
            deletePost: (id) => part((loaded) => loaded.contentEditor).then((editor) => editor.deletePost(id)),
          },
        }
      : {}),
    ...(shape.contactInbox
      ? {
          contactInbox: {
            listMessages: () => part((loaded) => loaded.contactInbox).then((inbox) => inbox.listMessages()),
            markHandled: (id, handled) => part((loaded) => loaded.contactInbox).then((inbox) => inbox.markHandled(id, handled)),
            deleteMessage: (id) => part((loaded) => loaded.contactInbox).then((inbox) => inbox.deleteMessage(id)),
            sendAgain: (id) => part((loaded) => loaded.contactInbox).then((inbox) => inbox.sendAgain(id)),
          },
        }
      : {}),
    ...(shape.associationEditor
      ? {
          associationEditor: {
            saveDetails: (details) => part((loaded) => loaded.associationEditor).then((editor) => editor.saveDetails(details)),
          },
        }
      : {}),
    ...(shape.account === true
      ? {
          account: {
            twoStepState: () => part((loaded) => loaded.account).then((account) => account.twoStepState()),
            startTwoStepEnrolment: () => part((loaded) => loaded.account).then((account) => account.startTwoStepEnrolment()),
            confirmTwoStepEnrolment: (code) => part((loaded) => loaded.account).then((account) => account.confirmTwoStepEnrolment(code)),
            turnOffTwoStep: (password) => part((loaded) => loaded.account).then((account) => account.turnOffTwoStep(password)),
            listDevices: () => part((loaded) => loaded.account).then((account) => account.listDevices()),
            signOutDevice: (id) => part((loaded) => loaded.account).then((account) => account.signOutDevice(id)),
            signOutOtherDevices: () => part((loaded) => loaded.account).then((account) => account.signOutOtherDevices()),
            listTrustedBrowsers: () => part((loaded) => loaded.account).then((account) => account.listTrustedBrowsers()),
            forgetTrustedBrowser: (id) => part((loaded) => loaded.account).then((account) => account.forgetTrustedBrowser(id)),
            changePassword: (current, next) => part((loaded) => loaded.account).then((account) => account.changePassword(current, next)),
          },
          audit: { listAudit: (filter) => part((loaded) => loaded.audit).then((audit) => audit.listAudit(filter)) },
        }
      : {}),
    ...(shape.externalContentManagerUrl === undefined ? {} : { externalContentManagerUrl: shape.externalContentManagerUrl }),
    ...(shape.feeds === undefined ? {} : { feeds: shape.feeds }),
  };
}
