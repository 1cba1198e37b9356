import type { SnapshotFrom } from 'xstate';
import type { ContactField, FieldErrors } from '../../src-core/domain/validation';
import type { contactMachine } from '../../src-core/machines/contact.machine';
import type { ContactFormState } from '../../src-core/ports/page-renderer.port';
import { defineQuery, isRecord, type CacheEntry } from './route-data.cache';

/**
 * A contact form sent without script gets, as the server's response, the contact page in the
 * state the contact machine reached: sent, failed, or back to editing with field messages.
 * That state travels in the page's route data under this key, so the browser's first render
 * restores the same state and hydration matches what the server rendered.
 */
export const CONTACT_FORM_KEY = 'contact:form';

/**
 * The key of one contact form as the server rendered it, posted back in a hidden field when
 * script has not run, so the same form posted twice (a double click) is kept once. With script
 * the http adapter sends a key of its own and this one is not used.
 */
export const CONTACT_SUBMISSION_KEY = 'contact:submission';
const SUBMISSION_KEY_FORMAT = /^[0-9a-f]{32}$/;

/** The form's key the server left in the route data, if any. */
export function submissionKeyFrom(entry: CacheEntry | undefined): string | undefined {
  return entry?.status === 'ready' && typeof entry.data === 'string' && SUBMISSION_KEY_FORMAT.test(entry.data) ? entry.data : undefined;
}

/** Puts a form's key into a page's route data. */
export const contactSubmissionQuery = (key: string) => defineQuery(CONTACT_SUBMISSION_KEY, async () => key);

type ContactMachine = ReturnType<typeof contactMachine>;
const FIELDS: readonly ContactField[] = ['name', 'email', 'message'];
const OUTCOMES: readonly ContactFormState['outcome'][] = ['editing', 'sent', 'failed'];

/** Checks data read back from a page, which the browser must not trust blindly. */
function parseContactFormState(value: unknown): ContactFormState | undefined {
  if (!isRecord(value) || !isRecord(value.values) || !isRecord(value.fieldErrors)) return undefined;
  const { outcome, values, fieldErrors, errorMessage } = value;
  if (!OUTCOMES.includes(outcome as ContactFormState['outcome'])) return undefined;
  if (errorMessage !== null && typeof errorMessage !== 'string') return undefined;
  if (!FIELDS.every((field) => typeof values[field] === 'string')) return undefined;
  const errors: FieldErrors<ContactField> = {};
  for (const field of FIELDS) {
    const message = fieldErrors[field];
    if (typeof message === 'string') errors[field] = message;
    else if (message !== undefined) return undefined;
  }
  return {
    outcome: outcome as ContactFormState['outcome'],
    values: { name: values.name as string, email: values.email as string, message: values.message as string },
    fieldErrors: errors,
    errorMessage,
  };
}

/** The form state a server left in the route data, if any. */
export function contactFormStateFrom(entry: CacheEntry | undefined): ContactFormState | undefined {
  return entry?.status === 'ready' ? parseContactFormState(entry.data) : undefined;
}

/** The machine's snapshot for a state the server reached, for `useMachine(machine, { snapshot })`. */
export function restoredContactSnapshot<M extends ContactMachine>(machine: M, state: ContactFormState): SnapshotFrom<M> {
  return machine.resolveState({
    value: state.outcome,
    context: { values: { ...state.values }, fieldErrors: { ...state.fieldErrors }, errorMessage: state.errorMessage },
  }) as SnapshotFrom<M>;
}

/** Puts a form state into a page's route data. */
export const contactFormQuery = (state: ContactFormState) => defineQuery(CONTACT_FORM_KEY, async () => state);
