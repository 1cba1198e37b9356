import { expect, test } from 'vitest';
import { createVisitTally, dayOfVisit } from './visit-tally';

test('counts add up between writes, and a take starts afresh', () => {
  const tally = createVisitTally();
  tally.add('2026-11-21', 'page', '/news');
  tally.add('2026-11-21', 'page', '/news');
  tally.add('2026-11-21', 'download', 'Membership form.pdf');

  expect(tally.take()).toEqual([
    { day: '2026-11-21', kind: 'page', key: '/news', count: 2 },
    { day: '2026-11-21', kind: 'download', key: 'Membership form.pdf', count: 1 },
  ]);
  expect(tally.take()).toEqual([]);
});

test('a full tally keeps counting what it holds and drops only new keys; what could not be written comes back', () => {
  const tally = createVisitTally(2);
  tally.add('2026-11-21', 'search', 'a');
  tally.add('2026-11-21', 'search', 'b');
  tally.add('2026-11-21', 'search', 'c');
  tally.add('2026-11-21', 'search', 'a');
  expect(tally.dropped).toBe(1);
  const batch = tally.take();
  tally.add('2026-11-21', 'search', 'a');

  tally.restore(batch);

  expect(tally.take()).toEqual([
    { day: '2026-11-21', kind: 'search', key: 'a', count: 3 },
    { day: '2026-11-21', kind: 'search', key: 'b', count: 1 },
  ]);
});

test("a visit's day is the day in Dublin, summer time included", () => {
  const dayOf = dayOfVisit('Europe/Dublin');

  expect(dayOf(Date.UTC(2026, 6, 1, 22, 59))).toBe('2026-07-01');
  expect(dayOf(Date.UTC(2026, 6, 1, 23, 0))).toBe('2026-07-02');
  expect(dayOf(Date.UTC(2026, 11, 31, 23, 59))).toBe('2026-12-31');
});
