/**
 * Importing the association's existing list of members from a CSV file: the file is read in the
 * browser, the server says how it understood it (a preview that stores nothing), and only a
 * preview without problems can be imported. The import itself is all rows or none.
 *
 * States: 'idle' -'file.chosen' { file }-> 'reading' -> 'previewing' -> 'previewed' (the
 *   `result`); 'previewed' -'import'-> 'importing' (only without problems) -> 'imported', or
 *   back to 'previewed' with the refusal's `result` when the server found problems after all.
 *   A file that cannot be read, or a failure, ends in 'idle' with `problem`. 'file.chosen'
 *   starts again from any state but the busy ones.
 * The composition root provides: actors `read` (the file's text), `preview` and `import` (the
 *   CSV's text; resolve with the ImportResult), action `onImported` (the lists load again), and
 *   the view's `focusPreview`, `focusOutcome` and `focusProblem`.
 */
import { assign, setup } from 'xstate';
import { toProvide } from './to-provide';
import { toCoreError } from '../domain/core-error';
import type { ImportResult } from '../domain/membership-admin';

/** The chosen file, as much of it as the machine needs (a browser's File is one). */
export interface ChosenFile {
  readonly name: string;
  text(): Promise<string>;
}

export interface MemberImportContext {
  fileName: string | null;
  csv: string | null;
  result: ImportResult | null;
  problem: string | null;
}

export type MemberImportEvent = { type: 'file.chosen'; file: ChosenFile } | { type: 'import' };

/** @internal Outside this file only tests and fakes use it. */
export const NOTHING_IMPORTED = 'Nothing was imported. Please put right the rows listed below in your spreadsheet, save it as CSV again and choose it here.';

export const memberImportMachine = setup({
  types: { context: {} as MemberImportContext, events: {} as MemberImportEvent },
  actors: {
    read: toProvide<string, ChosenFile>('read'),
    preview: toProvide<ImportResult, string>('preview'),
    import: toProvide<ImportResult, string>('import'),
  },
  actions: {
    onImported: () => {},
    focusPreview: () => {},
    focusOutcome: () => {},
    focusProblem: () => {},
    start: assign((_, { file }: { file: ChosenFile }) => ({ fileName: file.name, csv: null, result: null, problem: null })),
    fail: assign((_, { error, what }: { error: unknown; what: string }) => ({ problem: `${what} ${toCoreError(error).message}` })),
  },
  guards: {
    noProblems: ({ context }) => context.result !== null && context.result.problems.length === 0 && context.result.rows > 0,
    refused: (_, { result }: { result: ImportResult }) => result.problems.length > 0 || result.imported === 0,
  },
}).createMachine({
  id: 'memberImport',
  initial: 'choosing',
  context: { fileName: null, csv: null, result: null, problem: null },
  states: {
    choosing: {
      on: { 'file.chosen': { target: '.reading', actions: { type: 'start', params: ({ event }) => ({ file: event.file }) } } },
      initial: 'idle',
      states: {
        idle: {},
        previewed: {
          on: { import: { guard: 'noProblems', target: '#memberImport.importing' } },
        },
        imported: {},
        reading: {
          invoke: {
            src: 'read',
            input: ({ event }) => {
              if (event.type !== 'file.chosen') throw new Error('No file chosen.');
              return event.file;
            },
            onDone: { target: 'previewing', actions: assign({ csv: ({ event }) => event.output }) },
            onError: {
              target: 'idle',
              actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error, what: 'The file could not be read.' }) }, 'focusProblem'],
            },
          },
        },
        previewing: {
          invoke: {
            src: 'preview',
            input: ({ context }) => context.csv ?? '',
            onDone: { target: 'previewed', actions: [assign({ result: ({ event }) => event.output }), 'focusPreview'] },
            onError: {
              target: 'idle',
              actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error, what: 'The file could not be read as a list of members.' }) }, 'focusProblem'],
            },
          },
        },
      },
    },
    importing: {
      invoke: {
        src: 'import',
        input: ({ context }) => context.csv ?? '',
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ result: event.output }) },
            target: 'choosing.previewed',
            actions: [assign({ result: ({ event }) => event.output, problem: NOTHING_IMPORTED }), 'focusPreview'],
          },
          { target: 'choosing.imported', actions: [assign({ result: ({ event }) => event.output }), 'onImported', 'focusOutcome'] },
        ],
        onError: {
          target: 'choosing.previewed',
          actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error, what: 'Nothing was imported.' }) }, 'focusProblem'],
        },
      },
    },
  },
});
