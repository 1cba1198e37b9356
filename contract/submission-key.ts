/**
 * A new key for one submission (one press of Send or Publish), sent as the Idempotency-Key
 * header: should the same request reach the server twice (a browser may send a request again
 * over a connection that dropped), the server keeps it once. A press after a failure is a new
 * attempt with a new key; the server still recognises the same text sent twice within a minute.
 * getRandomValues, unlike randomUUID, is there on plain-http pages too.
 */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
