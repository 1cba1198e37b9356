/**
 * The association's own details: who to contact and how, the registered charity number, opening
 * hours, how soon someone answers, social pages and how to join. They are data, not code: an
 * administrator edits them (self-hosted) or the build sets them (hosted), and every page reads them.
 * An empty field is simply not shown (docs/behaviour.md#the-associations-details).
 */
import type { FieldErrors } from './validation';

export interface AssociationDetails {
  /** The person or office to contact, e.g. 'The Membership Secretary'. */
  readonly contactName: string;
  /** The postal address, one line per line. */
  readonly address: string;
  readonly phone: string;
  readonly email: string;
  /** The registered charity number, as the Charities Regulator writes it. */
  readonly charityNumber: string;
  /** When the office or phone is answered, e.g. 'Tuesday and Thursday, 10am to 1pm'. */
  readonly openingHours: string;
  /** How soon someone answers a message, finishing 'We usually reply ...', e.g. 'within three working days'. */
  readonly replyTime: string;
  /** Social media pages, each an https:// address. */
  readonly socialLinks: readonly string[];
  /** How to join: who can, the fee, what to send and where. Several lines; a blank line starts a new paragraph. */
  readonly howToJoin: string;
}

export type DetailsField = keyof AssociationDetails;

export const EMPTY_DETAILS: AssociationDetails = {
  contactName: '',
  address: '',
  phone: '',
  email: '',
  charityNumber: '',
  openingHours: '',
  replyTime: '',
  socialLinks: [],
  howToJoin: '',
};

/**
 * Each field's name as the admin area's form labels it and the activity list reports a change to it
 * ('Registered charity number' rather than the program's 'charityNumber').
 */
export const DETAILS_FIELD_NAMES: Readonly<Record<DetailsField, string>> = {
  contactName: 'Who to contact',
  address: 'Postal address',
  phone: 'Phone number',
  email: 'E-mail address',
  charityNumber: 'Registered charity number',
  openingHours: 'Opening hours',
  replyTime: 'How soon you reply',
  socialLinks: 'Social media pages',
  howToJoin: 'How to join',
};

/** Longest values, in UTF-16 units like an input's maxLength. */
export const DETAILS_LIMITS = {
  contactName: 120,
  address: 300,
  addressLines: 8,
  phone: 30,
  // As the contact form's (LIMITS.email in validation.ts), written here so this module imports nothing at run time.
  email: 254,
  charityNumber: 30,
  openingHours: 200,
  replyTime: 100,
  socialLink: 300,
  socialLinks: 5,
  howToJoin: 3000,
} as const;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
// Digits with the spaces, brackets and dashes people write them with; a leading + for abroad.
const PHONE_SHAPE = /^\+?[0-9][0-9 ()-]*$/;
const CHARITY_SHAPE = /^[A-Za-z0-9][A-Za-z0-9 /-]*$/;
// Control and direction-changing characters, other than the line breaks a multi-line field may
// hold: they could make a phone number or address read differently from what was typed.
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

function tooLong(what: string, limit: number): string {
  return `Please keep ${what} to ${limit.toLocaleString('en-IE')} characters or fewer.`;
}

function textError(value: string, limit: number, what: string): string | undefined {
  if (value.length > limit) return tooLong(what, limit);
  if (CONTROL.test(value)) return `Please remove the hidden control characters from ${what}.`;
  return undefined;
}

function oneLine(value: string, what: string): string | undefined {
  return /[\r\n]/.test(value) ? `Please write ${what} on one line.` : undefined;
}

function phoneError(phone: string): string | undefined {
  if (phone === '') return undefined;
  const digits = phone.replace(/\D/g, '').length;
  if (phone.length > DETAILS_LIMITS.phone || !PHONE_SHAPE.test(phone) || digits < 7 || digits > 15) {
    return 'Please write the phone number with digits and spaces only, like 01 234 5678 or +353 1 234 5678.';
  }
  return undefined;
}

function emailError(email: string): string | undefined {
  if (email === '') return undefined;
  if (email.length > DETAILS_LIMITS.email) return tooLong('the e-mail address', DETAILS_LIMITS.email);
  return EMAIL_SHAPE.test(email) ? undefined : 'Please enter a valid e-mail address, like office@example.org.';
}

function charityError(number: string): string | undefined {
  if (number === '') return undefined;
  if (number.length > DETAILS_LIMITS.charityNumber) return tooLong('the charity number', DETAILS_LIMITS.charityNumber);
  return CHARITY_SHAPE.test(number) ? undefined : 'Please write the charity number with letters, digits and spaces only, like 20012345.';
}

function addressError(address: string): string | undefined {
  const problem = textError(address, DETAILS_LIMITS.address, 'the address');
  if (problem !== undefined) return problem;
  return addressLines(address).length > DETAILS_LIMITS.addressLines
    ? `Please fit the address on ${DETAILS_LIMITS.addressLines} lines or fewer.`
    : undefined;
}

/** Why a social page's address is refused, or undefined when it is a web address we can link to. */
function socialLinkError(link: string): string | undefined {
  if (link.length > DETAILS_LIMITS.socialLink) return tooLong('each social media address', DETAILS_LIMITS.socialLink);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return `'${link}' is not a web address. Please copy the whole address, starting with https://.`;
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') {
    return `'${link}' is not a secure web address. Please copy the whole address, starting with https://.`;
  }
  return undefined;
}

function socialLinksError(links: readonly string[]): string | undefined {
  if (links.length > DETAILS_LIMITS.socialLinks) return `Please give at most ${DETAILS_LIMITS.socialLinks} social media pages.`;
  for (const link of links) {
    const problem = socialLinkError(link);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function withoutEmpty(errors: Record<DetailsField, string | undefined>): FieldErrors<DetailsField> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<DetailsField>;
}

/** Trims every field and drops empty social links, as they are stored and shown. */
export function cleanDetails(details: AssociationDetails): AssociationDetails {
  const multiLine = (value: string) => value.replace(/\r\n?/g, '\n').trim();
  return {
    contactName: details.contactName.trim(),
    address: multiLine(details.address),
    phone: details.phone.trim(),
    email: details.email.trim(),
    charityNumber: details.charityNumber.trim(),
    openingHours: details.openingHours.trim(),
    replyTime: details.replyTime.trim(),
    socialLinks: details.socialLinks.map((link) => link.trim()).filter((link) => link !== ''),
    howToJoin: multiLine(details.howToJoin),
  };
}

/**
 * Checks details an administrator typed; every field may be empty (it is then not shown). The
 * server checks the same, so the form and the server agree on every message.
 */
export function validateDetails(raw: AssociationDetails): FieldErrors<DetailsField> {
  const details = cleanDetails(raw);
  return withoutEmpty({
    contactName: textError(details.contactName, DETAILS_LIMITS.contactName, 'the contact name') ?? oneLine(details.contactName, 'the contact name'),
    address: addressError(details.address),
    phone: phoneError(details.phone),
    email: emailError(details.email),
    charityNumber: charityError(details.charityNumber),
    openingHours: textError(details.openingHours, DETAILS_LIMITS.openingHours, 'the opening hours'),
    replyTime: textError(details.replyTime, DETAILS_LIMITS.replyTime, 'how soon you reply') ?? oneLine(details.replyTime, 'how soon you reply'),
    socialLinks: socialLinksError(details.socialLinks),
    howToJoin: textError(details.howToJoin, DETAILS_LIMITS.howToJoin, 'how to join'),
  });
}

/** The address's lines, without empty ones. */
export function addressLines(address: string): string[] {
  return address
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Paragraphs of a multi-line text: a blank line starts a new one; single breaks stay inside. */
export function paragraphsOf(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split('\n').map((line) => line.trim()).filter((line) => line !== ''))
    .filter((lines) => lines.length > 0);
}

/** A tel: address a phone can dial: '01 234 5678' becomes 'tel:012345678', '+353 1 ...' keeps its '+'. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

export function mailtoHref(email: string, subject?: string): string {
  const query = subject === undefined ? '' : `?subject=${encodeURIComponent(subject)}`;
  return `mailto:${email.trim()}${query}`;
}

const SOCIAL_NAMES: readonly (readonly [RegExp, string])[] = [
  [/(^|\.)facebook\.com$/, 'Facebook'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)(x|twitter)\.com$/, 'X (Twitter)'],
  [/(^|\.)youtube\.com$|^youtu\.be$/, 'YouTube'],
  [/(^|\.)linkedin\.com$/, 'LinkedIn'],
  [/(^|\.)bsky\.app$/, 'Bluesky'],
];

/** What a social link is called on the page: the service's name, or the site's own name. */
export function socialLinkName(link: string): string {
  let host: string;
  try {
    host = new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return link;
  }
  return SOCIAL_NAMES.find(([pattern]) => pattern.test(host))?.[1] ?? host;
}

/**
 * The contact's name as it reads inside a sentence: 'The Membership Secretary' becomes 'the
 * Membership Secretary' after "Ask"; a person's name is kept as it is.
 */
export function contactNameInSentence(contactName: string): string {
  return contactName.replace(/^The\s/, 'the ');
}

/** Whether there is any way to reach the association: a phone, an e-mail or a postal address. */
export function hasContactWay(details: AssociationDetails): boolean {
  return details.phone !== '' || details.email !== '' || details.address !== '';
}
