import { expect, test } from 'vitest';
import { startTestServer } from './helpers/test-server';

test('the queue hands out confirmations and tests before a mailing’s rows, each in the order they fell due, and a paused mailing’s rows not at all', async () => {
  // No mail server is set up: nothing claims rows but the test.
  const server = await startTestServer();
  const queue = server.app.mailQueue;
  const at = Date.now();
  const subscribers = server.app.subscribers;
  for (const name of ['ann', 'bob', 'cathal']) {
    subscribers.addByHand({ email: `${name}@example.org`, emailKey: `${name}@example.org`, name: '', form: 'admin', wording: 'AGM' }, `token-${name}`, at);
  }
  const sending = queue.createMailing({ sourceKind: 'news', sourceRef: '1', subject: 'News', body: 'Text', link: 'https://example.org/article/1' }, at, null);
  const paused = queue.createMailing({ sourceKind: 'news', sourceRef: '2', subject: 'Later', body: 'Text', link: 'https://example.org/article/2' }, at, null);
  queue.moveMailing(sending.id, ['draft'], 'sending', at);
  queue.enqueueMailing(sending.id, at - 2_000);
  queue.moveMailing(paused.id, ['draft'], 'sending', at);
  queue.enqueueMailing(paused.id, at - 3_000);
  queue.moveMailing(paused.id, ['sending'], 'paused', at);
  const later = queue.enqueue({ kind: 'confirmation', address: 'dora@example.org', addressKey: 'dora@example.org', payload: 'token' }, at - 500);
  const earlier = queue.enqueue({ kind: 'test', mailingId: sending.id, address: 'admin@example.org', addressKey: 'admin@example.org' }, at - 1_000);
  const notYetDue = queue.enqueue({ kind: 'confirmation', address: 'eve@example.org', addressKey: 'eve@example.org', payload: 'token' }, at + 60_000);
  const claimAll = () => {
    const claimed = [];
    for (let mail = queue.claimDue(at); mail !== undefined; mail = queue.claimDue(at)) claimed.push(mail);
    return claimed;
  };

  const firstRound = [queue.claimDue(at), queue.claimDue(at), queue.claimDue(at), queue.claimDue(at)];
  // Two of the mailing's rows failed for now: one falls due again before the row never tried, one after.
  const [ann, bob] = firstRound.filter((mail) => mail?.kind === 'mailing');
  if (ann === undefined || bob === undefined) throw new Error('The mailing was not claimed.');
  queue.markRetry(ann.id, at - 2_500, 'Try again later');
  queue.markRetry(bob.id, at - 1_500, 'Try again later');
  const secondRound = claimAll();

  expect(firstRound.map((mail) => [mail?.kind, mail?.address])).toEqual([
    ['test', 'admin@example.org'],
    ['confirmation', 'dora@example.org'],
    ['mailing', 'ann@example.org'],
    ['mailing', 'bob@example.org'],
  ]);
  expect(firstRound.map((mail) => mail?.id).slice(0, 2)).toEqual([earlier, later]);
  expect([...firstRound, ...secondRound].some((mail) => mail?.id === notYetDue)).toBe(false);
  expect(secondRound.map((mail) => mail.address)).toEqual(['ann@example.org', 'cathal@example.org', 'bob@example.org']);
  expect(queue.progress(paused.id)).toEqual({ sent: 0, failed: 0, waiting: 3 });
});
