import { expect, test } from 'vitest';
import { MEMBERSHIP_PATHS, branchListSchema, branchPath, branchSchema } from '../../contract/membership';
import { API_PATHS, CRAWLER_PATHS, FEED_PATHS, errorBodySchema, eventListingSchema, postSchema } from '../../contract/wire';
import { BRANCH_MESSAGES } from '../../src-core/domain/branches';
import { NO_EVENT_DETAILS } from '../../src-core/domain/event-details';
import { samplePdf } from '../../server/content/sample-pdf';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import { addBranch, auditKinds } from './helpers/membership';
import { startTestServer } from './helpers/test-server';

const CORK = {
  name: 'Cork Branch',
  slug: 'cork',
  counties: ['Cork', 'Kerry'],
  meets: 'Second Tuesday of the month, 11am, the Parish Centre',
  contactName: 'Sample Secretary',
  contactPhone: '021 555 0102',
  contactEmail: 'cork@example.org',
  description: 'Talks, outings and tea.',
  active: true,
};

async function adminServer() {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const admin = await signedIn(server.baseUrl, ADMIN);
  const change = (id: string, body: object) => admin.fetch(`${server.baseUrl}${branchPath(id)}`, { method: 'PATCH', ...json(body) });
  const listed = async (query = '') => branchListSchema.parse(await (await fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.branches}${query}`)).json()).branches;
  return { server, admin, change, listed };
}

test('a branch is added by name, its details changed and read back by everyone, each change recorded', async () => {
  const { server, admin, change, listed } = await adminServer();
  const id = await addBranch(server, admin, 'Cork Branch');

  const added = (await listed())[0];
  const changed = await change(id, CORK);

  expect(added).toEqual({ ...CORK, id, slug: 'cork-branch', counties: [], meets: '', contactName: '', contactPhone: '', contactEmail: '', description: '' });
  expect(changed.status).toBe(200);
  expect(branchSchema.parse(await changed.json())).toEqual({ ...CORK, id });
  expect(await listed()).toEqual([{ ...CORK, id }]);
  expect(auditKinds(server)).toEqual(expect.arrayContaining(['branch-added', 'branch-changed']));
});

test('details the rules refuse get 400 with a message per field, and the stored branch stays as it was', async () => {
  const { server, admin, change, listed } = await adminServer();
  const id = await addBranch(server, admin, 'Cork Branch');
  await change(id, CORK);

  const refused = await change(id, { ...CORK, name: ' ', slug: 'Cork!', counties: [], contactPhone: 'ring the hall', contactEmail: 'cork at example' });

  expect(refused.status).toBe(400);
  expect(errorBodySchema.parse(await refused.json()).error.fieldErrors).toEqual({
    name: BRANCH_MESSAGES.name,
    slug: BRANCH_MESSAGES.slug,
    counties: BRANCH_MESSAGES.counties,
    contactPhone: BRANCH_MESSAGES.contactPhone,
    contactEmail: BRANCH_MESSAGES.contactEmail,
  });
  expect(await listed()).toEqual([{ ...CORK, id }]);
});

test("another branch's name or web address is refused with 409 naming the field", async () => {
  const { server, admin, change } = await adminServer();
  const cork = await addBranch(server, admin, 'Cork Branch');
  const kerry = await addBranch(server, admin, 'Kerry Branch');
  await change(cork, CORK);

  const sameName = await change(kerry, { ...CORK, slug: 'kerry' });
  const sameSlug = await change(kerry, { ...CORK, name: 'Kerry Branch' });

  expect([sameName.status, sameSlug.status]).toEqual([409, 409]);
  expect(errorBodySchema.parse(await sameSlug.json()).error.fieldErrors).toEqual({ slug: BRANCH_MESSAGES.slugTaken });
});

test('a county maps to its active branches only, and a county no branch covers to none', async () => {
  const { server, admin, change, listed } = await adminServer();
  const cork = await addBranch(server, admin, 'Cork Branch');
  const munster = await addBranch(server, admin, 'Munster Branch');
  const closed = await addBranch(server, admin, 'Old Cork Branch');
  await change(cork, CORK);
  await change(munster, { ...CORK, name: 'Munster Branch', slug: 'munster', counties: ['Cork', 'Limerick'] });
  await change(closed, { ...CORK, name: 'Old Cork Branch', slug: 'old-cork', active: false });

  expect((await listed('?county=Cork')).map((branch) => branch.name)).toEqual(['Cork Branch', 'Munster Branch']);
  expect((await listed('?county=Limerick')).map((branch) => branch.name)).toEqual(['Munster Branch']);
  expect(await listed('?county=Mayo')).toEqual([]);
});

test('a post and an event belong to a branch when chosen, say so when read, and keep the branch from being removed', async () => {
  const { server, admin, change } = await adminServer();
  const id = await addBranch(server, admin, 'Cork Branch');
  await change(id, CORK);
  const created = await admin.fetch(`${server.baseUrl}${API_PATHS.posts}`, { method: 'POST', ...json({ title: 'Cork outing', body: 'A day out.', branch: id }) });
  const post = postSchema.parse(await created.json());
  await admin.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ folder: 'events', name: 'Outing.pdf' })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: Buffer.from(samplePdf('Outing', ['Line'])),
  });
  const put = (branch: unknown) =>
    admin.fetch(`${server.baseUrl}/api/events/details?${new URLSearchParams({ path: 'events/Outing.pdf' })}`, {
      method: 'PUT',
      ...json({ details: { ...NO_EVENT_DETAILS, title: 'Outing' }, branch }),
    });

  const missing = await put('999');
  const saved = await put(id);
  const events = eventListingSchema.parse(await (await fetch(`${server.baseUrl}${API_PATHS.events}`)).json()).events;
  const removed = await admin.fetch(`${server.baseUrl}${branchPath(id)}`, { method: 'DELETE' });

  expect(post.branch).toEqual({ id, slug: 'cork', name: 'Cork Branch' });
  expect(missing.status).toBe(400);
  expect(errorBodySchema.parse(await missing.json()).error.fieldErrors).toEqual({ branch: BRANCH_MESSAGES.notFound });
  expect(saved.status).toBe(200);
  expect(events.map((event) => event.branch)).toEqual([{ id, slug: 'cork', name: 'Cork Branch' }]);
  expect(removed.status).toBe(409);
  expect(errorBodySchema.parse(await removed.json()).error.message).toBe(BRANCH_MESSAGES.inUseByContent(1, 1));
});

test("each active branch's page is in the sitemap, and a branch's news is filed under its branch in the news feed", async () => {
  const { server, admin, change } = await adminServer();
  const cork = await addBranch(server, admin, 'Cork Branch');
  const closed = await addBranch(server, admin, 'Old Branch');
  await change(cork, CORK);
  await change(closed, { ...CORK, name: 'Old Branch', slug: 'old', active: false });
  await admin.fetch(`${server.baseUrl}${API_PATHS.posts}`, { method: 'POST', ...json({ title: 'Cork outing', body: 'A day out.', branch: cork }) });

  const sitemap = await (await fetch(`${server.baseUrl}${CRAWLER_PATHS.sitemap}`)).text();
  const feed = await (await fetch(`${server.baseUrl}${FEED_PATHS.news}`)).text();

  expect(sitemap).toContain(`${server.baseUrl}/branches</loc>`);
  expect(sitemap).toContain(`${server.baseUrl}/branches/cork</loc>`);
  expect(sitemap).not.toContain('/branches/old<');
  expect(feed).toContain(`<category term="cork" label="Cork Branch" scheme="${server.baseUrl}/branches/"/>`);
});
