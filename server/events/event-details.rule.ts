import { API_MESSAGES } from '../../contract/api-messages';
import { eventDetailsSchema } from '../../contract/wire';
import { hasEventDetails, normaliseEventDetails, validateEventDetails, type EventDetails } from '../../src-core/domain/event-details';
import { hasErrors } from '../../src-core/domain/validation';
import { apiError, invalidInput, type ApiError } from '../http/api-error';

export type CheckedDetails = { ok: true; details: EventDetails | null } | { ok: false; error: ApiError };

/**
 * Details as they will be stored (null for none) or the 400 that refuses them, with a message
 * per field: the same rules the admin screen applies before sending.
 */
export function checkEventDetails(raw: unknown): CheckedDetails {
  if (raw === null || raw === undefined) return { ok: true, details: null };
  const shaped = eventDetailsSchema.safeParse(raw);
  if (!shaped.success) return { ok: false, error: apiError(400, 'invalid-input', API_MESSAGES.invalidRequest) };
  const errors = validateEventDetails(shaped.data);
  if (hasErrors(errors)) return { ok: false, error: invalidInput(errors, API_MESSAGES.invalidRequest) };
  const details = normaliseEventDetails(shaped.data);
  return { ok: true, details: hasEventDetails(details) ? details : null };
}

/** The upload's `details` query parameter: JSON text, or absent. */
export function checkEventDetailsText(text: string | undefined): CheckedDetails {
  if (text === undefined || text === '') return { ok: true, details: null };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: apiError(400, 'invalid-input', API_MESSAGES.invalidRequest) };
  }
  return checkEventDetails(raw);
}
