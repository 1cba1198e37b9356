/**
 * Reading a PDF an administrator has chosen, for what a screen reader needs, before it is
 * uploaded (docs/behaviour.md#uploads). It only warns: the upload machine never waits for it.
 *
 * States: 'idle' (nothing chosen, or not a PDF), 'checking', 'checked' (context.problems, empty
 *   when the PDF is fine), 'unread' (the file could not be read this way: nothing to say).
 * Events: 'file.selected' (the picker's file, or null); a new file starts a new check.
 * Actors the composition root provides: `inspect` (input: the file; output: its findings, or
 *   undefined where it cannot be read, see src-core/domain/pdf-accessibility.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { pdfProblems, type PdfFindings, type PdfProblem } from '../domain/pdf-accessibility';

export type PdfCheckEvent = { type: 'file.selected'; file: File | null };

export interface PdfCheckContext {
  problems: readonly PdfProblem[];
}

function isPdf(file: File | null): file is File {
  return file !== null && (file.type === 'application/pdf' || /\.pdf$/i.test(file.name));
}

export const pdfCheckMachine = setup({
  types: { context: {} as PdfCheckContext, events: {} as PdfCheckEvent },
  actors: {
    inspect: fromPromise<PdfFindings | undefined, File>(async () => undefined),
  },
  guards: {
    choseAPdf: ({ event }) => isPdf(event.file),
  },
}).createMachine({
  id: 'pdf-check',
  initial: 'idle',
  context: { problems: [] },
  on: {
    'file.selected': [
      { guard: 'choseAPdf', target: '.checking', reenter: true },
      { target: '.idle', actions: assign({ problems: [] }) },
    ],
  },
  states: {
    idle: {},
    checking: {
      entry: assign({ problems: [] }),
      invoke: {
        src: 'inspect',
        // Entered only through 'choseAPdf', so the file is there.
        input: ({ event }) => event.file as File,
        onDone: [
          { guard: ({ event }) => event.output === undefined, target: 'unread' },
          { target: 'checked', actions: assign({ problems: ({ event }) => (event.output === undefined ? [] : pdfProblems(event.output)) }) },
        ],
        onError: { target: 'unread' },
      },
    },
    checked: {},
    unread: {},
  },
});
