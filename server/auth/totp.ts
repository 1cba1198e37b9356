import { createHmac, randomBytes } from 'node:crypto';

/** RFC 6238 as authenticator apps use it: HMAC-SHA1, 30-second steps, 6 digits. */
const STEP_SECONDS = 30;
const DIGITS = 6;
/** A code from the step before or after is accepted too: phone clocks drift, and typing takes time. */
const DRIFT_STEPS = 1;
const SECRET_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function toBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32[(value << (5 - bits)) & 31];
  return output;
}

function fromBase32(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const character of clean) {
    const index = BASE32.indexOf(character);
    if (index < 0) throw new Error('Not a base32 key.');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new random key, in the base32 an authenticator app is given. */
export function newTotpSecret(): string {
  return toBase32(randomBytes(SECRET_BYTES));
}

/** The HOTP value (RFC 4226) for one counter, as a zero-padded string. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

function totpStep(timeMs: number): number {
  return Math.floor(timeMs / 1000 / STEP_SECONDS);
}

/**
 * The time step whose code `code` is, within the allowed drift of `timeMs`, or undefined.
 * The caller refuses a step it has already accepted, so a code works once.
 */
export function matchTotp(secret: string, code: string, timeMs: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const key = fromBase32(secret);
  const now = totpStep(timeMs);
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step += 1) {
    if (hotp(key, step) === code) return step;
  }
  return undefined;
}

/**
 * The otpauth:// address an authenticator app reads from the QR code. The issuer names the
 * site, so the app shows 'RNAI website (chair@example.org)'.
 */
export function otpauthUri(secret: string, email: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${email}`);
  const parameters = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(DIGITS), period: String(STEP_SECONDS) });
  return `otpauth://totp/${label}?${parameters.toString()}`;
}
