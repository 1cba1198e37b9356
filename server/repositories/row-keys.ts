import { createHash } from 'node:crypto';

/** Ids are row numbers; anything else (from an address or a body) cannot name a row, so it is simply not found. */
export function rowId(id: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : undefined;
}

/** Only a hash of each secret token is stored, so a copy of the database cannot be used to sign in. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
