import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { NO_EVENT_DETAILS, type EventDetails } from '../../src-core/domain/event-details';
import { pageTitle } from '../../src-core/domain/navigation';
import { APP_LOADER_CSP_SOURCE } from '../../server/render/app-loader';
import { createTestClock, HOUR } from '../server/helpers/test-clock';
import type { TestServer } from '../server/helpers/test-server';
import { fetchPage, heading, startBuiltSite, text } from './support/built-server';

const ZONE = 'Europe/Dublin';
// Saturday 21 November 2026, 9am in Dublin.
const START = Date.UTC(2026, 10, 21, 9, 0, 0);

async function addEvent(server: TestServer, name: string, change: Partial<EventDetails>): Promise<void> {
  fs.writeFileSync(path.join(server.dataDir, 'files', 'events', name), '%PDF-1.4\n% event\n');
  await server.app.events.saveDetails(name, { ...NO_EVENT_DETAILS, timeZone: ZONE, ...change }, START);
}

test('the Events page arrives with upcoming and past events, the feed to subscribe to, and nothing left loading', async () => {
  const server = await startBuiltSite({ clock: () => START });

  const { status, document } = await fetchPage(server, '/events');

  const main = text(document.querySelector('main'));
  expect(status).toBe(200);
  expect(heading(document)).toBe('Upcoming Events');
  expect(main).toContain('Sample event: Annual General Meeting');
  expect(main).toContain('Date: Monday 21 December 2026, 2.30pm to 4.30pm');
  expect(main).toContain('Unknown Date');
  expect(text(document.querySelector('#past-events'))).toBe('Past events');
  expect(main).toContain('Sample event: Spring Walk');
  expect(document.querySelector('a[href^="webcal:"]')?.getAttribute('href')).toBe(`${server.baseUrl.replace('http:', 'webcal:')}/events.ics`);
  // The address to copy is the one this site is served on, http here as the test server is.
  expect(text(document.querySelector('a[href="/events.ics"]'))).toBe(`${server.baseUrl}/events.ics`);
  expect(main).not.toContain('Loading');
});

test('a long list of events arrives whole, every part in its place and no inline script to move one there', async () => {
  const server = await startBuiltSite({ clock: () => START });
  // Enough events for the page to pass React's 12,800-byte progressive chunk before the footer.
  for (let day = 1; day <= 40; day += 1) {
    const date = `2026-12-${String((day % 28) + 1).padStart(2, '0')}`;
    await addEvent(server, `Branch meeting ${day}.pdf`, { title: `Branch meeting ${day}`, start: `${date}T14:30`, venue: 'Parish Hall', town: 'Athlone' });
  }

  const response = await fetch(`${server.baseUrl}/events`);
  const html = await response.text();

  expect(html.length).toBeGreaterThan(40_000);
  expect(html).toContain('Branch meeting 40');
  expect(html).not.toContain('<template');
  expect(html).not.toMatch(/id="S:\d+"/);
  expect(html).toContain('Get our news by');
});

test("an event's page arrives with its details, calendar links and schema.org data, named in the title", async () => {
  const server = await startBuiltSite({ clock: () => START });
  await addEvent(server, 'Outing.pdf', { title: 'Outing to Kilkenny', start: '2026-12-05T10:00', end: '2026-12-05T17:30', venue: 'Castle', town: 'Kilkenny' });

  const { status, document } = await fetchPage(server, '/events/Outing');

  expect(status).toBe(200);
  expect(heading(document)).toBe('Outing to Kilkenny');
  expect(document.title).toBe(pageTitle('event', 'Outing to Kilkenny'));
  expect(text(document.querySelector('main'))).toContain('Date: Saturday 5 December 2026, 10am to 5.30pm');
  expect(document.querySelector('a[href="/events/Outing/calendar.ics"]')).not.toBeNull();
  const data = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as Record<string, unknown>;
  expect(data).toMatchObject({ '@type': 'Event', name: 'Outing to Kilkenny', startDate: '2026-12-05T10:00:00+00:00', endDate: '2026-12-05T17:30:00+00:00' });
});

test('a hostile event title stays text in the page, the data and the schema.org element; the policy still allows only the loader', async () => {
  const server = await startBuiltSite({ clock: () => START });
  const hostile = '</script><script>alert(1)</script> <!-- & "quoted"';
  await addEvent(server, 'Hostile.pdf', { title: hostile, start: '2026-12-05T10:00' });

  const response = await fetch(`${server.baseUrl}/events/Hostile`);
  const html = await response.text();
  const { document } = await fetchPage(server, '/events/Hostile');

  expect(html).not.toContain('<script>alert(1)');
  expect([...document.querySelectorAll('script')].map((script) => script.getAttribute('type') ?? 'inline')).toEqual(['inline', 'application/ld+json', 'application/json']);
  expect(JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}')).toMatchObject({ name: hostile });
  expect(heading(document)).toBe(hostile);
  for (const script of document.querySelectorAll('script:not([type])')) {
    expect(`'sha256-${createHash('sha256').update(script.textContent ?? '').digest('base64')}'`).toBe(APP_LOADER_CSP_SOURCE);
  }
});

test('an event that is not there responds with 404 and its not-found page', async () => {
  const server = await startBuiltSite({ clock: () => START });

  const { status, document } = await fetchPage(server, '/events/No%20such%20event');

  expect(status).toBe(404);
  expect(heading(document)).toBe('Event not found');
});

test('the home page names the next event', async () => {
  const server = await startBuiltSite({ clock: () => START });

  const { document } = await fetchPage(server, '/');

  expect(text(document.querySelector('#home-next-event')?.parentElement)).toContain('Sample event: Annual General Meeting');
});

test('a cached Events page is invalidated once an event on it has finished, though nothing was changed', async () => {
  const clock = createTestClock(START);
  const server = await startBuiltSite({ clock: clock.now });
  await addEvent(server, 'Lunch.pdf', { title: 'Christmas lunch', start: '2026-11-21T12:00', end: '2026-11-21T14:00' });

  const before = await fetchPage(server, '/events');
  await fetchPage(server, '/events');
  const cachedWhileUpcoming = server.app.pageCache.statistics();
  clock.advance(5 * HOUR);
  const after = await fetchPage(server, '/events');

  expect(cachedWhileUpcoming.reused).toBeGreaterThanOrEqual(1);
  expect(text(before.document.querySelector('ul.grid'))).toContain('Christmas lunch');
  expect(text(after.document.querySelector('ul.grid'))).not.toContain('Christmas lunch');
  expect(text(after.document.querySelector('section[aria-labelledby="past-events"]'))).toContain('Christmas lunch');
});
