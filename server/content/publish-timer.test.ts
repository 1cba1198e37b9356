import { expect, test } from 'vitest';
import { createContentVersion } from './content-version';
import { startPublishTimer } from './publish-timer';

test('the timer invalidates at the next publication time with nobody reading, and is armed again for the one after', async () => {
  const start = Date.now();
  const due = [start + 20, start + 40];
  const version = createContentVersion({ scheduled: { nextAt: () => due.find((at) => at > Date.now()) ?? null, clock: Date.now } });
  const changes: number[] = [];
  const bothDone = new Promise<void>((resolve) =>
    version.onChange(() => {
      changes.push(Date.now());
      if (changes.length === 2) resolve();
    }),
  );

  const timer = startPublishTimer(version, Date.now);
  await bothDone;
  timer.stop();

  expect(changes[0]).toBeGreaterThanOrEqual(due[0] ?? 0);
  expect(changes[1]).toBeGreaterThanOrEqual(due[1] ?? 0);
  expect(version.nextScheduledChange()).toBeNull();
});
