import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ImportResult } from '../domain/membership-admin';
import { NOTHING_IMPORTED, memberImportMachine, type ChosenFile } from './member-import.machine';

const fine: ImportResult = { columns: [{ header: 'Name', field: 'name' }], rows: 2, sample: [], problems: [], imported: 0 };
const broken: ImportResult = { ...fine, problems: [{ line: 3, message: 'The name is empty.' }] };

function start(preview: ImportResult, outcome: ImportResult) {
  const imported: string[] = [];
  const moments: string[] = [];
  const actor = createActor(
    memberImportMachine.provide({
      actors: {
        read: fromPromise<string, ChosenFile>(({ input }) => input.text()),
        preview: fromPromise<ImportResult, string>(async () => preview),
        import: fromPromise<ImportResult, string>(async ({ input }) => {
          imported.push(input);
          return outcome;
        }),
      },
      actions: {
        focusPreview: () => moments.push('focusPreview'),
        focusOutcome: () => moments.push('focusOutcome'),
        onImported: () => moments.push('onImported'),
      },
    }),
  ).start();
  return { actor, imported, moments };
}

const file = (text: string): ChosenFile => ({ name: 'members.csv', text: async () => text });

test('a preview without problems can be imported, and the import sends the text that was previewed', async () => {
  const { actor, imported, moments } = start(fine, { ...fine, imported: 2 });
  actor.send({ type: 'file.chosen', file: file('Name\nAnne\nBridget') });
  await waitFor(actor, (snapshot) => snapshot.matches({ choosing: 'previewed' }));
  expect(actor.getSnapshot().context.fileName).toBe('members.csv');

  actor.send({ type: 'import' });
  await waitFor(actor, (snapshot) => snapshot.matches({ choosing: 'imported' }));
  expect(imported).toEqual(['Name\nAnne\nBridget']);
  expect(actor.getSnapshot().context.result?.imported).toBe(2);
  expect(moments).toEqual(['focusPreview', 'onImported', 'focusOutcome']);
});

test('a preview with problems cannot be imported', async () => {
  const { actor, imported } = start(broken, broken);
  actor.send({ type: 'file.chosen', file: file('Name\nAnne\n') });
  await waitFor(actor, (snapshot) => snapshot.matches({ choosing: 'previewed' }));
  actor.send({ type: 'import' });
  expect(actor.getSnapshot().matches({ choosing: 'previewed' })).toBe(true);
  expect(imported).toEqual([]);
});

test('an import refused for problems found after the preview says nothing was imported and shows them', async () => {
  const { actor, moments } = start(fine, broken);
  actor.send({ type: 'file.chosen', file: file('Name\nAnne\n') });
  await waitFor(actor, (snapshot) => snapshot.matches({ choosing: 'previewed' }));
  actor.send({ type: 'import' });
  await waitFor(actor, (snapshot) => snapshot.context.problem !== null);
  expect(actor.getSnapshot().matches({ choosing: 'previewed' })).toBe(true);
  expect(actor.getSnapshot().context).toMatchObject({ problem: NOTHING_IMPORTED, result: broken });
  expect(moments).not.toContain('onImported');
});
