import type { Post } from '../../../src-core/domain/post';
import type { Backend, PrivacyFacts } from '../../../src-core/ports/backend';
import type { ReceivedContactMessage } from '../../../src-core/domain/contact-message';
import type { AssociationDetails } from '../../../src-core/domain/association-details';
import { createListedSearch, everyPost } from '../../../adapters/listed/listed-search.adapter';
import { createMemoryAssociation } from './memory-association.adapter';
import { createMemoryAuth, type MemoryAccount, type MemoryAuth } from './memory-auth.adapter';
import { createMemoryContent } from './memory-content.adapter';
import { createMemoryEvents } from './memory-events.adapter';
import { createMemoryMail, type MemoryMail } from './memory-mail.adapter';
import { createMemoryStorage, type MemorySeedFile, type MemoryStorage, type MemoryStorageOptions } from './memory-storage.adapter';

export interface MemorySeed {
  readonly posts?: readonly Post[];
  readonly files?: readonly MemorySeedFile[];
  readonly messages?: readonly ReceivedContactMessage[];
  /** The association's details; empty by default. */
  readonly details?: AssociationDetails;
  readonly adminEmails?: readonly string[];
  readonly accounts?: Readonly<Record<string, MemoryAccount>>;
  /** E-mail of an account signed in from the start. */
  readonly signedIn?: string;
  readonly storage?: Pick<MemoryStorageOptions, 'maxUploadBytes' | 'pauseResume' | 'progressSteps' | 'stepDelayMs' | 'urlFor'>;
  readonly externalContentManagerUrl?: string;
  /** The association's time zone; Europe/Dublin by default. */
  readonly timeZone?: string;
  /** The clock events are listed by; the real one by default. */
  readonly now?: () => Date;
  /** What the privacy page says; by default, everything stays with the site, as in memory it does. */
  readonly privacy?: PrivacyFacts;
}

/** A whole backend in memory; writes and the inbox need a signed-in administrator, as on the real ones. */
export interface MemoryBackend extends Backend {
  readonly auth: MemoryAuth;
  readonly storage: MemoryStorage;
  /** Every contact message received, oldest first. */
  readonly received: MemoryMail['received'];
}

const KEPT_BY_THE_SITE: PrivacyFacts = {
  contactMessages: { keptBy: 'our-server' },
  outsideServices: [],
  administratorSignIn: { keptBy: 'our-cookie' },
  auditTrail: true,
  visitCounts: false,
};

export function createMemoryBackend(seed: MemorySeed = {}): MemoryBackend {
  const auth = createMemoryAuth({
    adminEmails: seed.adminEmails ?? [],
    accounts: seed.accounts ?? {},
    signedIn: seed.signedIn,
  });
  const isAdministrator = () => auth.currentUser()?.administrator === true;
  const { content, editor } = createMemoryContent({ posts: seed.posts, canWrite: isAdministrator });
  const storage = createMemoryStorage({ ...seed.storage, files: seed.files, canWrite: isAdministrator });
  const { mail, inbox, received } = createMemoryMail({ messages: seed.messages, canRead: isAdministrator });
  const { association, editor: associationEditor } = createMemoryAssociation({ details: seed.details, canWrite: isAdministrator });
  const events = createMemoryEvents({ storage, canWrite: isAdministrator, timeZone: seed.timeZone, now: seed.now });
  return {
    association,
    associationEditor,
    content,
    contentEditor: editor,
    storage,
    events,
    search: createListedSearch({ posts: everyPost(content), storage, events }),
    auth,
    mail,
    contactInbox: inbox,
    received,
    privacy: seed.privacy ?? KEPT_BY_THE_SITE,
    ...(seed.externalContentManagerUrl === undefined ? {} : { externalContentManagerUrl: seed.externalContentManagerUrl }),
  };
}
