import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Limiter } from './limiter';

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error === null ? resolve(key) : reject(error)));
  });
}

function optionsFor(cost: number): ScryptOptions {
  const N = 2 ** cost;
  // scrypt needs 128 * N * r bytes; Node's default maxmem (32 MiB) would refuse N = 2^17.
  return { N, r: BLOCK_SIZE, p: PARALLELISM, maxmem: 2 * 128 * N * BLOCK_SIZE };
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Costs what a verify costs, so an unknown account is refused no faster than a known one. */
  verifyNothing(password: string): Promise<void>;
}

/**
 * scrypt with N = 2^cost (17 in production). Stored as 'scrypt$cost$r$p$salt$key' so a later
 * change of cost still verifies older hashes.
 */
export function createPasswordHasher(cost: number, limiter: Limiter): PasswordHasher {
  const dummySalt = randomBytes(16);

  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await limiter.run(() => scryptAsync(password, salt, optionsFor(cost)));
      return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
    },
    async verify(password, stored) {
      const [scheme, storedCost, blockSize, parallelism, salt, key] = stored.split('$');
      const costValue = Number(storedCost);
      if (scheme !== 'scrypt' || !Number.isInteger(costValue) || costValue < 10 || costValue > 22) return false;
      if (Number(blockSize) !== BLOCK_SIZE || Number(parallelism) !== PARALLELISM || salt === undefined || key === undefined) {
        return false;
      }
      const expected = Buffer.from(key, 'base64');
      const actual = await limiter.run(() => scryptAsync(password, Buffer.from(salt, 'base64'), optionsFor(costValue)));
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
    async verifyNothing(password) {
      await limiter.run(() => scryptAsync(password, dummySalt, optionsFor(cost)));
    },
  };
}
