import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { bookingActionPath, eventBookingsApiPath } from '../../contract/bookings';
import { MEMBERSHIP_PATHS, branchPath } from '../../contract/membership';
import { API_PATHS, auditListSchema, postRestorePath, postVersionsPath } from '../../contract/wire';
import { ADMIN, json, signedIn } from './helpers/accounts';
import { LUNCH_DETAILS, SETTINGS, addEvent, startBookingServer, type BookingServer } from './helpers/bookings';
import type { CookieJarFetch } from './helpers/cookie-jar';
import { Readable } from 'node:stream';
import { samplePdf } from '../../server/content/sample-pdf';

const OFFICER = { email: 'officer@example.org', password: 'the branch officer passphrase' } as const;

type Place = 'north' | 'south' | 'national';

interface OfficerServer extends BookingServer {
  readonly officer: CookieJarFetch;
  readonly branch: Readonly<Record<'north' | 'south', string>>;
  /** A post, an event (taking bookings) and one booking of it, for each branch and a national one. */
  readonly post: Readonly<Record<Place, string>>;
  readonly event: Readonly<Record<Place, string>>;
  readonly booking: Readonly<Record<Place, string>>;
}

async function officerServer(): Promise<OfficerServer> {
  const setup = await startBookingServer();
  const { server, admin } = setup;
  const url = (path: string) => `${server.baseUrl}${path}`;
  const added = ['North Branch', 'South Branch'].map((name) => server.app.branches.add(name));
  const [north, south] = added.map((branch) => (branch === 'taken' || branch === undefined ? '' : branch.id));
  const branch = { north: north ?? '', south: south ?? '' };
  server.app.accounts.save(OFFICER.email, await server.app.hasher.hash(OFFICER.password), new Date().toISOString(), 'branch-officer', Number(branch.north));
  const branchOf = (place: Place) => (place === 'national' ? null : branch[place]);

  const post = {} as Record<Place, string>;
  const event = {} as Record<Place, string>;
  const booking = {} as Record<Place, string>;
  for (const place of ['north', 'south', 'national'] as const) {
    const created = await admin.fetch(url(API_PATHS.posts), { method: 'POST', ...json({ title: `News of ${place}`, body: 'Text.', branch: branchOf(place) }) });
    expect(created.status).toBe(201);
    post[place] = ((await created.json()) as { id: string }).id;

    const path = await addEvent(setup, SETTINGS, { id: `Lunch ${place}`, details: { ...LUNCH_DETAILS, title: `Lunch ${place}` } });
    const placed = await admin.fetch(url(`${API_PATHS.eventDetails}?path=${encodeURIComponent(path)}`), {
      method: 'PUT',
      ...json({ details: { ...LUNCH_DETAILS, title: `Lunch ${place}` }, branch: branchOf(place) }),
    });
    expect(placed.status).toBe(200);
    event[place] = path;

    const phoned = await admin.fetch(url(eventBookingsApiPath('eventBookings', path)), { method: 'POST', ...json({ name: 'Mary', phone: '0871234567', places: 1 }) });
    expect(phoned.status).toBe(201);
    booking[place] = ((await phoned.json()) as { id: string }).id;
  }
  return { ...setup, officer: await signedIn(server.baseUrl, OFFICER), branch, post, event, booking };
}

/** The officer's request; the answer's status, and its message when refused. */
async function ask(setup: OfficerServer, method: string, path: string, body?: unknown): Promise<{ status: number; message?: string }> {
  const response = await setup.officer.fetch(`${setup.server.baseUrl}${path}`, { method, ...(body === undefined ? {} : json(body)) });
  if (response.status !== 403) return { status: response.status };
  return { status: 403, message: ((await response.json()) as { error: { message: string } }).error.message };
}

const REFUSED = { status: 403, message: API_MESSAGES.notYourBranch };

test("a branch officer changes their own branch's news, and every news route refuses another branch's and the national news", async () => {
  const setup = await officerServer();
  const { post } = setup;
  const draft = { title: 'Coffee morning', body: 'All welcome.' };

  for (const other of [post.south, post.national]) {
    expect(await ask(setup, 'PUT', `/api/posts/${other}`, draft), other).toEqual(REFUSED);
    expect(await ask(setup, 'GET', postVersionsPath(other))).toEqual(REFUSED);
    expect(await ask(setup, 'POST', postRestorePath(other, 1))).toEqual(REFUSED);
    expect(await ask(setup, 'DELETE', `/api/posts/${other}`)).toEqual(REFUSED);
  }
  expect(setup.server.app.posts.getAny(post.south)).toMatchObject({ title: 'News of south' });
  expect(setup.server.app.posts.getAny(post.national)).toMatchObject({ title: 'News of national' });

  expect(await ask(setup, 'PUT', `/api/posts/${post.north}`, draft)).toEqual({ status: 200 });
  expect(await ask(setup, 'GET', postVersionsPath(post.north))).toEqual({ status: 200 });
  expect(await ask(setup, 'POST', postRestorePath(post.north, 1))).toEqual({ status: 200 });
  // Moving their post out of their branch, or to the national news, is refused.
  expect(await ask(setup, 'PUT', `/api/posts/${post.north}`, { ...draft, branch: setup.branch.south })).toEqual({ status: 403, message: API_MESSAGES.ownBranchOnly });
  expect(await ask(setup, 'PUT', `/api/posts/${post.north}`, { ...draft, branch: null })).toEqual({ status: 403, message: API_MESSAGES.ownBranchOnly });
  expect(setup.server.app.posts.getAny(post.north)?.branch?.id).toBe(setup.branch.north);

  // A new post goes into their branch, chosen or not; another branch or the national news is refused.
  const created = await setup.officer.fetch(`${setup.server.baseUrl}${API_PATHS.posts}`, { method: 'POST', ...json(draft) });
  expect(created.status).toBe(201);
  expect(await created.json()).toMatchObject({ branch: { id: setup.branch.north, name: 'North Branch' } });
  expect(await ask(setup, 'POST', API_PATHS.posts, { ...draft, branch: setup.branch.south })).toEqual({ status: 403, message: API_MESSAGES.ownBranchOnly });
  expect(await ask(setup, 'POST', API_PATHS.posts, { ...draft, branch: null })).toEqual({ status: 403, message: API_MESSAGES.ownBranchOnly });

  const list = await (await setup.officer.fetch(`${setup.server.baseUrl}${API_PATHS.allPosts}`)).json();
  expect(list.posts.map((each: { title: string }) => each.title).sort()).toEqual(['Coffee morning', 'News of north']);

  expect(await ask(setup, 'DELETE', `/api/posts/${post.north}`)).toEqual({ status: 204 });
  const audit = auditListSchema.parse(await (await signedIn(setup.server.baseUrl, ADMIN)).fetch(`${setup.server.baseUrl}/api/audit?actor=${OFFICER.email}`).then((r) => r.json()));
  expect(audit.entries.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['post-edited', 'post-created', 'post-deleted']));
});

test("a branch officer changes their own branch's events and bookings, and every event and booking route refuses another branch's and the national ones", async () => {
  const setup = await officerServer();
  const { event, booking } = setup;
  const details = (place: Place) => `${API_PATHS.eventDetails}?path=${encodeURIComponent(event[place])}`;
  const phoneBooking = { name: 'Ann', phone: '0861234567', places: 1 };

  for (const other of ['south', 'national'] as const) {
    expect(await ask(setup, 'PUT', details(other), { details: LUNCH_DETAILS }), other).toEqual(REFUSED);
    expect(await ask(setup, 'GET', eventBookingsApiPath('eventBookings', event[other]))).toEqual(REFUSED);
    expect(await ask(setup, 'POST', eventBookingsApiPath('eventBookings', event[other]), phoneBooking)).toEqual(REFUSED);
    expect(await ask(setup, 'GET', eventBookingsApiPath('eventSettings', event[other]))).toEqual(REFUSED);
    expect(await ask(setup, 'PUT', eventBookingsApiPath('eventSettings', event[other]), { settings: null })).toEqual(REFUSED);
    expect(await ask(setup, 'GET', eventBookingsApiPath('eventExport', event[other]))).toEqual(REFUSED);
    expect(await ask(setup, 'POST', eventBookingsApiPath('eventCancel', event[other]), { message: 'Called off.' })).toEqual(REFUSED);
    for (const action of ['cancel', 'move-up', 'phoned'] as const) expect(await ask(setup, 'POST', bookingActionPath(action, booking[other]))).toEqual(REFUSED);
  }
  expect(setup.server.app.bookings.get(Number(booking.south))?.status).toBe('booked');

  const summaries = await (await setup.officer.fetch(`${setup.server.baseUrl}/api/event-bookings/summaries`)).json();
  expect(summaries.events.map((each: { eventPath: string }) => each.eventPath)).toEqual([event.north]);

  expect(await ask(setup, 'PUT', details('north'), { details: { ...LUNCH_DETAILS, venue: 'The Parish Hall' } })).toEqual({ status: 200 });
  expect(await ask(setup, 'PUT', details('north'), { details: LUNCH_DETAILS, branch: setup.branch.south })).toEqual({ status: 403, message: API_MESSAGES.ownBranchOnly });
  expect(await ask(setup, 'GET', eventBookingsApiPath('eventBookings', event.north))).toEqual({ status: 200 });
  expect(await ask(setup, 'POST', eventBookingsApiPath('eventBookings', event.north), phoneBooking)).toEqual({ status: 201 });
  expect(await ask(setup, 'GET', eventBookingsApiPath('eventSettings', event.north))).toEqual({ status: 200 });
  expect(await ask(setup, 'PUT', eventBookingsApiPath('eventSettings', event.north), { settings: { ...SETTINGS, places: 30 } })).toEqual({ status: 200 });
  expect(await ask(setup, 'GET', eventBookingsApiPath('eventExport', event.north))).toEqual({ status: 200 });
  expect(await ask(setup, 'POST', bookingActionPath('cancel', booking.north))).toEqual({ status: 200 });
  expect(await ask(setup, 'POST', eventBookingsApiPath('eventCancel', event.north), { message: 'Called off, sorry.' })).toEqual({ status: 200 });
  // The site's booking settings and one address's bookings across every event are not a branch's.
  expect(await ask(setup, 'GET', '/api/booking-settings')).toEqual({ status: 403, message: API_MESSAGES.notYourRole });
  expect(await ask(setup, 'GET', '/api/booking-data?email=nurse%40example.org')).toEqual({ status: 403, message: API_MESSAGES.notYourRole });
});

/** The officer's upload of a PDF named `name` into `folder`, with an event's details for the events. */
async function upload(setup: OfficerServer, folder: string, name: string): Promise<{ status: number; message?: string }> {
  const query = new URLSearchParams({ folder, name, ...(folder === 'events' ? { details: JSON.stringify({ ...LUNCH_DETAILS, title: name }) } : {}) });
  const response = await setup.officer.fetch(`${setup.server.baseUrl}${API_PATHS.files}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: Buffer.from(samplePdf(name, ['Line'])),
  });
  if (response.status !== 403) return { status: response.status };
  return { status: 403, message: ((await response.json()) as { error: { message: string } }).error.message };
}

const deletion = (path: string) => `${API_PATHS.files}?${new URLSearchParams({ path })}`;

test("a branch officer uploads events that are their branch's from the start and deletes or replaces them, and no other file", async () => {
  const setup = await officerServer();
  const { server, event, branch } = setup;
  const listed = async (name: string) => {
    const listing = await (await fetch(`${server.baseUrl}${API_PATHS.events}`)).json();
    return listing.events.find((each: { file: { name: string } }) => each.file.name === name);
  };

  expect(await upload(setup, 'events', 'Summer Walk.pdf')).toEqual({ status: 201 });
  expect(await listed('Summer Walk.pdf')).toMatchObject({ details: { title: 'Summer Walk.pdf' }, branch: { id: branch.north, name: 'North Branch' } });

  // Every other folder stays with an administrator or editor, and nothing is stored.
  const EVENTS_ONLY = { status: 403, message: API_MESSAGES.eventFilesOnly };
  expect(await upload(setup, 'newsletters', 'Spring Newsletter.pdf')).toEqual(EVENTS_ONLY);
  expect(await upload(setup, 'root', 'Application Form.pdf')).toEqual(EVENTS_ONLY);
  expect(await server.app.files.exists('newsletters', 'Spring Newsletter.pdf')).toBe(false);
  expect(await server.app.files.exists('root', 'Application Form.pdf')).toBe(false);
  await server.app.files.save('newsletters', 'Winter Newsletter.pdf', Readable.from([Buffer.from(samplePdf('Winter', ['News']))]), 1e9);
  expect(await ask(setup, 'DELETE', deletion('newsletters/Winter Newsletter.pdf'))).toEqual(EVENTS_ONLY);
  expect(await server.app.files.exists('newsletters', 'Winter Newsletter.pdf')).toBe(true);

  // Another branch's event and a national one stay.
  for (const other of ['south', 'national'] as const) {
    expect(await ask(setup, 'DELETE', deletion(event[other])), other).toEqual(REFUSED);
    expect(await listed(event[other].slice('events/'.length))).toBeDefined();
  }

  // Their own: deleted, and (as a file is never overwritten) replaced by deleting and uploading again.
  expect(await ask(setup, 'DELETE', deletion(event.north))).toEqual({ status: 204 });
  expect(await listed(event.north.slice('events/'.length))).toBeUndefined();
  expect(await ask(setup, 'DELETE', deletion('events/Summer Walk.pdf'))).toEqual({ status: 204 });
  expect(await upload(setup, 'events', 'Summer Walk.pdf')).toEqual({ status: 201 });
  expect(await listed('Summer Walk.pdf')).toMatchObject({ branch: { id: branch.north } });

  const audit = auditListSchema.parse(await (await signedIn(server.baseUrl, ADMIN)).fetch(`${server.baseUrl}/api/audit?actor=${OFFICER.email}`).then((r) => r.json()));
  expect(audit.entries.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['file-uploaded', 'file-deleted']));
});

test("an event file put in place under a name taken meanwhile writes nothing: the other event keeps its details and stays national", async () => {
  const setup = await officerServer();
  const { server, event, branch } = setup;
  const name = event.national.slice('events/'.length);
  const placing = server.app.events.placing(name, { ...LUNCH_DETAILS, title: 'Another lunch' }, Date.now(), Number(branch.north));
  const saved = await server.app.files.save('events', name, Readable.from([Buffer.from(samplePdf('Another', ['Line']))]), 1e9, placing);
  expect(saved).toEqual({ ok: false, reason: 'exists' });
  const kept = await server.app.events.find(name);
  expect(kept?.details?.title).toBe('Lunch national');
  expect(kept?.branch).toBeUndefined();
});

test("an event whose details and branch cannot be stored is not stored either, so it is never listed as national", async () => {
  const setup = await officerServer();
  const { server } = setup;
  // The database refuses the event's row, as a full disk or a held lock would.
  server.app.db.exec("CREATE TEMP TRIGGER refuse_event_rows BEFORE INSERT ON event_details BEGIN SELECT RAISE(ABORT, 'refused for the test'); END");
  const refused = await upload(setup, 'events', 'Bridge Club.pdf');
  expect(refused.status).toBeGreaterThanOrEqual(500);
  expect(await server.app.files.exists('events', 'Bridge Club.pdf')).toBe(false);
  server.app.db.exec('DROP TRIGGER refuse_event_rows');
  // Nothing was left behind that would stop the same upload now.
  expect(await upload(setup, 'events', 'Bridge Club.pdf')).toEqual({ status: 201 });
  expect((await server.app.events.find('Bridge Club.pdf'))?.branch?.id).toBe(setup.branch.north);
});

test("a branch officer changes their own branch's page only, and not what the branch is; removing a branch with an officer is refused", async () => {
  const setup = await officerServer();
  const { branch } = setup;
  // The counties a branch covers are set by the membership; a branch needs them before its page can change.
  const covered = await setup.admin.fetch(`${setup.server.baseUrl}${branchPath(branch.north)}`, { method: 'PATCH', ...json({ name: 'North Branch', counties: ['Donegal'] }) });
  expect(covered.status).toBe(200);
  const page = { name: 'North Branch', meets: 'First Tuesday of the month, 11am, the Parish Hall', description: 'Retired nurses of the north.' };

  expect(await ask(setup, 'PATCH', branchPath(branch.south), { ...page, name: 'South Branch' })).toEqual(REFUSED);
  expect(await ask(setup, 'PATCH', branchPath(branch.north), { ...page, name: 'Northern Branch' })).toEqual({ status: 403, message: API_MESSAGES.branchPageOnly });
  expect(await ask(setup, 'PATCH', branchPath(branch.north), { ...page, active: false })).toEqual({ status: 403, message: API_MESSAGES.branchPageOnly });
  expect(await ask(setup, 'PATCH', branchPath(branch.north), { ...page, counties: ['Donegal', 'Sligo'] })).toEqual({ status: 403, message: API_MESSAGES.branchPageOnly });
  expect(await ask(setup, 'POST', MEMBERSHIP_PATHS.branches, { name: 'West Branch' })).toEqual({ status: 403, message: API_MESSAGES.notYourRole });
  expect(await ask(setup, 'DELETE', branchPath(branch.south))).toEqual({ status: 403, message: API_MESSAGES.notYourRole });

  expect(await ask(setup, 'PATCH', branchPath(branch.north), page)).toEqual({ status: 200 });
  expect(setup.server.app.branches.get(branch.north)).toMatchObject({ name: 'North Branch', counties: ['Donegal'], meets: page.meets, description: page.description });
  expect(setup.server.app.branches.get(branch.south)).toMatchObject({ meets: '' });

  const removal = await setup.admin.fetch(`${setup.server.baseUrl}${branchPath(branch.north)}`, { method: 'DELETE' });
  expect(removal.status).toBe(409);
  expect(await removal.json()).toMatchObject({ error: { message: API_MESSAGES.branchHasOfficer } });
});
