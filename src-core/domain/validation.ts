import type { Folder } from './stored-file';
import { allowedKindsFor, describeAllowedKinds, kindFromName } from './file-types';
import { formatBytes, sanitiseFileName } from './files';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Longest values accepted, counted in UTF-16 units like an input's maxLength attribute,
 * so the browser, this check and the server agree.
 */
export const LIMITS = {
  name: 200,
  email: 254,
  message: 5000,
  title: 200,
  body: 20000,
  passwordMin: 12,
  passwordMax: 128,
} as const;

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

// Made on first use: building it loads locale data, which a page only needs for this message.
let count: Intl.NumberFormat | undefined;

function tooLong(what: string, limit: number): string {
  count ??= new Intl.NumberFormat('en-IE');
  return `Please keep ${what} to ${count.format(limit)} characters or fewer.`;
}

// Deliberately loose: one '@', no spaces, a dot in the domain. The mail server is the real judge.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

function emailError(raw: string): string | undefined {
  const email = raw.trim();
  if (email === '') return 'Please enter your e-mail address.';
  if (email.length > LIMITS.email) return tooLong('your e-mail address', LIMITS.email);
  if (!EMAIL_SHAPE.test(email)) return 'Please enter a valid e-mail address, like name@example.org.';
  return undefined;
}

function textError(raw: string, limit: number, missing: string, what: string): string | undefined {
  const value = raw.trim();
  if (value === '') return missing;
  if (value.length > limit) return tooLong(what, limit);
  return undefined;
}

function withoutEmpty<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<F>;
}

export type ContactField = 'name' | 'email' | 'message';

export function validateContact(form: { name: string; email: string; message: string }): FieldErrors<ContactField> {
  return withoutEmpty({
    name: textError(form.name, LIMITS.name, 'Please enter your name.', 'your name'),
    email: emailError(form.email),
    message: textError(form.message, LIMITS.message, 'Please enter a message.', 'your message'),
  });
}

export type LoginField = 'email' | 'password';

/** Only presence and shape: an existing account's password is checked by the backend, not the policy. */
export function validateLogin(form: { email: string; password: string }): FieldErrors<LoginField> {
  return withoutEmpty({
    email: emailError(form.email),
    password: form.password === '' ? 'Please enter your password.' : undefined,
  });
}

/** The policy for a new or changed password; null when it is acceptable. */
export function validatePassword(password: string): string | null {
  if (password.length < LIMITS.passwordMin) {
    return `Please choose a password of at least ${LIMITS.passwordMin} characters.`;
  }
  if (password.length > LIMITS.passwordMax) {
    return `Please choose a password of at most ${LIMITS.passwordMax} characters.`;
  }
  return null;
}

export type PostField = 'title' | 'body' | 'pictureAlt';

/** A post's title and body; its picture's description is validatePost's (post-validation.ts). */
export function validatePostDraft(draft: { title: string; body: string }): FieldErrors<PostField> {
  return withoutEmpty({
    title: textError(draft.title, LIMITS.title, 'Please enter a title.', 'the title'),
    body: textError(draft.body, LIMITS.body, 'Please enter the text of the post.', 'the text'),
  });
}

export interface UploadCandidate {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

/**
 * Checks a chosen file before anything is sent; null when it may be uploaded. The type is
 * judged by the name because browsers report Word types inconsistently; the server checks
 * the bytes.
 */
export function validateUpload(
  file: UploadCandidate | null,
  rules: { readonly folder: Folder; readonly maxBytes: number },
): string | null {
  if (file === null) return 'Please choose a file to upload.';
  const name = sanitiseFileName(file.name);
  if (!name.ok) return name.message;
  const kind = kindFromName(name.name);
  if (kind === null || !allowedKindsFor(rules.folder).includes(kind)) {
    return `Only ${describeAllowedKinds(rules.folder)} files can be uploaded here. Please choose another file.`;
  }
  if (file.size === 0) return 'This file is empty. Please choose another file.';
  if (file.size > rules.maxBytes) {
    return `This file is larger than ${formatBytes(rules.maxBytes)}, the largest file you can upload. Please choose a smaller file.`;
  }
  return null;
}

/** The address an administrator invites to the team; null when it looks like an address. */
export function validateInvitationEmail(raw: string): string | null {
  const email = raw.trim();
  if (email === '') return 'Please enter their e-mail address.';
  if (email.length > LIMITS.email) return tooLong('the e-mail address', LIMITS.email);
  if (!EMAIL_SHAPE.test(email)) return 'Please enter a valid e-mail address, like name@example.org.';
  return null;
}
