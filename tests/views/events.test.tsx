import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { NO_EVENT_DETAILS, type EventDetails } from '../../src-core/domain/event-details';
import { DAY_MS, formatLocalDate, localDateTimeAt } from '../../src-core/domain/zoned-time';
import { BACKENDS, startFakeNetwork } from './backends';

const network = startFakeNetwork();
const ZONE = 'Europe/Dublin';

/** 'YYYY-MM-DD' so many days from today in Ireland: the pages measure upcoming and past from now. */
function daysFromNow(days: number): string {
  return formatLocalDate(localDateTimeAt(Date.now() + days * DAY_MS, ZONE));
}

const details = (change: Partial<EventDetails>): EventDetails => ({ ...NO_EVENT_DETAILS, timeZone: ZONE, ...change });

const EVENTS = [
  { name: 'Later.pdf', details: details({ title: 'Autumn lunch', start: `${daysFromNow(40)}T13:00`, venue: 'Hotel', town: 'Mullingar' }) },
  {
    name: 'AGM.pdf',
    details: details({
      title: 'Annual General Meeting',
      start: `${daysFromNow(10)}T14:30`,
      end: `${daysFromNow(10)}T16:00`,
      venue: 'Parish Hall',
      town: 'Athlone',
      description: 'All members welcome.\nTea afterwards.',
    }),
  },
  { name: 'Walk.pdf', details: details({ title: 'Spring walk', allDay: true, start: daysFromNow(-20), town: 'Glendalough' }) },
  { name: 'Old.pdf', details: details({ title: 'Old outing', allDay: true, start: daysFromNow(-500) }) },
  { name: 'Details to follow.pdf' },
];

const titlesIn = (container: HTMLElement, level: number) =>
  within(container)
    .getAllByRole('heading', { level })
    .map((heading) => heading.textContent);

describe.each(BACKENDS)('on the $name backend', (backend) => {
  test('Upcoming Events lists upcoming events soonest first, then those without a date, with their dates and places', async () => {
    network.site(backend, { files: { events: EVENTS } }).render('/events');

    const cards = await within(screen.getByRole('main')).findAllByRole('listitem');
    const upcoming = cards.slice(0, 3);

    expect(upcoming.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Annual General Meeting',
      'Autumn lunch',
      'Details to follow',
    ]);
    expect(upcoming[0]).toHaveTextContent(/Date: \w+day \d{1,2} \w+ \d{4}, 2\.30pm to 4pm/);
    expect(upcoming[0]).toHaveTextContent('Location: Parish Hall, Athlone');
    expect(upcoming[2]).toHaveTextContent('Date: Unknown Date');
    expect(upcoming[2]).toHaveTextContent('Location: Unknown Location');
    expect(within(upcoming[0]!).getByRole('link', { name: 'Annual General Meeting' })).toHaveAttribute('href', '/events/AGM');
    expect(within(upcoming[0]!).getByRole('link', { name: /^Click to view PDF: Annual General Meeting/ })).toHaveAttribute('target', '_blank');
  });

  test('past events of the last 12 months have their own section, newest first, and older ones come on request', async () => {
    const { user } = network.site(backend, { files: { events: EVENTS } }).render('/events');

    const past = await screen.findByRole('region', { name: 'Past events' });

    expect(titlesIn(past, 3)).toEqual(['Spring walk']);
    await user.click(within(past).getByRole('link', { name: 'Show older events (1)' }));

    const all = await screen.findByRole('region', { name: 'Past events' });
    expect(await within(all).findByRole('heading', { level: 3, name: 'Old outing' })).toBeInTheDocument();
    expect(titlesIn(all, 3)).toEqual(['Spring walk', 'Old outing']);
    expect(within(all).queryByRole('link', { name: /Show older events/ })).not.toBeInTheDocument();
  });

  test("an event's page shows all its details, its PDF and ways to add it to a calendar", async () => {
    network.site(backend, { files: { events: EVENTS } }).render('/events/AGM');

    expect(await screen.findByRole('heading', { level: 1, name: 'Annual General Meeting' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Location: Parish Hall, Athlone');
    expect(main).toHaveTextContent('All members welcome.Tea afterwards.');
    expect(within(main).getByRole('link', { name: /^Click to view PDF: Annual General Meeting/ })).toHaveAttribute('target', '_blank');
    const calendar = screen.getByRole('region', { name: 'Add to calendar' });
    const google = within(calendar).getByRole('link', { name: 'Add to Google Calendar (opens in a new tab)' });
    expect(new URL(google.getAttribute('href') ?? '').searchParams.get('text')).toBe('Annual General Meeting');
    expect(within(calendar).getByRole('link', { name: 'Add to Outlook Calendar (opens in a new tab)' })).toHaveAttribute(
      'href',
      expect.stringContaining('https://outlook.live.com/calendar/0/deeplink/compose?'),
    );
    expect(document.title).toBe('Annual General Meeting | Events | Retired Nurses Association Of Ireland');
  });

  test('the page carries schema.org Event data with the date and place, for search engines', async () => {
    network.site(backend, { files: { events: EVENTS } }).render('/events/AGM');
    await screen.findByRole('heading', { level: 1, name: 'Annual General Meeting' });

    const script = document.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}') as Record<string, unknown>;

    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Annual General Meeting',
      startDate: expect.stringMatching(new RegExp(`^${daysFromNow(10)}T14:30:00\\+0[01]:00$`)),
      location: { '@type': 'Place', name: 'Parish Hall', address: { '@type': 'PostalAddress', addressLocality: 'Athlone' } },
    });
  });

  test('an event without details has a page with the spec card texts and nothing to add to a calendar', async () => {
    network.site(backend, { files: { events: EVENTS } }).render('/events/Details%20to%20follow');

    expect(await screen.findByRole('heading', { level: 1, name: 'Details to follow' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Date: Unknown Date');
    expect(screen.queryByRole('region', { name: 'Add to calendar' })).not.toBeInTheDocument();
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  test('an event that is not there says so, with a way to all the events', async () => {
    network.site(backend, { files: { events: EVENTS } }).render('/events/Nothing%20here');

    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all the events' })).toHaveAttribute('href', '/events');
  });

  test('the home page points to the next upcoming event', async () => {
    network.site(backend, { files: { events: EVENTS } }).render('/');

    const next = await screen.findByRole('region', { name: 'Our next event' });

    expect(within(next).getByRole('link', { name: 'Annual General Meeting' })).toHaveAttribute('href', '/events/AGM');
    expect(next).toHaveTextContent('Parish Hall, Athlone');
  });
});

describe('calendar files: a feed only a server can make, and one event\'s file', () => {
  const [selfHosted, hosted] = BACKENDS;

  test('the self-hosted site offers the feed to subscribe to and each event as an .ics file', async () => {
    network.site(selfHosted!, { files: { events: EVENTS } }).render('/events');

    const feed = await screen.findByRole('region', { name: 'Our events in your calendar' });

    expect(within(feed).getByRole('link', { name: "Subscribe in your calendar app" }).getAttribute('href')).toMatch(/^webcal:\/\/[^/]+\/events\.ics$/);
    // The same words on a phone and on a computer: nothing here knows which one the reader uses.
    expect(within(feed).queryByText(/phone's calendar/)).not.toBeInTheDocument();
  });

  test("the self-hosted event page links its own .ics file", async () => {
    network.site(selfHosted!, { files: { events: EVENTS } }).render('/events/AGM');

    const calendar = await screen.findByRole('region', { name: 'Add to calendar' });

    expect(within(calendar).getByRole('link', { name: 'Add to my calendar (.ics file)' })).toHaveAttribute('href', '/events/AGM/calendar.ics');
  });

  test('the hosted site, a static site, makes the .ics file in the browser beside the Google and Outlook links', async () => {
    network.site(hosted!, { files: { events: EVENTS } }).render('/events/AGM');

    const calendar = await screen.findByRole('region', { name: 'Add to calendar' });
    const file = within(calendar).getByRole('link', { name: 'Add to my calendar (.ics file)' });

    expect(file.getAttribute('href')).toMatch(/^data:text\/calendar;charset=utf-8,/);
    const text = decodeURIComponent((file.getAttribute('href') ?? '').replace(/^data:[^,]*,/, ''));
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('BEGIN:VEVENT');
    expect(within(calendar).getByRole('link', { name: /Google/ })).toBeInTheDocument();
  });

  test('the hosted site takes no bookings: the event page says nothing about booking', async () => {
    network.site(hosted!, { files: { events: EVENTS } }).render('/events/AGM');

    expect(await screen.findByRole('region', { name: 'Add to calendar' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Book a place' })).toBeNull();
    expect(document.getElementById('booking')).toBeNull();
  });
});
