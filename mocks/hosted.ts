/**
 * Every hosted service's fake at once (Contentful, Firebase Auth, Storage and Firestore, EmailJS), seeded
 * with the same sample content as the self-hosted API's stand-in, so a screen shows the same
 * posts and files whichever backend it runs on.
 */
import type { HttpHandler } from 'msw';
import { eventMetadataForUpload } from '../adapters/firebase/event-metadata';
import type { HostedEnv } from '../adapters/hosted/hosted-env';
import { NO_EVENT_DETAILS, type EventDetails } from '../src-core/domain/event-details';
import { fullPathFor } from '../src-core/domain/files';
import { contentfulHandlers } from './contentful';
import { createEmailJsFake, type SentEmail } from './emailjs';
import { firebaseAuthHandlers, type FakeAccount } from './firebase-auth';
import { createFirebaseStorageFake, type FirebaseStorageFake, type FirebaseStorageFakeOptions } from './firebase-storage';
import { createFirestoreFake, type FirestoreFake } from './firebase-firestore';
import { defaultSeed, type SelfHostedApiSeed } from './self-hosted-api';

function withDetails(details: EventDetails | null | undefined): { customMetadata?: Readonly<Record<string, string>> } {
  return details === undefined || details === null ? {} : { customMetadata: eventMetadataForUpload(details) ?? {} };
}

export interface HostedFakes {
  readonly handlers: HttpHandler[];
  readonly storage: FirebaseStorageFake;
  /** The subscriber records and the Trigger Email extension's mail documents. */
  readonly firestore: FirestoreFake;
  /** What EmailJS would have e-mailed. */
  readonly sent: SentEmail[];
}

/**
 * An administrator with Firebase's multi-factor sign-in (an authenticator app): after the password
 * the login page asks for a code, and the fake takes only this one. On VITE_ADMIN_EMAILS in
 * .env.hosted-fakes.
 */
export const TWO_STEP_ADMIN = { email: 'two-step@example.org', password: 'correct horse battery staple', totpCode: '123456' } as const;

/**
 * The sample event's details, as an administrator would add them: a summer outing next July, so
 * the event page has a date and its ways to add it to a calendar.
 */
export function sampleEventDetails(now = new Date()): EventDetails {
  const year = now.getUTCFullYear() + 1;
  return {
    ...NO_EVENT_DETAILS,
    title: 'Summer Outing',
    start: `${year}-07-04T10:30`,
    end: `${year}-07-04T16:00`,
    timeZone: 'Europe/Dublin',
    venue: 'Powerscourt Gardens',
    town: 'Enniskerry',
    description: 'A day in the gardens, with lunch. Bring a friend.',
  };
}

export function createHostedFakes(
  env: HostedEnv,
  seed: Pick<SelfHostedApiSeed, 'posts' | 'files' | 'accounts'> = {},
  storageOptions: Pick<FirebaseStorageFakeOptions, 'beforeChunk'> = {},
): HostedFakes {
  const samples = defaultSeed();
  const accounts: FakeAccount[] = [...(seed.accounts ?? samples.accounts), ...(seed.accounts === undefined ? [TWO_STEP_ADMIN] : [])].map((account) => ({
    ...account,
    emailVerified: true,
  }));
  const storage = createFirebaseStorageFake({
    ...storageOptions,
    bucket: env.firebase.storageBucket,
    adminEmails: env.adminEmails,
    objects: (seed.files ?? samples.files).map((file) => ({
      fullPath: fullPathFor(file.folder, file.name),
      bytes: file.bytes,
      updatedAt: file.updatedAt,
      ...withDetails(seed.files === undefined && file.folder === 'events' ? (file.details ?? sampleEventDetails()) : file.details),
    })),
  });
  const mail = createEmailJsFake(env.emailJs);
  const firestore = createFirestoreFake({ projectId: env.firebase.projectId, adminEmails: env.adminEmails });
  return {
    handlers: [
      ...contentfulHandlers({ ...env.contentful, posts: seed.posts ?? samples.posts }),
      ...firebaseAuthHandlers({ projectId: env.firebase.projectId, accounts }),
      ...storage.handlers,
      ...firestore.handlers,
      ...mail.handlers,
    ],
    storage,
    firestore,
    sent: mail.sent,
  };
}
