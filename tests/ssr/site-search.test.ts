import { expect, test } from 'vitest';
import { searchResultsSchema } from '../../contract/wire';
import { SITE_TITLE } from '../../src-core/domain/navigation';
import type { TestServer } from '../server/helpers/test-server';
import { startBuiltSite } from './support/built-server';

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
