import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { Mailing, MailingPreview, Mailings, MailingSource } from '../domain/member-mail';
import { mailingMachine } from './mailing.machine';

const draft: Mailing = {
  id: '1',
  source: { kind: 'news', ref: '2' },
  subject: 'Annual General Meeting',
  state: 'draft',
  createdAt: '2026-03-01T10:00:00.000Z',
  progress: { sent: 0, failed: 0, waiting: 0 },
};

/** A server whose mailing sends one address each time its progress is read. */
function serverSending(waiting: number, past: Mailing[] = []) {
  const stored = { mailing: draft, checks: 0 };
  const unused = () => Promise.reject(new CoreError('unavailable', 'Not asked for here.'));
  const machine = mailingMachine.provide({
    delays: { pollDelay: 0 },
    actors: {
      list: fromPromise<Mailings>(async () => ({ mailings: past, emailSetUp: true })),
      create: fromPromise<Mailing, MailingSource>(async () => stored.mailing),
      preview: fromPromise<MailingPreview, string>(async () => ({ subject: draft.subject, html: '<h1>AGM</h1>', text: 'AGM' })),
      test: fromPromise<void, string>(unused),
      send: fromPromise<Mailing, string>(async () => {
        stored.mailing = { ...stored.mailing, state: 'sending', progress: { sent: 0, failed: 0, waiting } };
        return stored.mailing;
      }),
      check: fromPromise<Mailing, string>(async () => {
        stored.checks += 1;
        const { sent, failed } = stored.mailing.progress;
        const left = Math.max(0, stored.mailing.progress.waiting - 1);
        stored.mailing = { ...stored.mailing, state: left === 0 ? 'finished' : 'sending', progress: { sent: sent + 1, failed, waiting: left } };
        return stored.mailing;
      }),
      pause: fromPromise<Mailing, string>(async () => {
        stored.mailing = { ...stored.mailing, state: 'paused' };
        return stored.mailing;
      }),
      resume: fromPromise<Mailing, string>(async () => {
        stored.mailing = { ...stored.mailing, state: 'sending' };
        return stored.mailing;
      }),
    },
  });
  return { machine, stored };
}

test('a mailing sent after its preview is followed until nothing waits, reading its progress each time', async () => {
  const { machine, stored } = serverSending(3);
  const actor = createActor(machine).start();
  await waitFor(actor, (state) => state.matches('choosing'));

  actor.send({ type: 'mailing.choose', source: { kind: 'news', ref: '2' } });
  await waitFor(actor, (state) => state.matches('ready'));
  expect(actor.getSnapshot().context.preview?.html).toBe('<h1>AGM</h1>');
  actor.send({ type: 'mailing.send' });
  expect(actor.getSnapshot().matches('confirmingSend')).toBe(true);
  actor.send({ type: 'confirm' });

  await waitFor(actor, (state) => state.matches({ underWay: 'finished' }));
  expect(actor.getSnapshot().context.mailing?.progress).toEqual({ sent: 3, failed: 0, waiting: 0 });
  expect(stored.checks).toBe(3);
});

test('on opening, a paused mailing is shown paused and resuming follows it again', async () => {
  const paused: Mailing = { ...draft, state: 'paused', progress: { sent: 1, failed: 0, waiting: 2 } };
  const { machine, stored } = serverSending(0, [{ ...draft, id: '0', state: 'finished', createdAt: '2026-01-01T10:00:00.000Z' }, paused]);
  stored.mailing = paused;
  const actor = createActor(machine).start();

  await waitFor(actor, (state) => state.matches({ underWay: 'paused' }));
  actor.send({ type: 'mailing.resume' });

  await waitFor(actor, (state) => state.matches({ underWay: 'finished' }));
  expect(actor.getSnapshot().context.mailing?.progress).toEqual({ sent: 3, failed: 0, waiting: 0 });
});
