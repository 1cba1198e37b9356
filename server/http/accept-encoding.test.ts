import { expect, test } from 'vitest';
import { preferredEncoding } from './accept-encoding';

const OFFERED = ['br', 'gzip'] as const;

test("a browser's usual header gets brotli, the server's first choice among equals", () => {
  expect(preferredEncoding('gzip, deflate, br, zstd', OFFERED)).toBe('br');
  expect(preferredEncoding('gzip, deflate, br', OFFERED)).toBe('br');
});

test("weights decide before the server's order; x-gzip is gzip", () => {
  expect(preferredEncoding('br;q=0.5, gzip;q=0.8', OFFERED)).toBe('gzip');
  expect(preferredEncoding('x-gzip', OFFERED)).toBe('gzip');
  expect(preferredEncoding('GZIP ; Q=1', OFFERED)).toBe('gzip');
});

test('a coding weighed 0 is refused, and * stands for every coding not named', () => {
  expect(preferredEncoding('br;q=0, gzip', OFFERED)).toBe('gzip');
  expect(preferredEncoding('*', OFFERED)).toBe('br');
  expect(preferredEncoding('br;q=0, *;q=0.5', OFFERED)).toBe('gzip');
  expect(preferredEncoding('*;q=0', OFFERED)).toBeUndefined();
});

test('nothing offered is chosen when the client names none of them, prefers plain bytes, or sent no header', () => {
  expect(preferredEncoding('deflate', OFFERED)).toBeUndefined();
  expect(preferredEncoding('identity', OFFERED)).toBeUndefined();
  expect(preferredEncoding('', OFFERED)).toBeUndefined();
  expect(preferredEncoding(undefined, OFFERED)).toBeUndefined();
  expect(preferredEncoding('br;q=0.5, identity', OFFERED)).toBeUndefined();
  expect(preferredEncoding('br;q=nonsense', OFFERED)).toBeUndefined();
});
