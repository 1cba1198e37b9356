import { parseArgs } from 'node:util';
import { DEFAULT_LOAD, type LoadSettings } from './load.part';
import { PUBLIC_ROUTES } from '../tooling/build/public-routes';
import { LATEST_FILE, PART_NAMES, type PartName } from './results';

export const HELP = `Usage:
  npm run bench                          every part: pages, bundles, memory, load, upload, capacity, pdf, search, mail, members, pictures
  npm run bench -- pages bundles         only the parts named
  npm run bench -- compare OLD.json [NEW.json]
                                         before → after tables of two saved runs (NEW: bench-results/latest.json)
Options:
  --runs N            Lighthouse runs per route, the median is shown (default 3)
  --routes a,b        only these routes (${PUBLIC_ROUTES.map((route) => route.name).join(', ')})
  --connections N     load connections (default ${DEFAULT_LOAD.connections})
  --duration S        seconds of load per target (default ${DEFAULT_LOAD.durationSeconds})
  --upload-mb a,b     upload sizes in MB (default 20,200)
  --label NAME        also save the run as bench-results/NAME.json (e.g. before, after)
  --compare FILE      after the run, print before → after against a saved run`;

export type BenchCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'compare'; readonly older: string; readonly newer: string }
  | {
      readonly kind: 'run';
      readonly parts: ReadonlySet<PartName>;
      readonly runs: number;
      readonly routes: readonly string[];
      readonly load: LoadSettings;
      readonly uploadSizesMb: readonly number[];
      readonly label: string | undefined;
      readonly compareWith: string | undefined;
      /** The options each part's table repeats in its 'Reproduce:' line. */
      readonly reproduce: Readonly<Record<PartName, string>>;
    };

function numberList(value: string | undefined, fallback: number[]): number[] {
  if (value === undefined) return fallback;
  const numbers = value.split(',').map(Number);
  if (numbers.some((number) => !Number.isFinite(number) || number <= 0)) throw new Error(`Not a list of positive numbers: ${value}`);
  return numbers;
}

function firstNumber(value: string | undefined, fallback: number): number {
  return numberList(value, [fallback])[0] ?? fallback;
}

export function readCommand(args: readonly string[]): BenchCommand {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      runs: { type: 'string' },
      routes: { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      'upload-mb': { type: 'string' },
      label: { type: 'string' },
      compare: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) return { kind: 'help' };
  if (positionals[0] === 'compare') {
    const [, older, newer = LATEST_FILE] = positionals;
    if (older === undefined) throw new Error('compare needs the file of the earlier run.');
    return { kind: 'compare', older, newer };
  }
  const unknown = positionals.filter((name) => !(PART_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${PART_NAMES.join(', ')}.\n\n${HELP}`);
  const routes = values.routes?.split(',').map((name) => name.trim()) ?? [];
  const badRoute = routes.find((name) => !PUBLIC_ROUTES.some((route) => route.name === name));
  if (badRoute !== undefined) throw new Error(`Unknown route ${badRoute}.\n\n${HELP}`);

  const runs = firstNumber(values.runs, 3);
  const load = {
    ...DEFAULT_LOAD,
    connections: firstNumber(values.connections, DEFAULT_LOAD.connections),
    durationSeconds: firstNumber(values.duration, DEFAULT_LOAD.durationSeconds),
  };
  const given = (option: string, value: string | undefined) => (value === undefined ? '' : ` --${option} ${value}`);
  return {
    kind: 'run',
    parts: new Set(positionals.length === 0 ? PART_NAMES : (positionals as PartName[])),
    runs,
    routes,
    load,
    uploadSizesMb: numberList(values['upload-mb'], [20, 200]),
    label: values.label,
    compareWith: values.compare,
    reproduce: {
      pages: given('routes', values.routes) + given('runs', values.runs),
      bundles: '',
      memory: '',
      load: given('connections', values.connections) + given('duration', values.duration),
      upload: given('upload-mb', values['upload-mb']),
      capacity: '',
      pdf: '',
      search: '',
      mail: '',
      members: '',
      pictures: '',
    },
  };
}
