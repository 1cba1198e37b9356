/**
 * What a developer at the console, or the hosted browser suite (tests/e2e-hosted), can do to the
 * fakes that `npm run dev:hosted` runs in the page: see what EmailJS would have e-mailed, make
 * the next send fail as EmailJS can, hold resumable upload chunks at the Storage fake so an
 * upload can be paused half-way, read a file's download address, and find the token a
 * confirmation mail would carry. It lives on `window`
 * because the fakes run inside the page, where a test cannot reach them any other way.
 */
import type { HttpHandler } from 'msw';
import { emailJsFailure, type EmailJsErrorStatus, type SentEmail } from './emailjs';
import { FIREBASE_STORAGE_ORIGIN, type FirebaseStorageFake } from './firebase-storage';
import type { FirestoreFake } from './firebase-firestore';
import { FIRESTORE_COLLECTIONS } from '../adapters/firebase/firestore-records';

/** The name of the control on `window`. */
export const HOSTED_FAKES_CONTROL = 'rnaiHostedFakes';

export interface HostedFakesControl {
  /** The template parameters of every message EmailJS accepted, oldest first. */
  sentEmails(): Readonly<Record<string, unknown>>[];
  /** The next send gets this EmailJS status in response, or loses its connection. */
  failNextSend(status: EmailJsErrorStatus | 'network'): void;
  /** From now on each resumable chunk waits at the fake until released. */
  holdUploadChunks(): void;
  /** Lets every waiting chunk through and stops holding. */
  releaseUploadChunks(): void;
  /** Chunks waiting at the fake now. */
  heldUploadChunks(): number;
  /** Chunks the fake has accepted, over every upload. */
  acceptedUploadChunks(): number;
  /** The address getDownloadURL gives for a stored file ('events/Outing.pdf'), or null. */
  downloadUrl(fullPath: string): string | null;
  /** The token of each confirmation mail the Trigger Email extension would send to the address, oldest first. */
  confirmationTokens(email: string): string[];
  /**
   * Turns bookings on for an event as the organiser's settings do: its document in Firestore, with
   * the words the confirmation mail repeats ('Summer Outing', as the event page shows it).
   */
  openBookings(event: { id: string; fullPath: string; places: number; title: string; when: string; where: string }): void;
  /** The booking confirmations the Trigger Email extension would send to the address: each template's name and data. */
  bookingMails(email: string): { template: string; data: Record<string, string> }[];
  /** Plays the Trigger Email extension: every mail document not yet tried is marked delivered. Returns their addresses and subjects. */
  deliverMail(): { to: string; subject: string }[];
}

/** A gate for the Storage fake's `beforeChunk`: open until held, then each chunk waits for a release. */
export function createChunkGate() {
  const state = { held: false, waiting: [] as (() => void)[] };
  return {
    beforeChunk(): Promise<void> | void {
      if (!state.held) return;
      return new Promise<void>((resolve) => state.waiting.push(resolve));
    },
    hold() {
      state.held = true;
    },
    release() {
      state.held = false;
      for (const resolve of state.waiting.splice(0)) resolve();
    },
    waiting: () => state.waiting.length,
  };
}

export interface HostedFakesControlParts {
  readonly bucket: string;
  readonly storage: FirebaseStorageFake;
  readonly firestore: FirestoreFake;
  readonly sent: readonly SentEmail[];
  readonly gate: ReturnType<typeof createChunkGate>;
  /** Puts a one-off handler in front of the fakes (the worker's `use`). */
  readonly use: (handler: HttpHandler) => void;
}

export function createHostedFakesControl({ bucket, storage, firestore, sent, gate, use }: HostedFakesControlParts): HostedFakesControl {
  return {
    sentEmails: () => sent.map((email) => ({ ...email.templateParams })),
    failNextSend: (status) => use(emailJsFailure(status)),
    holdUploadChunks: () => gate.hold(),
    releaseUploadChunks: () => gate.release(),
    heldUploadChunks: () => gate.waiting(),
    acceptedUploadChunks: () => storage.chunks.length,
    downloadUrl(fullPath) {
      const token = storage.downloadToken(fullPath);
      if (token === undefined) return null;
      return `${FIREBASE_STORAGE_ORIGIN}/v0/b/${bucket}/o/${encodeURIComponent(fullPath)}?alt=media&token=${token}`;
    },
    deliverMail() {
      const delivered: { to: string; subject: string }[] = [];
      for (const [id, mail] of firestore.list(FIRESTORE_COLLECTIONS.mail)) {
        if (mail.delivery !== undefined) continue;
        firestore.put(`${FIRESTORE_COLLECTIONS.mail}/${id}`, { ...mail, delivery: { state: 'SUCCESS' } });
        const message = mail.message as { subject?: string } | undefined;
        delivered.push({ to: String(mail.to), subject: String(message?.subject ?? '') });
      }
      return delivered;
    },
    openBookings({ id, fullPath, places, title, when, where }) {
      firestore.put(`${FIRESTORE_COLLECTIONS.bookingEvents}/${id}`, {
        eventPath: fullPath,
        places,
        closesAt: '',
        maxPlaces: 2,
        question: '',
        cancelledAt: null,
        cancelMessage: '',
        title,
        when,
        where,
        bookedPlaces: 0,
        nextSeq: 0,
        waiting: [],
        lastChange: null,
      });
    },
    bookingMails(email) {
      return [...firestore.list(FIRESTORE_COLLECTIONS.mail)]
        .filter(([id, mail]) => id.startsWith('booking-') && mail.to === email)
        .map(([, mail]) => {
          const template = mail.template as { name: string; data: Record<string, string> };
          return { template: template.name, data: template.data };
        });
    },
    confirmationTokens(email) {
      return [...firestore.list(FIRESTORE_COLLECTIONS.mail).values()]
        .filter((mail) => mail.to === email && typeof mail.template === 'object' && mail.template !== null)
        .sort((a, b) => (a.createdAt instanceof Date && b.createdAt instanceof Date ? a.createdAt.getTime() - b.createdAt.getTime() : 0))
        .map((mail) => String(((mail.template as { data?: { token?: string } }).data ?? {}).token ?? ''));
    },
  };
}
