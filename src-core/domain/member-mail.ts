/**
 * E-mail to members, as the admin area sees it: the people who asked for the association's news
 * by e-mail, and the mailings sent to them.
 */

export interface Subscriber {
  readonly id: string;
  readonly email: string;
  /** Empty when none was given. */
  readonly name: string;
  /** True once the address was confirmed (or added by hand); only these are sent mailings. */
  readonly confirmed: boolean;
  readonly requestedAt: string;
  /** How consent was given: the form it came from and the words shown, or the note typed by hand. */
  readonly consent: { readonly at: string; readonly form: string; readonly wording: string };
  /** Set when the mail server refused the address for good, with its words. */
  readonly notWorking: { readonly at: string; readonly reason: string } | null;
}

export interface SubscriberList {
  readonly subscribers: readonly Subscriber[];
  readonly counts: { readonly confirmed: number; readonly pending: number; readonly notWorking: number };
  readonly emailSetUp: boolean;
  /** The link that downloads every subscriber as a CSV file. */
  readonly exportHref: string;
}

export interface NewSubscriber {
  readonly email: string;
  readonly name: string;
  /** 'paper form at the AGM, 12 March'. */
  readonly consentNote: string;
}

/** One e-mail the website queued for an address. */
export interface StoredMail {
  readonly kind: 'confirmation' | 'mailing' | 'test';
  readonly state: 'waiting' | 'sending' | 'sent' | 'failed-temporary' | 'refused';
  readonly createdAt: string;
  readonly finishedAt: string | null;
  readonly lastError: string | null;
}

/** Everything stored about one address (what a person may ask to see). */
export interface SubscriberRecord {
  readonly subscriber: Subscriber | null;
  readonly mail: readonly StoredMail[];
}

export type MailingSource = { readonly kind: 'news' | 'newsletter'; readonly ref: string };

export interface MailingProgress {
  readonly sent: number;
  readonly failed: number;
  readonly waiting: number;
}

export interface Mailing {
  readonly id: string;
  readonly source: MailingSource;
  readonly subject: string;
  readonly state: 'draft' | 'sending' | 'paused' | 'finished';
  readonly createdAt: string;
  readonly progress: MailingProgress;
}

export interface Mailings {
  readonly mailings: readonly Mailing[];
  readonly emailSetUp: boolean;
}

export interface MailingPreview {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

/** The mailing still going (sending or paused), newest first, whose progress the page shows on opening. */
export function mailingUnderWay(mailings: readonly Mailing[]): Mailing | undefined {
  return [...mailings].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).find((mailing) => mailing.state === 'sending' || mailing.state === 'paused');
}

/** How far a mailing has gone, 0 to 100. */
export function progressPercent(progress: MailingProgress): number {
  const total = progress.sent + progress.failed + progress.waiting;
  return total === 0 ? 100 : Math.round(((progress.sent + progress.failed) / total) * 100);
}

export type NewSubscriberField = 'email' | 'name' | 'consentNote';

// Loose on purpose, as the contact form's: the mail server is the real judge of an address.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The words of an address added by hand; the server checks again. */
export function validateNewSubscriber(values: NewSubscriber): Partial<Record<NewSubscriberField, string>> {
  const email = values.email.trim();
  return {
    ...(email === '' ? { email: 'Please enter their e-mail address.' } : {}),
    ...(email !== '' && (email.length > 1_000 || !EMAIL_SHAPE.test(email)) ? { email: 'Please enter a valid e-mail address, like name@example.org.' } : {}),
    ...(values.name.trim().length > 200 ? { name: 'Please keep the name to 200 characters or fewer.' } : {}),
    ...(values.consentNote.trim() === ''
      ? { consentNote: "Please say how they agreed to get our e-mails, for example 'paper form at the AGM, 12 March'." }
      : {}),
    ...(values.consentNote.trim().length > 1_000 ? { consentNote: 'Please keep this note to 1,000 characters or fewer.' } : {}),
  };
}
