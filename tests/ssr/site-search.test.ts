import { expect, test } from 'vitest';
import { branchPath } from '../../contract/membership';
import { searchResultsSchema } from '../../contract/wire';
import { branchPagePath } from '../../src-core/domain/branch-pages';
import { SITE_TITLE } from '../../src-core/domain/navigation';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from '../server/helpers/accounts';
import type { TestServer } from '../server/helpers/test-server';
import { fetchPage, startBuiltSite, text } from './support/built-server';

/** The server reads its pages in the background after start-up: waits until it has, asking the index itself. */
async function pagesRead(server: TestServer): Promise<void> {
  while (!server.app.siteSearch.index.search('join').results.some((result) => result.kind === 'page')) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function found(server: TestServer, query: string) {
  const response = await fetch(`${server.baseUrl}/api/search?${new URLSearchParams({ q: query })}`);
  expect(response.status).toBe(200);
  return searchResultsSchema.parse(await response.json()).results;
}

test("the site's own pages are found by the words on them, a page named by the words first", async () => {
  const server = await startBuiltSite();
  await pagesRead(server);

  expect((await found(server, 'join'))[0]).toMatchObject({ kind: 'page', title: 'Join Us Today', href: '/documents', isFile: false });
  expect((await found(server, 'fee')).map((result) => result.href)).toContain('/documents');
  expect((await found(server, 'citizens information'))[0]).toMatchObject({ kind: 'page', title: 'Useful Links', href: '/links' });
  const nurse = await found(server, 'nurse');
  expect(nurse[0]).toMatchObject({ kind: 'page', title: SITE_TITLE, href: '/' });
  expect(nurse.map((result) => result.href)).toEqual((await found(server, 'nurses')).map((result) => result.href));
  const pension = (await found(server, 'pension')).map((result) => result.href);
  expect(pension).toEqual(expect.arrayContaining(['/', '/about', '/links']));
});

test("a change to the association's details is found on the pages that show them", async () => {
  const server = await startBuiltSite();
  await pagesRead(server);
  expect(await found(server, 'Siobhan')).toEqual([]);

  server.app.associationDetails.save({ ...server.app.associationDetails.get(), contactName: 'Siobhán Ní Bhriain' }, new Date().toISOString());

  while (server.app.siteSearch.index.search('siobhan').results.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await found(server, 'Siobhan')).map((result) => result.href)).toContain('/contact');
  expect((await found(server, 'Siobhán')).map((result) => result.href)).toContain('/contact');
});

test("a branch's contact cleared in the admin area is gone from its page at once, and from the search once its pages are read again", async () => {
  const server = await startBuiltSite({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const admin = await signedIn(server.baseUrl, ADMIN);
  const branch = server.app.branches.list().find((each) => each.contactName === 'Sample Secretary North');
  if (branch === undefined) throw new Error('The sample content has no Sample Branch North.');
  const page = branchPagePath(branch.slug);
  const shown = await fetch(server.baseUrl + page);
  const tag = shown.headers.get('etag') ?? '';
  expect(tag).not.toBe('');
  expect(await shown.text()).toContain('Sample Secretary North');
  const searched = () => server.app.siteSearch.index.search('secretary').results.map((result) => result.href);
  await expect.poll(searched, { timeout: 10_000 }).toContain(page);

  const cleared = await admin.fetch(`${server.baseUrl}${branchPath(branch.id)}`, {
    method: 'PATCH',
    ...json({ ...branch, id: undefined, contactName: '', contactPhone: '', contactEmail: '' }),
  });
  // A browser or cache that kept the page asks again with its tag: the page has changed.
  const after = await fetchPage(server, page, { headers: { 'if-none-match': tag } });

  expect(cleared.status).toBe(200);
  expect(after.status).toBe(200);
  expect(text(after.document.querySelector('main'))).toContain('Sample Branch North');
  expect(after.html).not.toMatch(/Sample Secretary North|071 555 0101|north\.branch@example\.org/);
  await expect.poll(searched, { timeout: 10_000 }).not.toContain(page);
  expect((await found(server, 'secretary')).map((result) => result.href)).not.toContain(page);
});
