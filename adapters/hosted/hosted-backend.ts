import { createContentfulAssociation } from '../contentful/contentful-association.adapter';
import { createContentfulContent, createContentfulPostSearch } from '../contentful/contentful-content.adapter';
import { createListedSearch } from '../listed/listed-search.adapter';
import { postSearchable } from '../../src-core/domain/search-listed';
import { createEmailJsMail } from '../emailjs/emailjs-mail.adapter';
import { createFirebaseAppLoader } from '../firebase/firebase-app';
import { createFirebaseAuth, type FirebaseAuth } from '../firebase/firebase-auth.adapter';
import { isCoreError, type CoreError } from '../../src-core/domain/core-error';
import type { ContentPort } from '../../src-core/ports/content.port';
import { newsletterMailing, type MailingContent } from '../../src-core/domain/mail-text';
import type { MailingSource } from '../../src-core/domain/member-mail';
import { articlePath } from '../../src-core/domain/navigation';
import type { EventsPort } from '../../src-core/ports/events.port';
import type { StoragePort } from '../../src-core/ports/storage.port';
import { hostedError } from './error-table';
import { createFirebaseEvents } from '../firebase/firebase-events.adapter';
import { createFirebaseStorage } from '../firebase/firebase-storage.adapter';
import { whenBrowserIdle, type WhenIdle } from '../firebase/firestore';
import {
  createFirestoreLoader,
  createFirestoreMemberMail,
  createFirestoreSubscriptions,
  writeConfirmationTemplate,
  type FirestoreLoader,
} from '../firebase/firestore-subscriptions.adapter';
import { createFirestoreBookings, createFirestoreBookingsAdmin, writeBookingTemplates } from '../firebase/firestore-bookings.adapter';
import { createFirestoreMembership, createFirestoreMembershipAdmin } from '../firebase/firestore-membership.adapter';
import { HOSTED_MEMBERSHIP_PAGES } from './hosted-membership-pages';
import type { AssociationPort } from '../../src-core/ports/association.port';
import type { Backend } from '../../src-core/ports/backend';
import type { HostedEnv } from './hosted-env';
import { HOSTED_PRIVACY } from './hosted-privacy';

export interface HostedBackendOptions {
  /** Keeps Firebase apps apart where one process runs several (tests). */
  readonly firebaseAppName?: string;
  /** An Auth emulator such as 'http://127.0.0.1:9099'. */
  readonly authEmulatorUrl?: string;
  /** The site's address for links in mail; the page's own origin unless set (tests). */
  readonly origin?: string;
}

export interface HostedBackend extends Backend {
  /**
   * Loads Firestore (`firebase/firestore/lite`, the SDK the screens use) with the app's configuration
   * once the page is idle (call after hydration), so a form sent later does not wait for it.
   */
  startFirestoreWhenIdle(whenIdle?: WhenIdle): Promise<unknown>;
}

/** The details as the build set them, or as the Contentful entry says (see hosted-details-env.ts). */
function associationFrom(env: HostedEnv): AssociationPort {
  const { details } = env;
  if (details.from === 'contentful') return createContentfulAssociation(env.contentful);
  return { getDetails: async () => details.details };
}

function sessionOver(): CoreError {
  return hostedError('auth', 'session-ended');
}

/**
 * An administrator's writes end a session that has run out (and are refused: Storage would still
 * take them, since Firebase knows nothing of the site's limits), and otherwise count as activity.
 */
function withAdminSession(storage: StoragePort, auth: FirebaseAuth): StoragePort {
  return {
    ...storage,
    upload(request) {
      if (auth.endIfOver()) {
        const result = Promise.reject(sessionOver());
        return { result, cancel: () => undefined };
      }
      auth.noteActivity();
      return storage.upload(request);
    },
    async deleteFile(fullPath) {
      if (auth.endIfOver()) throw sessionOver();
      auth.noteActivity();
      await storage.deleteFile(fullPath);
    },
  };
}

function withAdminSessionEvents(events: EventsPort, auth: FirebaseAuth): EventsPort {
  return {
    ...events,
    async saveDetails(fullPath, details) {
      if (auth.endIfOver()) throw sessionOver();
      auth.noteActivity();
      return events.saveDetails(fullPath, details);
    },
  };
}

/**
 * The confirmation mails' templates (subscription and booking) are written as soon as an administrator is seen signed in (once
 * per page load), so after a deploy the first administrator to sign in, on any admin page, brings
 * the extension's template up to date; a visitor's page never loads Firestore for it.
 */
function writingTemplateOnSignIn(auth: FirebaseAuth, firestore: FirestoreLoader, origin: string, association: AssociationPort): FirebaseAuth {
  let written = false;
  return {
    ...auth,
    observeUser(listener: Parameters<FirebaseAuth['observeUser']>[0]) {
      return auth.observeUser((user) => {
        if (user?.administrator === true && !written) {
          written = true;
          Promise.all([writeConfirmationTemplate(firestore, origin), association.getDetails().then((details) => writeBookingTemplates(firestore, origin, details))]).catch((error: unknown) => {
            written = false;
            console.warn('The mail templates could not be written.', error);
          });
        }
        listener(user);
      });
    },
  };
}

/** A mailing's words: a news post from Contentful, or a newsletter in Storage; undefined when it is gone. */
function mailingContentFrom(content: ContentPort, storage: StoragePort, origin: string) {
  return async (source: MailingSource): Promise<MailingContent | undefined> => {
    if (source.kind === 'newsletter') {
      const file = (await storage.listFiles('newsletters')).find((candidate) => candidate.name === source.ref);
      return file === undefined ? undefined : newsletterMailing(file.name, file.url);
    }
    try {
      const post = await content.getPost(source.ref);
      return { sourceKind: 'news', subject: post.title, body: post.body, link: `${origin}${articlePath(post.id)}` };
    } catch (error) {
      if (isCoreError(error) && error.kind === 'not-found') return undefined;
      throw error;
    }
  };
}

/**
 * The hosted deployment: posts from Contentful, files and sign-in from Firebase, contact
 * messages through EmailJS, news by e-mail, applications to join and bookings in Firestore (their mail sent
 * by the Trigger Email extension).
 * Nothing here loads an SDK; each adapter imports its own on first use.
 * It has no post editor and no inbox: posts are written in the external content management site.
 */
export function createHostedBackend(env: HostedEnv, options: HostedBackendOptions = {}): HostedBackend {
  const loadApp = createFirebaseAppLoader(env.firebase, options.firebaseAppName);
  const firestore = createFirestoreLoader(loadApp);
  const origin = options.origin ?? globalThis.location?.origin ?? '';
  const association = associationFrom(env);
  const auth = writingTemplateOnSignIn(
    createFirebaseAuth({ loadApp, adminEmails: env.adminEmails, emulatorUrl: options.authEmulatorUrl, sessionName: options.firebaseAppName }),
    firestore,
    origin,
    association,
  );
  const storage = withAdminSession(createFirebaseStorage({ loadApp, maxUploadBytes: env.maxUploadBytes }), auth);
  const events = withAdminSessionEvents(createFirebaseEvents({ loadApp, timeZone: env.timeZone }), auth);
  const findPosts = createContentfulPostSearch(env.contentful);
  const content = createContentfulContent(env.contentful);
  return {
    content,
    storage,
    events,
    // Posts by Contentful's own full-text search, a word at a time; files by their names and events by their details.
    search: createListedSearch({
      posts: async (words, readOptions) => (await findPosts(words, readOptions)).map(({ post, words: found }) => ({ ...postSearchable(post), foundByBackend: found })),
      storage,
      events,
    }),
    auth,
    mail: createEmailJsMail(env.emailJs),
    subscriptions: createFirestoreSubscriptions({ firestore }),
    memberMail: createFirestoreMemberMail({ firestore, session: auth, origin, sessionOver, mailingContent: mailingContentFrom(content, storage, origin) }),
    membership: createFirestoreMembership({ firestore }),
    membershipAdmin: createFirestoreMembershipAdmin({ firestore, session: auth, origin, sessionOver, details: () => association.getDetails(), timeZone: env.timeZone }),
    membershipAdminPages: HOSTED_MEMBERSHIP_PAGES,
    bookings: createFirestoreBookings({ firestore, events, timeZone: env.timeZone }),
    bookingsAdmin: createFirestoreBookingsAdmin({ firestore, events, timeZone: env.timeZone, session: auth, origin, sessionOver, details: () => association.getDetails() }),
    association,
    externalContentManagerUrl: env.cmsUrl,
    privacy: HOSTED_PRIVACY,
    startFirestoreWhenIdle: (whenIdle = whenBrowserIdle) => new Promise<void>((resolve) => whenIdle(resolve)).then(async () => (await firestore()).db),
  };
}
