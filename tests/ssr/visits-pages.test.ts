import { expect, test } from 'vitest';
import { ADMIN, ADMIN_ENV, addAccount } from '../server/helpers/accounts';
import { temporaryDir } from '../server/helpers/test-server';
import { startBuiltSite } from './support/built-server';

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('rendered pages are counted by their route, an article by its own address, and a search that found nothing by its words', async () => {
  const dataDir = temporaryDir('visits');
  const server = await startBuiltSite({ dataDir, env: ADMIN_ENV });
  await addAccount(server.app, ADMIN);
  const post = server.app.posts.create({ title: 'Bus pass news', body: 'Free travel for all.' }, new Date().toISOString());
  const addresses = ['/news', '/news?page=2', `/article/${post.id}`, '/search?q=quilting+circle', '/admin', '/article/99999', '/no/such/page'];

  const responses = [];
  for (const address of addresses) {
    const response = await fetch(server.baseUrl + address, { headers: { 'user-agent': BROWSER } });
    await response.arrayBuffer();
    responses.push(response);
  }
  await server.close();
  const again = await startBuiltSite({ dataDir, env: ADMIN_ENV });
  const counted = again.app.db.prepare<[], { kind: string; key: string; count: number }>('SELECT kind, key, count FROM visit_counts ORDER BY kind, key').all();

  expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 404, 404]);
  expect(responses.map((response) => response.headers.get('set-cookie'))).toEqual(addresses.map(() => null));
  expect(counted).toEqual([
    { kind: 'page', key: `/article/${post.id}`, count: 1 },
    { kind: 'page', key: '/news', count: 2 },
    { kind: 'page', key: '/search', count: 1 },
    { kind: 'search', key: 'quilting circle', count: 1 },
  ]);
});
