import fs from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { expect, test } from 'vitest';
import { NO_EVENT_DETAILS, type EventDetails } from '../../src-core/domain/event-details';
import { sampleEventDetails } from '../../server/content/sample-content';
import { startTestServer, type TestServer } from './helpers/test-server';

// The iCalendar files are read back with ical.js (Mozilla's parser, which shares no code with
// ical-generator), field by field, so a feed a calendar app cannot read fails here.

const ZONE = 'Europe/Dublin';
const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);

async function withEvents(events: Record<string, Partial<EventDetails> | null>, env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer({ clock: () => NOW, env });
  for (const [name, change] of Object.entries(events)) {
    fs.writeFileSync(path.join(server.dataDir, 'files', 'events', name), '%PDF-1.4\n% event\n');
    if (change !== null) await server.app.events.saveDetails(name, { ...NO_EVENT_DETAILS, timeZone: ZONE, ...change }, NOW);
  }
  return server;
}

interface ReadEvent {
  readonly uid: string;
  readonly summary: string;
  readonly location: string | null;
  readonly description: string | null;
  readonly start: string;
  readonly end: string | null;
  readonly zone: string | null;
  readonly allDay: boolean;
  readonly startUtc: string;
  readonly url: string | null;
}

function readCalendar(text: string): { events: ReadEvent[]; zones: string[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone').map((zone) => {
    ICAL.TimezoneService.register(zone);
    return String(zone.getFirstPropertyValue('tzid'));
  });
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const zone = component.getFirstProperty('dtstart')?.getParameter('tzid');
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location ?? null,
      description: event.description ?? null,
      start: event.startDate.toString(),
      end: component.hasProperty('dtend') ? event.endDate.toString() : null,
      zone: typeof zone === 'string' ? zone : null,
      allDay: event.startDate.isDate,
      startUtc: event.startDate.toJSDate().toISOString(),
      url: component.getFirstPropertyValue('url')?.toString() ?? null,
    };
  });
  return { events, zones };
}

async function get(server: TestServer, address: string) {
  const response = await fetch(server.baseUrl + address);
  return { response, text: await response.text() };
}

test('the feed holds every dated event, upcoming and of the last 12 months, readable field by field by another parser', async () => {
  const server = await withEvents({
    'AGM.pdf': {
      title: 'Annual General Meeting; all welcome',
      start: '2026-12-12T14:30',
      end: '2026-12-12T16:00',
      venue: 'Parish Hall',
      town: 'Athlone',
      description: 'Bring a friend, and your questions.\nTea afterwards.',
    },
    'Walk.pdf': { allDay: true, start: '2026-09-11', end: '2026-09-13', town: 'Glendalough' },
    'Summer.pdf': { title: 'Summer lunch', start: '2026-07-04T13:00' },
    'Long ago.pdf': { allDay: true, start: '2025-06-01' },
    'Undated.pdf': { venue: 'Somewhere' },
    'No details.pdf': null,
  });

  const { response, text } = await get(server, '/events.ics');
  const { events, zones } = readCalendar(text);

  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(zones).toEqual([ZONE]);
  expect(events.map((event) => event.summary).sort()).toEqual(['Annual General Meeting; all welcome', 'Summer lunch', 'Walk']);
  expect(events.find((event) => event.summary.startsWith('Annual'))).toMatchObject({
    start: '2026-12-12T14:30:00',
    end: '2026-12-12T16:00:00',
    zone: ZONE,
    allDay: false,
    startUtc: '2026-12-12T14:30:00.000Z',
    location: 'Parish Hall, Athlone',
    description: 'Bring a friend, and your questions.\nTea afterwards.',
    url: `${server.baseUrl}/events/AGM`,
  });
  // Summer time: 1pm in Dublin is noon UTC.
  expect(events.find((event) => event.summary === 'Summer lunch')).toMatchObject({ start: '2026-07-04T13:00:00', end: null, zone: ZONE, startUtc: '2026-07-04T12:00:00.000Z' });
  // All day: DATE values, the end the day after the last day.
  expect(events.find((event) => event.summary === 'Walk')).toMatchObject({ start: '2026-09-11', end: '2026-09-14', zone: null, allDay: true, location: 'Glendalough', description: null });
});

test('each event keeps its UID from one request to the next, and two events never share one', async () => {
  const server = await withEvents({ 'A.pdf': { start: '2026-12-01T10:00' }, 'B.pdf': { start: '2026-12-02T10:00' } });

  const first = readCalendar((await get(server, '/events.ics')).text).events.map((event) => event.uid);
  await server.app.events.saveDetails('A.pdf', { ...NO_EVENT_DETAILS, timeZone: ZONE, start: '2026-12-05T10:00', title: 'Moved' }, NOW);
  const second = readCalendar((await get(server, '/events.ics')).text).events.map((event) => event.uid);

  expect(new Set(first).size).toBe(2);
  expect(second.sort()).toEqual(first.sort());
});

test('long texts are folded at 75 octets and special characters escaped, and still read back whole', async () => {
  const description = `Line one, with a comma; a semicolon and a backslash \\ too.\n${'Ná bí buartha faoi. '.repeat(20)}`.trim();
  const server = await withEvents({ 'Long.pdf': { start: '2026-12-01T10:00', description } });

  const { text } = await get(server, '/events.ics');

  expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  expect(text.replace(/\r\n[ \t]/g, '')).toContain('\\, with a comma\\; a semicolon and a backslash \\\\ too.\\n');
  expect(readCalendar(text).events[0]?.description).toBe(description);
});

test("one event's file is offered as a download named after it, and events without a date have none", async () => {
  const server = await withEvents({ 'Summer Outing.pdf': { title: 'Summer outing', start: '2026-12-01T10:00' }, 'Undated.pdf': { town: 'Cork' } });

  const one = await get(server, '/events/Summer%20Outing/calendar.ics');
  const undated = await fetch(`${server.baseUrl}/events/Undated/calendar.ics`);
  const missing = await fetch(`${server.baseUrl}/events/Nothing/calendar.ics`);

  expect(one.response.status).toBe(200);
  expect(one.response.headers.get('content-disposition')).toBe(`attachment; filename="Summer outing.ics"; filename*=UTF-8''Summer%20outing.ics`);
  expect(readCalendar(one.text).events.map((event) => [event.summary, event.start])).toEqual([['Summer outing', '2026-12-01T10:00:00']]);
  expect(undated.status).toBe(404);
  expect(missing.status).toBe(404);
});

test('the times follow TIME_ZONE: an association in New York gets its own VTIMEZONE', async () => {
  const server = await withEvents({ 'Picnic.pdf': { start: '2026-07-04T12:00', timeZone: 'America/New_York' } }, { TIME_ZONE: 'America/New_York' });

  const { events, zones } = readCalendar((await get(server, '/events.ics')).text);

  expect(zones).toEqual(['America/New_York']);
  expect(events[0]).toMatchObject({ start: '2026-07-04T12:00:00', zone: 'America/New_York', startUtc: '2026-07-04T16:00:00.000Z' });
});

test('the sample events come out of the feed as they went in', async () => {
  const server = await startTestServer({ clock: () => NOW, env: { SAMPLE_CONTENT: '1' } });
  const samples = sampleEventDetails(NOW, ZONE);
  const meeting = samples.get('Sample Event - Annual General Meeting.pdf');
  const walk = samples.get('Sample Event - Spring Walk.pdf');

  const { events } = readCalendar((await get(server, '/events.ics')).text);

  expect(events.map(({ summary, start, end, zone, location, description }) => ({ summary, start, end, zone, location, description })).sort((a, b) => a.summary.localeCompare(b.summary))).toEqual([
    {
      summary: meeting?.title,
      start: `${meeting?.start}:00`,
      end: `${meeting?.end}:00`,
      zone: ZONE,
      location: `${meeting?.venue}, ${meeting?.town}`,
      description: meeting?.description,
    },
    { summary: walk?.title, start: walk?.start, end: '2026-10-23', zone: null, location: walk?.town, description: walk?.description },
  ]);
});
