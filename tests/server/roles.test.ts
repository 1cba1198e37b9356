import path from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import { MIGRATIONS } from '../../server/db/migrations';
import { samplePdf } from '../../server/content/sample-pdf';
import { API_MESSAGES } from '../../contract/api-messages';
import { FILE_AREAS, ROLE_AREAS, type AdminArea, type StaffRole } from '../../src-core/domain/roles';
import { ADMIN, ADMIN_ENV, MEMBER, addAccount, signedIn } from './helpers/accounts';
import { startTestServer, temporaryDir } from './helpers/test-server';

/**
 * Every API route the server has, with the part of the admin area it belongs to; 'public' for
 * the routes anyone may use (the site's own pages, forms and e-mail links). A route added
 * without a line here fails the first test, so none is left out of the table below. A list of
 * parts lets in a role with any of them, and the route then decides by the record: the files
 * routes by folder (FILE_AREAS), tested on their own below.
 */
const ROUTES: Readonly<Record<string, AdminArea | readonly AdminArea[] | 'public'>> = {
  'PUT /api/account/password': 'own-account',
  'DELETE /api/account/sessions': 'own-account',
  'GET /api/account/sessions': 'own-account',
  'DELETE /api/account/sessions/:id': 'own-account',
  'GET /api/account/trusted-browsers': 'own-account',
  'DELETE /api/account/trusted-browsers/:id': 'own-account',
  'DELETE /api/account/two-step': 'own-account',
  'GET /api/account/two-step': 'own-account',
  'POST /api/account/two-step/enrolment': 'own-account',
  'PUT /api/account/two-step/enrolment': 'own-account',
  'GET /api/applications': 'membership',
  'POST /api/applications': 'public',
  'DELETE /api/applications/:id': 'membership',
  'GET /api/applications/:id': 'membership',
  'POST /api/applications/:id/approve': 'membership',
  'GET /api/applications/:id/data': 'membership',
  'POST /api/applications/:id/decline': 'membership',
  'POST /api/applications/:id/more-information': 'membership',
  'GET /api/association': 'public',
  'PUT /api/association': 'site',
  'GET /api/audit': 'site',
  'DELETE /api/booking-data': 'content',
  'GET /api/booking-data': 'content',
  'GET /api/booking-settings': 'content',
  'PUT /api/booking-settings': 'content',
  'POST /api/bookings/:id/cancel': 'news-and-events',
  'POST /api/bookings/:id/move-up': 'news-and-events',
  'POST /api/bookings/:id/phoned': 'news-and-events',
  'GET /api/bookings/by-token': 'public',
  'POST /api/bookings/cancel': 'public',
  'GET /api/branches': 'public',
  'POST /api/branches': 'membership',
  'DELETE /api/branches/:id': 'membership',
  'PATCH /api/branches/:id': 'branch-pages',
  'POST /api/contact': 'public',
  'GET /api/contact-messages': 'site',
  'DELETE /api/contact-messages/:id': 'site',
  'PATCH /api/contact-messages/:id': 'site',
  'POST /api/contact-messages/:id/send': 'site',
  'GET /api/event-bookings': 'news-and-events',
  'POST /api/event-bookings': 'news-and-events',
  'POST /api/event-bookings/cancel-event': 'news-and-events',
  'GET /api/event-bookings/export.csv': 'news-and-events',
  'GET /api/event-bookings/settings': 'news-and-events',
  'PUT /api/event-bookings/settings': 'news-and-events',
  'GET /api/event-bookings/summaries': 'news-and-events',
  'GET /api/events': 'public',
  'GET /api/events/:event/booking': 'public',
  'POST /api/events/:event/bookings': 'public',
  'PUT /api/events/details': 'news-and-events',
  'DELETE /api/files': FILE_AREAS,
  'GET /api/files': 'public',
  'POST /api/files': FILE_AREAS,
  'GET /api/files/limits': 'public',
  'GET /api/invitation': 'public',
  'POST /api/invitation': 'public',
  'GET /api/mailings': 'membership',
  'POST /api/mailings': 'membership',
  'GET /api/mailings/:id': 'membership',
  'POST /api/mailings/:id/pause': 'membership',
  'GET /api/mailings/:id/preview': 'membership',
  'POST /api/mailings/:id/resume': 'membership',
  'POST /api/mailings/:id/send': 'membership',
  'POST /api/mailings/:id/test': 'membership',
  'GET /api/members': 'membership',
  'DELETE /api/members/:number': 'membership',
  'GET /api/members/:number': 'membership',
  'PATCH /api/members/:number': 'membership',
  'GET /api/members/:number/data': 'membership',
  'POST /api/members/:number/payments': 'membership',
  'DELETE /api/members/:number/payments/:paymentId': 'membership',
  'POST /api/members/:number/welcome-letter-posted': 'membership',
  'GET /api/members/export': 'membership',
  'POST /api/members/import': 'membership',
  'GET /api/membership-settings': 'membership',
  'PUT /api/membership-settings': 'membership',
  'GET /api/posts': 'public',
  'POST /api/posts': 'news-and-events',
  'DELETE /api/posts/:id': 'news-and-events',
  'GET /api/posts/:id': 'public',
  'PUT /api/posts/:id': 'news-and-events',
  'GET /api/posts/:id/versions': 'news-and-events',
  'POST /api/posts/:id/versions/:number/restore': 'news-and-events',
  'GET /api/post-editor/posts': 'news-and-events',
  'POST /api/pictures': 'news-and-events',
  'GET /api/pictures/:id': 'news-and-events',
  'GET /api/renewal-letters': 'membership',
  'GET /api/search': 'public',
  'DELETE /api/session': 'public',
  'GET /api/session': 'public',
  'POST /api/session': 'public',
  'POST /api/session/second-step': 'public',
  'DELETE /api/subscriber-data': 'membership',
  'GET /api/subscriber-data': 'membership',
  'GET /api/subscribers': 'membership',
  'POST /api/subscribers': 'membership',
  'DELETE /api/subscribers/:id': 'membership',
  'DELETE /api/subscribers/:id/data': 'membership',
  'GET /api/subscribers/:id/data': 'membership',
  'GET /api/subscribers/export.csv': 'membership',
  'POST /api/subscriptions': 'public',
  'POST /api/subscriptions/confirm': 'public',
  'POST /api/subscriptions/unsubscribe': 'public',
  'GET /api/team': 'site',
  'POST /api/team/invitations': 'site',
  'POST /api/team/removal': 'site',
  'POST /api/team/role': 'site',
  'POST /api/team/suspension': 'site',
  'GET /api/visits': 'site',
  'PUT /api/visits/summary-by-email': 'site',
};

const ADMIN_ROUTES = Object.entries(ROUTES).filter((entry): entry is [string, AdminArea | readonly AdminArea[]] => entry[1] !== 'public');

const EDITOR = { email: 'editor@example.org', password: 'an editor passphrase' } as const;
const SECRETARY = { email: 'members@example.org', password: 'a membership passphrase' } as const;
const OFFICER = { email: 'officer@example.org', password: 'a branch officer passphrase' } as const;

type Who = 'signed out' | 'account without a role' | StaffRole;
const PEOPLE: Readonly<Record<Exclude<Who, 'signed out'>, { email: string; password: string }>> = {
  'account without a role': MEMBER,
  editor: EDITOR,
  'membership-secretary': SECRETARY,
  'branch-officer': OFFICER,
  administrator: ADMIN,
};

/** What a route answers each person: 401 signed out, 403 without the area, anything else (400, 404, 200...) once let in. */
function expected(who: Who, area: AdminArea | readonly AdminArea[]): 401 | 403 | 'let in' {
  if (who === 'signed out') return 401;
  if (who === 'account without a role') return 403;
  const areas: readonly AdminArea[] = typeof area === 'string' ? [area] : area;
  return areas.some((each) => ROLE_AREAS[who].includes(each)) ? 'let in' : 403;
}

async function serverFor(who: Who): Promise<{ app: FastifyInstance; cookie: string | undefined }> {
  const { app } = await startTestServer({ env: ADMIN_ENV });
  await addAccount(app, ADMIN);
  app.accounts.save(MEMBER.email, await app.hasher.hash(MEMBER.password), new Date().toISOString(), null);
  app.accounts.save(EDITOR.email, await app.hasher.hash(EDITOR.password), new Date().toISOString(), 'editor');
  app.accounts.save(SECRETARY.email, await app.hasher.hash(SECRETARY.password), new Date().toISOString(), 'membership-secretary');
  const branch = app.branches.add('North Branch');
  if (branch === 'taken') throw new Error('The branch was not added.');
  app.accounts.save(OFFICER.email, await app.hasher.hash(OFFICER.password), new Date().toISOString(), 'branch-officer', Number(branch.id));
  if (who === 'signed out') return { app, cookie: undefined };
  const response = await app.inject({ method: 'POST', url: '/api/session', payload: PEOPLE[who] });
  expect(response.statusCode).toBe(200);
  const cookie = [response.headers['set-cookie']].flat().find((header) => header?.startsWith('rnai'))?.split(';')[0];
  return { app, cookie };
}

const concrete = (path: string) => path.replace(/:[a-zA-Z]+/g, '999999');

test('every API route is in the table, as an admin route or a public one', async () => {
  const routes = new Set<string>();
  await startTestServer({
    onRoute: (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD' && route.url.startsWith('/api/')) routes.add(`${method} ${route.url}`);
    },
  });
  expect([...routes].sort()).toEqual(Object.keys(ROUTES).sort());
});

test.each<Who>(['signed out', 'account without a role', 'editor', 'membership-secretary', 'branch-officer', 'administrator'])(
  'every admin route answers %s as the table of roles says',
  async (who) => {
    const { app, cookie } = await serverFor(who);
    const rows: string[] = [];
    for (const [route, area] of ADMIN_ROUTES) {
      const [method = '', path = ''] = route.split(' ');
      const response = await app.inject({
        method: method as 'GET',
        url: concrete(path),
        headers: cookie === undefined ? {} : { cookie },
      });
      const status = response.statusCode;
      const got = status === 401 || status === 403 ? status : 'let in';
      rows.push(`${route} (${String(area)}): ${String(got)}${got === expected(who, area) ? '' : `  <-- expected ${String(expected(who, area))}`}`);
    }
    expect(rows.filter((row) => row.includes('<--'))).toEqual([]);
  },
);

test('an editor is refused the members and the team with a sentence saying why', async () => {
  const { app, cookie } = await serverFor('editor');
  for (const url of ['/api/members', '/api/team', '/api/applications']) {
    const response = await app.inject({ method: 'GET', url, headers: { cookie: cookie ?? '' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { kind: 'not-authorised', message: API_MESSAGES.notYourRole } });
  }
  const session = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie: cookie ?? '' } });
  expect(session.json()).toEqual({ user: { email: EDITOR.email, administrator: true, role: 'editor' } });
});

test('accounts from before roles are administrators after the upgrade, and their queued mail is kept', async () => {
  const dataDir = temporaryDir('before-roles');
  const old = new Database(path.join(dataDir, 'site.db'));
  MIGRATIONS.slice(0, 14).forEach((sql) => old.exec(sql));
  old.pragma('user_version = 14');
  const server = await startTestServer({ dataDir: temporaryDir('hashing') });
  const hash = await server.app.hasher.hash(EDITOR.password);
  await server.close();
  old.prepare("INSERT INTO accounts (email, password_hash, created_at, updated_at) VALUES (?, ?, 'x', 'x')").run(EDITOR.email, hash);
  old.prepare("INSERT INTO mail_queue (id, kind, address, address_key, state, created_at) VALUES (3, 'visits-summary', 'a@example.org', 'a@example.org', 'sent', 1)").run();
  old.close();

  const upgraded = await startTestServer({ dataDir });
  const jar = await signedIn(upgraded.baseUrl, EDITOR);

  expect(upgraded.app.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
  expect(await (await jar.fetch(`${upgraded.baseUrl}/api/session`)).json()).toEqual({ user: { email: EDITOR.email, administrator: true, role: 'administrator' } });
  expect(upgraded.app.db.prepare('SELECT id, kind FROM mail_queue').all()).toEqual([{ id: 3, kind: 'visits-summary' }]);
});

test('the files routes go by folder: an editor has every folder, a branch officer only the events, with a sentence saying why', async () => {
  const upload = async (who: Who, folder: string) => {
    const { app, cookie } = await serverFor(who);
    const response = await app.inject({
      method: 'POST',
      url: `/api/files?${new URLSearchParams({ folder, name: 'Spring.pdf' })}`,
      headers: { cookie: cookie ?? '', 'content-type': 'application/pdf' },
      payload: Buffer.from(samplePdf('Spring', ['Line'])),
    });
    return { status: response.statusCode, message: response.statusCode === 201 ? undefined : response.json().error.message };
  };
  expect(await upload('editor', 'newsletters')).toEqual({ status: 201, message: undefined });
  expect(await upload('branch-officer', 'newsletters')).toEqual({ status: 403, message: API_MESSAGES.eventFilesOnly });
  expect(await upload('branch-officer', 'root')).toEqual({ status: 403, message: API_MESSAGES.eventFilesOnly });
  expect(await upload('branch-officer', 'events')).toEqual({ status: 201, message: undefined });
  expect(await upload('membership-secretary', 'events')).toEqual({ status: 403, message: API_MESSAGES.notYourRole });
});
