import type { FieldErrors } from '../../src-core/domain/validation';
import { joinErrorsFrom, joinValuesFrom, type JoinField } from '../../src-core/domain/join-form';
import { defineQuery, isRecord, type CacheEntry } from './route-data.cache';

/**
 * A join form posted without script and refused comes back to the join page (`?outcome=`) with
 * the server's message, a message per field and everything typed (server/routes/join-form.routes.ts).
 * The server puts that in the page's route data under this key, so the browser's first render
 * starts from the same state and hydration matches.
 */
export const JOIN_FORM_KEY = 'join:form';

/** The refused post as the server keeps it (server/membership/join-form-outcomes.ts), without its status. */
export interface JoinFormRefusal {
  readonly message: string;
  readonly fieldErrors: Readonly<Record<string, string>>;
  readonly values: Readonly<Record<string, string>>;
}

export interface RestoredJoinForm {
  readonly values: Record<JoinField, string>;
  readonly fieldErrors: FieldErrors<JoinField>;
  readonly errorMessage: string;
}

/** The refusal a server left in the route data, checked, since a page's data is not to be trusted blindly. */
export function joinFormStateFrom(entry: CacheEntry | undefined): RestoredJoinForm | undefined {
  if (entry?.status !== 'ready' || !isRecord(entry.data)) return undefined;
  const { message, fieldErrors, values } = entry.data;
  if (typeof message !== 'string' || !isRecord(fieldErrors) || !isRecord(values)) return undefined;
  return { values: joinValuesFrom(values), fieldErrors: joinErrorsFrom(fieldErrors), errorMessage: message };
}

/** Puts a refused post into a page's route data. */
export const joinFormQuery = (refusal: JoinFormRefusal) =>
  defineQuery(JOIN_FORM_KEY, async () => ({ message: refusal.message, fieldErrors: refusal.fieldErrors, values: refusal.values }));
