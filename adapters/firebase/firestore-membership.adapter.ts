import type { DocumentData, Firestore, Transaction } from 'firebase/firestore/lite';
import type * as LiteSdkModule from 'firebase/firestore/lite';
import type { AssociationDetails } from '../../src-core/domain/association-details';
import { CoreError } from '../../src-core/domain/core-error';
import { APPLICATION_CONSENT_WORDING, DECLINED_KEPT_DAYS, MEMBERSHIP_MESSAGES } from '../../src-core/domain/joining';
import { isPlainMailbox } from '../../src-core/domain/mail-text';
import { TICKED, validateJoinForm } from '../../src-core/domain/join-form';
import { BRANCH_NOT_SURE, normaliseEircode, type ApplicationField } from '../../src-core/domain/membership-application';
import type { Application, ApplicationState, Member } from '../../src-core/domain/membership-admin';
import { letterText, membershipLetter, type MembershipLetterKind } from '../../src-core/domain/membership-mail-text';
import { dayIn } from '../../src-core/domain/membership-year';
import { validateContact } from '../../src-core/domain/validation';
import type { MembershipAdminPort } from '../../src-core/ports/membership-admin.port';
import type { MembershipApplication, MembershipPort } from '../../src-core/ports/membership.port';
import { firebaseFailure } from '../hosted/error-table';
import type { APPLICATION_FIELDS} from './firestore-records';
import { APPLICATION_LIMITS, FIRESTORE_COLLECTIONS, MEMBER_COUNTER, administratorWork, dataOf, decisionMailId, type AdminSession } from './firestore-records';
import type { FirestoreLoader } from './firestore-subscriptions.adapter';

type Lite = typeof LiteSdkModule;

const DAY_MS = 24 * 60 * 60 * 1000;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const addressLines = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map(oneLine)
    .filter((line) => line !== '')
    .join('\n');
const optional = (text: string) => (oneLine(text) === '' ? null : oneLine(text));

/** What the hosted backend says of the parts of joining online that need the association's own server. */
const HOSTED_MEMBERSHIP_UNAVAILABLE =
  'This part of the member list needs the self-hosted server. On this website, applications are decided here and members are kept in Firestore; payments, renewals, imports and branches are kept by the association in its own way.';

/**
 * The join form's rules, as the self-hosted server checks them (server/membership/application-fields.ts),
 * with no branches: the hosted backend has none, so every applicant is 'Not sure'.
 */
function checkedApplication(application: MembershipApplication) {
  // The form's own checks (src-core/domain/join-form.ts), then what storage adds: lengths, a plain mailbox, no branches.
  const errors: Partial<Record<ApplicationField, string>> = validateJoinForm({
    ...application,
    newsletter: application.newsletter ? TICKED : '',
    consent: application.consent ? TICKED : '',
  });
  const name = oneLine(application.name);
  if (name.length > APPLICATION_LIMITS.name) errors.name = MEMBERSHIP_MESSAGES.name;
  const address = addressLines(application.address);
  if (address.length > APPLICATION_LIMITS.address) errors.address = MEMBERSHIP_MESSAGES.address;
  const eircodeText = optional(application.eircode);
  const eircode = eircodeText === null ? null : (normaliseEircode(eircodeText) ?? null);
  const phone = optional(application.phone);
  const email = optional(application.email);
  const emailError =
    email !== null && (validateContact({ name: 'n', email, message: 'm' }).email !== undefined || !isPlainMailbox(email) || email.length > APPLICATION_LIMITS.email);
  if (emailError) errors.email = MEMBERSHIP_MESSAGES.email;
  const background = application.background.trim();
  if (background.length > APPLICATION_LIMITS.background) errors.background = MEMBERSHIP_MESSAGES.background;
  const nmbiPin = optional(application.nmbiPin);
  if (application.branch !== BRANCH_NOT_SURE) errors.branch = MEMBERSHIP_MESSAGES.branch;
  if (Object.keys(errors).length > 0) throw new CoreError('invalid-input', MEMBERSHIP_MESSAGES.checkFields, { fieldErrors: errors });
  return { name, address, eircode, phone, email: emailError ? null : email, background, nmbiPin, newsletter: application.newsletter };
}

/**
 * Joining online on the hosted backend: a visitor's browser creates one `applications` document
 * of exactly the shape firestore.rules accept, and reads nothing. There are no branches, so the
 * form offers only 'Not sure'. No acknowledgement is mailed: a visitor may not write mail
 * documents with words of their own (docs/hosted.md).
 */
export function createFirestoreMembership({ firestore }: { readonly firestore: FirestoreLoader }): MembershipPort {
  return {
    listBranches: async () => [],
    async apply(application) {
      const checked = checkedApplication(application);
      if ((application.website ?? '').trim() !== '') return;
      try {
        const { sdk, db } = await firestore();
        await sdk.setDoc(sdk.doc(sdk.collection(db, FIRESTORE_COLLECTIONS.applications)), {
          state: 'new',
          ...checked,
          branch: null,
          consentWording: APPLICATION_CONSENT_WORDING,
          receivedAt: sdk.serverTimestamp(),
        } satisfies Record<(typeof APPLICATION_FIELDS)[number], unknown>);
      } catch (error) {
        throw firebaseFailure('firestore', error);
      }
    },
  };
}


export interface FirestoreMembershipAdminOptions {
  readonly firestore: FirestoreLoader;
  readonly session: AdminSession;
  readonly sessionOver: () => CoreError;
  /** The site's address, for the links in mail. */
  readonly origin: string;
  /** The association's details, whose contact lines each letter ends with. */
  readonly details: () => Promise<AssociationDetails>;
  /** The association's time zone, whose day a member joins on. */
  readonly timeZone: string;
}

function isoOf(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'toDate' in value && typeof (value as { toDate: unknown }).toDate === 'function') {
    return (value as { toDate(): Date }).toDate().toISOString();
  }
  return new Date(0).toISOString();
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const STATES: readonly ApplicationState[] = ['new', 'more-information', 'approved', 'declined'];
const STATE_WORDS: Record<ApplicationState, string> = { new: 'received', 'more-information': 'asked for more information', approved: 'approved', declined: 'declined' };
/** The states a decision may be taken from (server/membership/decisions.ts keeps the same). */
const OPEN: Record<'approved' | 'declined' | 'more-information', readonly ApplicationState[]> = {
  approved: ['new', 'more-information'],
  declined: ['new', 'more-information'],
  'more-information': ['new'],
};

/** Everything stored about one person, as the JSON file an access request is answered with. */
function dataHrefOf(record: object): string {
  return `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(record, null, 2))}`;
}

function applicationFrom(id: string, data: DocumentData): Application {
  const receivedAt = isoOf(data.receivedAt);
  const plain = {
    id,
    state: STATES.includes(data.state as ApplicationState) ? (data.state as ApplicationState) : 'new',
    name: String(data.name),
    address: String(data.address),
    eircode: textOrNull(data.eircode),
    phone: textOrNull(data.phone),
    email: textOrNull(data.email),
    background: String(data.background),
    nmbiPin: textOrNull(data.nmbiPin),
    branch: null,
    newsletter: data.newsletter === true,
    consent: { at: receivedAt, wording: String(data.consentWording) },
    receivedAt,
    decidedAt: data.decidedAt === undefined || data.decidedAt === null ? null : isoOf(data.decidedAt),
    decidedBy: textOrNull(data.decidedBy),
    note: textOrNull(data.note),
    memberNumber: typeof data.memberNumber === 'number' ? data.memberNumber : null,
  };
  return { ...plain, dataHref: dataHrefOf({ application: plain }) };
}

function memberFrom(data: DocumentData): Member {
  const plain = {
    number: Number(data.number),
    status: data.status === 'lapsed' || data.status === 'resigned' || data.status === 'deceased' ? data.status : 'active',
    name: String(data.name),
    address: String(data.address),
    eircode: textOrNull(data.eircode),
    phone: textOrNull(data.phone),
    email: textOrNull(data.email),
    branch: null,
    background: String(data.background),
    nmbiPin: textOrNull(data.nmbiPin),
    joinedOn: String(data.joinedOn),
    paidUntil: textOrNull(data.paidUntil),
    renewalDue: false,
    welcomeLetterToPost: data.welcomeLetterToPost === true,
    notes: typeof data.notes === 'string' ? data.notes : '',
    updatedAt: isoOf(data.updatedAt),
  } as const;
  return { ...plain, dataHref: dataHrefOf({ member: plain }) };
}

async function unavailable(): Promise<never> {
  throw new CoreError('unavailable', HOSTED_MEMBERSHIP_UNAVAILABLE);
}

/** The signed-in administrator's address, from Firebase Authentication on the same app. */
async function signedInEmail(db: Firestore): Promise<string | null> {
  const { getAuth } = await import('firebase/auth');
  return getAuth(db.app).currentUser?.email ?? null;
}

/**
 * The applications in the admin area on the hosted backend, for a signed-in administrator
 * (firestore.rules let only administrators read or change them). Each decision is one Firestore
 * transaction: the state is checked and moved, the member made with the next number from
 * counters/members, and the letter written to the Trigger Email extension's `mail` collection
 * under an id per decision, so two approvals never share a number and a repeated click sends
 * nothing twice.
 */
export function createFirestoreMembershipAdmin(options: FirestoreMembershipAdminOptions): MembershipAdminPort {
  const { firestore, session, sessionOver } = options;

  const asAdministrator = administratorWork(firestore, session, sessionOver);

  /** A letter to the applicant as a `mail` document: the words the self-hosted server sends. */
  async function letter(kind: MembershipLetterKind, data: DocumentData, memberNumber: number | undefined, createdAt: unknown) {
    const details = await options.details();
    const message = letterText(
      membershipLetter({ kind, origin: options.origin, name: String(data.name), note: textOrNull(data.note), memberNumber, branchName: undefined, details }),
    );
    return { to: String(data.email), message, ...(details.email === '' ? {} : { replyTo: details.email }), createdAt };
  }

  /** Moves an application to a decided state in one transaction; `extra` writes what goes with it. */
  async function decide(
    id: string,
    to: 'approved' | 'declined' | 'more-information',
    note: string | null,
    extra?: (sdk: Lite, db: Firestore, transaction: Transaction, application: DocumentData) => Promise<Record<string, unknown>>,
  ): Promise<DocumentData> {
    return asAdministrator(async (sdk, db) => {
      const by = await signedInEmail(db);
      const reference = sdk.doc(db, FIRESTORE_COLLECTIONS.applications, id);
      await sdk.runTransaction(db, async (transaction) => {
        const found = await transaction.get(reference);
        const data = dataOf(found);
        if (data === undefined) throw new CoreError('not-found', MEMBERSHIP_MESSAGES.applicationNotFound);
        const state = data.state as ApplicationState;
        if (!OPEN[to].includes(state)) throw new CoreError('conflict', MEMBERSHIP_MESSAGES.alreadyDecided(STATE_WORDS[state]));
        const more = extra === undefined ? {} : await extra(sdk, db, transaction, data);
        const decided = { ...data, state: to, note, decidedBy: by, ...more };
        const memberNumber = typeof more.memberNumber === 'number' ? more.memberNumber : undefined;
        if (typeof data.email === 'string') {
          transaction.set(sdk.doc(db, FIRESTORE_COLLECTIONS.mail, decisionMailId(to === 'approved' ? 'welcome' : to, id)), await letter(to === 'approved' ? 'welcome' : to, decided, memberNumber, sdk.serverTimestamp()));
        }
        // A declined application is deleted by Firestore's time-to-live policy on this field (docs/hosted.md).
        const expiry = to === 'declined' ? { expiresAt: sdk.Timestamp.fromMillis(Date.now() + DECLINED_KEPT_DAYS * DAY_MS) } : {};
        transaction.update(reference, { state: to, note, decidedBy: by, decidedAt: sdk.serverTimestamp(), ...more, ...expiry });
      });
      const stored = await sdk.getDoc(reference);
      return { id, ...(stored.data() ?? {}) };
    });
  }

  function checkedNote(note: string): string {
    const text = note.trim();
    if (text === '') throw new CoreError('invalid-input', MEMBERSHIP_MESSAGES.noteRequired, { fieldErrors: { note: MEMBERSHIP_MESSAGES.noteRequired } });
    return text;
  }

  return {
    listApplications: (state) =>
      asAdministrator(async (sdk, db) => {
        const all = sdk.collection(db, FIRESTORE_COLLECTIONS.applications);
        const [found, ...counts] = await Promise.all([
          sdk.getDocs(sdk.query(all, sdk.where('state', '==', state))),
          ...STATES.map((one) => sdk.getCount(sdk.query(all, sdk.where('state', '==', one)))),
        ]);
        const [fresh, moreInformation, approved, declined] = counts.map((count) => count.data().count) as [number, number, number, number];
        return {
          applications: found.docs.map((one) => applicationFrom(one.id, one.data())).sort((a, b) => b.receivedAt.localeCompare(a.receivedAt)),
          counts: { new: fresh, moreInformation, approved, declined },
        };
      }),

    async approve(id) {
      let member: DocumentData | undefined;
      const decided = await decide(id, 'approved', null, async (sdk, db, transaction, data) => {
        const counter = sdk.doc(db, FIRESTORE_COLLECTIONS.counters, MEMBER_COUNTER);
        const last = await transaction.get(counter);
        const number = (last.exists() && typeof last.data().last === 'number' ? (last.data().last as number) : 0) + 1;
        member = {
          number,
          status: 'active',
          name: data.name,
          address: data.address,
          eircode: data.eircode ?? null,
          phone: data.phone ?? null,
          email: data.email ?? null,
          background: data.background,
          nmbiPin: data.nmbiPin ?? null,
          joinedOn: dayIn(options.timeZone, Date.now()),
          paidUntil: null,
          welcomeLetterToPost: typeof data.email !== 'string',
          notes: '',
          fromApplication: id,
          updatedAt: sdk.serverTimestamp(),
        };
        transaction.set(counter, { last: number });
        transaction.set(sdk.doc(db, FIRESTORE_COLLECTIONS.members, String(number)), member);
        return { memberNumber: number };
      });
      const stored = await asAdministrator(async (sdk, db) => sdk.getDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.members, String(member?.number))));
      return { application: applicationFrom(id, decided), member: memberFrom(stored.data() ?? member ?? {}) };
    },

    async decline(id, note) {
      return applicationFrom(id, await decide(id, 'declined', checkedNote(note)));
    },

    async askForMoreInformation(id, note) {
      return applicationFrom(id, await decide(id, 'more-information', checkedNote(note)));
    },

    eraseApplication: (id) =>
      asAdministrator(async (sdk, db) => {
        const reference = sdk.doc(db, FIRESTORE_COLLECTIONS.applications, id);
        const found = await sdk.getDoc(reference);
        if (!found.exists()) throw new CoreError('not-found', MEMBERSHIP_MESSAGES.applicationNotFound);
        const batch = sdk.writeBatch(db);
        const number = found.data().memberNumber;
        if (typeof number === 'number') batch.delete(sdk.doc(db, FIRESTORE_COLLECTIONS.members, String(number)));
        for (const kind of ['welcome', 'declined', 'more-information'] as const) batch.delete(sdk.doc(db, FIRESTORE_COLLECTIONS.mail, decisionMailId(kind, id)));
        batch.delete(reference);
        await batch.commit();
      }),

    listMembers: (filters) =>
      asAdministrator(async (sdk, db) => {
        const all = (await sdk.getDocs(sdk.collection(db, FIRESTORE_COLLECTIONS.members))).docs.map((one) => memberFrom(one.data()));
        const words = (filters.q ?? '').trim().toLowerCase();
        const members = all
          .filter((one) => filters.status === undefined || one.status === filters.status)
          .filter((one) => filters.hasEmail === undefined || (one.email !== null) === filters.hasEmail)
          .filter((one) => filters.welcomeLetterToPost !== true || one.welcomeLetterToPost)
          // No branches and no payments here: a member is in no branch, and none is due for renewal.
          .filter(() => (filters.branch === undefined || filters.branch === '' || filters.branch === 'none') && filters.renewalDue !== true)
          .filter((one) => words === '' || [one.name, String(one.number), one.email ?? '', one.phone ?? '', one.eircode ?? ''].some((field) => field.toLowerCase().includes(words)))
          .sort((a, b) => a.name.localeCompare(b.name));
        const counts = { active: 0, lapsed: 0, resigned: 0, deceased: 0 };
        for (const one of all) counts[one.status] += 1;
        return { members, total: members.length, page: 1, pageSize: Math.max(members.length, 1), counts };
      }),

    // No file is made here: the members page shows no download link for an empty one.
    membersCsvHref: () => '',

    getMember: (number) =>
      asAdministrator(async (sdk, db) => {
        const found = await sdk.getDoc(sdk.doc(db, FIRESTORE_COLLECTIONS.members, String(number)));
        if (!found.exists()) throw new CoreError('not-found', MEMBERSHIP_MESSAGES.memberNotFound);
        return { member: memberFrom(found.data()), payments: [] };
      }),

    editMember: unavailable,
    recordPayment: unavailable,
    removePayment: unavailable,
    previewImport: unavailable,
    importMembers: unavailable,
    getSettings: unavailable,
    saveSettings: unavailable,
    listRenewalLetters: async () => [],
    markWelcomeLetterPosted: (number) =>
      asAdministrator(async (sdk, db) => {
        const reference = sdk.doc(db, FIRESTORE_COLLECTIONS.members, String(number));
        const found = await sdk.getDoc(reference);
        if (!found.exists()) throw new CoreError('not-found', MEMBERSHIP_MESSAGES.memberNotFound);
        if (found.data().welcomeLetterToPost !== true) throw new CoreError('conflict', MEMBERSHIP_MESSAGES.letterNotWaiting);
        await sdk.updateDoc(reference, { welcomeLetterToPost: false, updatedAt: sdk.serverTimestamp() });
        return memberFrom({ ...found.data(), welcomeLetterToPost: false });
      }),
    eraseMember: (number) =>
      asAdministrator(async (sdk, db) => {
        const reference = sdk.doc(db, FIRESTORE_COLLECTIONS.members, String(number));
        if (!(await sdk.getDoc(reference)).exists()) throw new CoreError('not-found', MEMBERSHIP_MESSAGES.memberNotFound);
        await sdk.deleteDoc(reference);
      }),
    listBranches: async () => [],
    addBranch: unavailable,
    renameBranch: unavailable,
    changeBranch: unavailable,
    removeBranch: unavailable,
  };
}
