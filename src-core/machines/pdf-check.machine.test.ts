import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PdfFindings } from '../domain/pdf-accessibility';
import { pdfCheckMachine } from './pdf-check.machine';

const pdf = (name = 'minutes.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

function checker(findings: (file: File) => Promise<PdfFindings | undefined>) {
  const seen: string[] = [];
  const machine = pdfCheckMachine.provide({
    actors: {
      inspect: fromPromise<PdfFindings | undefined, File>(({ input }) => {
        seen.push(input.name);
        return findings(input);
      }),
    },
  });
  return { actor: createActor(machine).start(), seen };
}

test('a scan is reported as having no text and no title', async () => {
  const { actor } = checker(async () => ({ hasText: false, hasTitle: false, isTagged: false }));

  actor.send({ type: 'file.selected', file: pdf() });

  const done = await waitFor(actor, (state) => state.matches('checked'));
  expect(done.context.problems).toEqual(['no-text', 'no-title']);
});

test('a PDF with text, a title and tags has no problems', async () => {
  const { actor } = checker(async () => ({ hasText: true, hasTitle: true, isTagged: true }));

  actor.send({ type: 'file.selected', file: pdf() });

  expect((await waitFor(actor, (state) => state.matches('checked'))).context.problems).toEqual([]);
});

test('a Word document, or no file, is not checked at all', () => {
  const { actor, seen } = checker(async () => ({ hasText: false, hasTitle: false, isTagged: false }));

  actor.send({ type: 'file.selected', file: new File(['x'], 'form.docx') });
  actor.send({ type: 'file.selected', file: null });

  expect(actor.getSnapshot().value).toBe('idle');
  expect(seen).toEqual([]);
});

test('a file that cannot be read this way says nothing', async () => {
  const { actor } = checker(async () => {
    throw new Error('unreadable');
  });

  actor.send({ type: 'file.selected', file: pdf() });

  const done = await waitFor(actor, (state) => state.matches('unread'));
  expect(done.context.problems).toEqual([]);
});

test('choosing another file while one is read checks the new one only', async () => {
  const findingsByName = new Map<string, PdfFindings>([
    ['scan.pdf', { hasText: false, hasTitle: false, isTagged: false }],
    ['good.pdf', { hasText: true, hasTitle: true, isTagged: true }],
  ]);
  let releaseScan: () => void = () => undefined;
  const { actor, seen } = checker(
    (file) =>
      new Promise((resolve) => {
        if (file.name === 'scan.pdf') releaseScan = () => resolve(findingsByName.get('scan.pdf'));
        else resolve(findingsByName.get(file.name));
      }),
  );

  actor.send({ type: 'file.selected', file: pdf('scan.pdf') });
  actor.send({ type: 'file.selected', file: pdf('good.pdf') });
  const done = await waitFor(actor, (state) => state.matches('checked'));
  releaseScan();

  expect(seen).toEqual(['scan.pdf', 'good.pdf']);
  expect(done.context.problems).toEqual([]);
  expect(actor.getSnapshot().context.problems).toEqual([]);
});
