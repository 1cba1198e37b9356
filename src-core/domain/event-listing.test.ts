import { expect, test } from 'vitest';
import { NO_EVENT_DETAILS, type EventDetails } from './event-details';
import { eventIdOf, eventPath, eventsOverview, findEvent, nextUpcomingEvent, summariseEvent, type EventListing, type ListedEvent } from './event-listing';

const DUBLIN = 'Europe/Dublin';

function event(name: string, change: Partial<EventDetails> | null = null): ListedEvent {
  return {
    file: { name, fullPath: `events/${name}`, url: `/files/events/${encodeURIComponent(name)}`, size: 2048 },
    details: change === null ? null : { ...NO_EVENT_DETAILS, timeZone: DUBLIN, ...change },
  };
}

const listing = (at: string, events: ListedEvent[]): EventListing => ({ timeZone: DUBLIN, at, events, calendar: null });
const titles = (events: readonly { title: string }[]) => events.map((item) => item.title);

test('a file without details keeps the spec card: name, Unknown Date, Unknown Location', () => {
  const summary = summariseEvent(event('Summer Outing.pdf'), DUBLIN, 0);

  expect(summary).toMatchObject({
    id: 'Summer Outing',
    title: 'Summer Outing',
    when: 'Unknown Date',
    where: 'Unknown Location',
    status: 'undated',
    start: null,
    file: { name: 'Summer Outing.pdf', url: '/files/events/Summer%20Outing.pdf', label: 'PDF, 2 KB' },
  });
  expect(summariseEvent(event('.pdf'), DUBLIN, 0).title).toBe('Untitled Event');
});

test('details give the title, date and place; a missing part keeps its fallback', () => {
  const full = summariseEvent(
    event('agm.pdf', { title: 'Annual General Meeting', start: '2026-09-12T14:30', venue: 'Parish Hall', town: 'Athlone' }),
    DUBLIN,
    0,
  );
  const onlyTown = summariseEvent(event('Walk.pdf', { town: 'Cork' }), DUBLIN, 0);

  expect(full).toMatchObject({ title: 'Annual General Meeting', when: 'Saturday 12 September 2026, 2.30pm', where: 'Parish Hall, Athlone' });
  expect(onlyTown).toMatchObject({ title: 'Walk', when: 'Unknown Date', where: 'Cork' });
});

test('upcoming events come soonest first, undated ones after them by title, past ones newest first', () => {
  const overview = eventsOverview(
    listing('2026-09-01T12:00:00Z', [
      event('Zebra talk.pdf'),
      event('October.pdf', { start: '2026-10-03T10:00' }),
      event('September.pdf', { start: '2026-09-20T10:00' }),
      event('Apple day.pdf', { venue: 'Orchard' }),
      event('June.pdf', { start: '2026-06-01T10:00' }),
      event('August.pdf', { allDay: true, start: '2026-08-20' }),
    ]),
  );

  expect(titles(overview.upcoming)).toEqual(['September', 'October']);
  expect(titles(overview.undated)).toEqual(['Apple day', 'Zebra talk']);
  expect(titles(overview.past)).toEqual(['August', 'June']);
});

test('an event happening now is still upcoming, and leaves the list by itself once over', () => {
  const events = [event('Lunch.pdf', { start: '2026-09-12T12:00', end: '2026-09-12T14:00' })];

  expect(titles(eventsOverview(listing('2026-09-12T12:30:00Z', events)).upcoming)).toEqual(['Lunch']);
  expect(titles(eventsOverview(listing('2026-09-12T13:00:00Z', events)).upcoming)).toEqual([]);
  expect(titles(eventsOverview(listing('2026-09-12T13:00:00Z', events)).past)).toEqual(['Lunch']);
});

test('past events older than 12 months are counted, and listed only when asked for', () => {
  const events = [event('Last year.pdf', { allDay: true, start: '2025-09-10' }), event('Recent.pdf', { allDay: true, start: '2025-09-20' })];

  const overview = eventsOverview(listing('2026-09-15T12:00:00Z', events));
  const all = eventsOverview(listing('2026-09-15T12:00:00Z', events), { allPast: true });

  expect(titles(overview.past)).toEqual(['Recent']);
  expect(overview.olderPastCount).toBe(1);
  expect(titles(all.past)).toEqual(['Recent', 'Last year']);
});

test('the overview says when it next changes: the soonest finish, or a past event turning 12 months old', () => {
  const upcoming = eventsOverview(
    listing('2026-09-01T12:00:00Z', [event('A.pdf', { start: '2026-09-20T10:00', end: '2026-09-20T12:00' }), event('B.pdf', { start: '2026-10-20T10:00' })]),
  );
  const onlyPast = eventsOverview(listing('2026-09-01T12:00:00Z', [event('C.pdf', { allDay: true, start: '2026-03-10' })]));
  const nothing = eventsOverview(listing('2026-09-01T12:00:00Z', [event('D.pdf')]));

  expect(upcoming.changesAt).toBe(Date.parse('2026-09-20T11:00:00Z'));
  // It finished at midnight starting 11 March 2026 and leaves the list at midnight starting 11 March 2027.
  expect(onlyPast.changesAt).toBe(Date.parse('2027-03-11T00:00:00Z'));
  expect(nothing.changesAt).toBeNull();
});

test('the next upcoming event is the soonest one not yet finished', () => {
  const events = [
    event('Past.pdf', { start: '2026-08-01T10:00' }),
    event('Later.pdf', { start: '2026-12-01T10:00' }),
    event('Sooner.pdf', { start: '2026-10-01T10:00' }),
    event('Undated.pdf'),
  ];

  expect(nextUpcomingEvent(listing('2026-09-01T00:00:00Z', events))?.title).toBe('Sooner');
  expect(nextUpcomingEvent(listing('2027-01-01T00:00:00Z', events))).toBeNull();
});

test('an event is found by its id, which is its file name without .pdf, and linked by its address', () => {
  const events = listing('2026-09-01T00:00:00Z', [event('Summer Outing.pdf'), event('Report.2026.PDF')]);

  expect(eventIdOf('Report.2026.PDF')).toBe('Report.2026');
  expect(findEvent(events, 'Report.2026')?.file.name).toBe('Report.2026.PDF');
  expect(findEvent(events, 'Summer Outing.pdf')).toBeUndefined();
  expect(eventPath('Summer Outing & Lunch')).toBe('/events/Summer%20Outing%20%26%20Lunch');
});
