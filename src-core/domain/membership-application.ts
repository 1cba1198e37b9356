/**
 * The membership application form's rules and the words that explain them, shared by the server
 * (which decides) and the join page (which can say the same before sending). Each message says how
 * to put the field right, in plain words.
 */
export const APPLICATION_FIELD_MESSAGES = {
  name: 'Please enter your full name, for example Mary Byrne.',
  address: 'Please enter your postal address, with each part on its own line.',
  eircode: 'This does not look like an Eircode. An Eircode has 7 letters and numbers, like A65 F4E2. You can leave it empty.',
  phone: 'Please enter a phone number using numbers, spaces and + only, like 01 234 5678. You can leave it empty.',
  email: 'Please enter a valid e-mail address, like name@example.org, or leave it empty.',
  background: 'Please tell us a little about your nursing career, for example where you trained and worked.',
  nmbiPin: 'An NMBI PIN is made of numbers only, like 123456. You can leave it empty.',
  branch: 'Please choose your nearest branch from the list, or choose "Not sure".',
  newsletterNeedsEmail: 'To get our news by e-mail, please enter your e-mail address too, or untick the box.',
  consent: 'Please tick the box to say you have read how we use your details. We cannot take your application without it.',
} as const;

export type ApplicationField = Exclude<keyof typeof APPLICATION_FIELD_MESSAGES, 'newsletterNeedsEmail'> | 'newsletter';

/** The branch choice for someone who does not know which branch is theirs. */
export const BRANCH_NOT_SURE = 'not-sure';

// Routing key: a letter and two digits, or D6W (Dublin 6W). Unique identifier: four of the
// letters and digits An Post uses. Only the shape is checked; an Eircode is never looked up.
const EIRCODE_SHAPE = /^([AC-FHKNPRTV-Y][0-9]{2}|D6W) ?([0-9AC-FHKNPRTV-Y]{4})$/;

/**
 * The Eircode as stored: upper case with one space after the routing key, or undefined when the
 * shape is not an Eircode's.
 */
export function normaliseEircode(raw: string): string | undefined {
  const match = EIRCODE_SHAPE.exec(raw.trim().toUpperCase());
  return match === null ? undefined : `${match[1] ?? ''} ${match[2] ?? ''}`;
}

/** An NMBI PIN is digits only; its length is not published, so only a sensible range is asked. */
export function isNmbiPinShape(raw: string): boolean {
  return /^[0-9]{4,10}$/.test(raw.trim());
}

/** Digits with the spaces, brackets, dashes and leading + people write phone numbers with. */
export function isPhoneShape(raw: string): boolean {
  const text = raw.trim();
  return /^\+?[0-9 ()-]{6,30}$/.test(text) && (text.match(/[0-9]/g) ?? []).length >= 6;
}
