import { expect, test } from 'vitest';
import { ADMIN, ADMIN_ENV, addAccount, json, signedIn } from '../server/helpers/accounts';
import { MINUTE, createTestClock } from '../server/helpers/test-clock';
import { fetchPage, startBuiltSite, text } from './support/built-server';

test('a scheduled post is on the rendered News and home pages, and its article page exists, from its time and not before, cached pages included', async () => {
  // 21 November 2026, 9.00 in Dublin.
  const clock = createTestClock(Date.UTC(2026, 10, 21, 9, 0, 0));
  const server = await startBuiltSite({ env: ADMIN_ENV, clock: clock.now });
  await addAccount(server.app, ADMIN);
  const admin = await signedIn(server.baseUrl, ADMIN);
  const shown = async () => ({
    news: text((await fetchPage(server, '/news')).document.querySelector('main')).includes('Carol service'),
    home: text((await fetchPage(server, '/')).document.querySelector('main')).includes('Carol service'),
  });
  await shown();

  const created = await admin.fetch(`${server.baseUrl}/api/posts`, {
    method: 'POST',
    ...json({ title: 'Carol service', body: 'In the chapel.', publication: { kind: 'at', at: '2026-11-21T09:30' } }),
  });
  const { id } = (await created.json()) as { id: string };
  const before = { ...(await shown()), article: (await fetchPage(server, `/article/${id}`)).status };
  clock.advance(30 * MINUTE);
  const after = { ...(await shown()), article: (await fetchPage(server, `/article/${id}`)).status };

  expect(before).toEqual({ news: false, home: false, article: 404 });
  expect(after).toEqual({ news: true, home: true, article: 200 });
});
