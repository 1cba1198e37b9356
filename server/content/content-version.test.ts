import { expect, test } from 'vitest';
import { createContentVersion } from './content-version';

test('every write changes the version, which invalidates what was cached', () => {
  const version = createContentVersion();
  const before = version.current();

  version.changed();

  expect(version.current()).not.toBe(before);
});

test("another process's change is noticed once the recheck time has passed, and not before", () => {
  const clock = { now: 0 };
  const outside = { fingerprint: 'a', lookedAt: 0 };
  const version = createContentVersion({
    outside: () => {
      outside.lookedAt += 1;
      return outside.fingerprint;
    },
    recheckMs: 1_000,
    now: () => clock.now,
  });
  const before = version.current();

  outside.fingerprint = 'b';
  clock.now = 999;
  const tooSoon = version.current();
  clock.now = 1_000;
  const after = version.current();

  expect(tooSoon).toBe(before);
  expect(after).not.toBe(before);
  // Once at the start and once after the second: never per call.
  expect(outside.lookedAt).toBe(2);
});

test('an unchanged fingerprint keeps the version', () => {
  const clock = { now: 0 };
  const version = createContentVersion({ outside: () => 'same', now: () => clock.now });
  const before = version.current();

  clock.now = 5_000;

  expect(version.current()).toBe(before);
});

test("the server's own write, which changes the fingerprint too, counts once", () => {
  const clock = { now: 0 };
  const folder = { modified: 'first' };
  const version = createContentVersion({ outside: () => folder.modified, now: () => clock.now });

  folder.modified = 'after the upload';
  version.changed();
  const afterWrite = version.current();
  clock.now = 5_000;

  expect(version.current()).toBe(afterWrite);
});

test('content that changes by itself at a time invalidates at the first read from that time, with no write', () => {
  const clock = { now: 0 };
  const due = { at: 1_000 as number | null };
  const version = createContentVersion({ scheduled: { nextAt: () => due.at, clock: () => clock.now } });
  const before = version.current();

  clock.now = 999;
  const tooSoon = version.current();
  clock.now = 1_000;
  due.at = null;
  const atTheTime = version.current();

  expect(tooSoon).toBe(before);
  expect(atTheTime).not.toBe(before);
  expect(version.nextScheduledChange()).toBeNull();
});
