import { createHmac } from 'node:crypto';

/**
 * What a phone's authenticator app does, written for the tests on their own (not the server's
 * code): decode the typed key from base32, then RFC 6238 with HMAC-SHA1 and 30-second steps.
 * Checked against the RFC's own test vectors in two-step.test.ts.
 */
export function base32Bytes(key: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...key.replace(/\s/g, '').toUpperCase()]
    .map((character) => {
      const value = alphabet.indexOf(character);
      if (value < 0) throw new Error(`'${character}' is not base32`);
      return value.toString(2).padStart(5, '0');
    })
    .join('');
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8) bytes.push(parseInt(bits.slice(index, index + 8), 2));
  return Buffer.from(bytes);
}

export function totpCode(key: Buffer, timeMs: number, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeUInt32BE(Math.floor(Math.floor(timeMs / 1000 / 30) / 2 ** 32), 0);
  counter.writeUInt32BE(Math.floor(timeMs / 1000 / 30) % 2 ** 32, 4);
  const hmac = createHmac('sha1', key).update(counter).digest();
  const byte = (index: number) => hmac[index] ?? 0;
  const offset = byte(19) & 0xf;
  const value = ((byte(offset) & 0x7f) << 24) | (byte(offset + 1) << 16) | (byte(offset + 2) << 8) | byte(offset + 3);
  return String(value % 10 ** digits).padStart(digits, '0');
}

/** The app's code for a typed key at a moment. */
export function appCode(typedKey: string, timeMs: number): string {
  return totpCode(base32Bytes(typedKey), timeMs);
}
