import fs from 'node:fs';

/** One process as `ps` would show it, read from /proc (Linux only). */
export interface RunningProcess {
  readonly pid: number;
  /** The command line, one entry per argument. */
  readonly argv: readonly string[];
  /** NODE_OPTIONS from the process's environment: Node takes loaders from there as well as from argv. */
  readonly nodeOptions: string;
}

function readProc(pid: number, file: string): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    // The process ended while it was being read.
    return undefined;
  }
}

function parentOf(pid: number): number | undefined {
  const stat = readProc(pid, 'stat');
  // The command name in parentheses may itself hold spaces and parentheses: fields follow the last ')'.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields?.[1] === undefined ? undefined : Number(fields[1]);
}

function describe(pid: number): RunningProcess | undefined {
  const cmdline = readProc(pid, 'cmdline');
  const environ = readProc(pid, 'environ');
  if (cmdline === undefined || environ === undefined) return undefined;
  const nodeOptions = environ
    .split('\0')
    .find((entry) => entry.startsWith('NODE_OPTIONS='))
    ?.slice('NODE_OPTIONS='.length);
  return { pid, argv: cmdline.split('\0').filter((arg) => arg !== ''), nodeOptions: nodeOptions ?? '' };
}

/** `root` and every process below it that is running now. */
export function processTree(root: number): RunningProcess[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== undefined) parents.set(Number(entry), parent);
  }
  const inTree = new Set([root]);
  // Parents may have higher pids than their children once pids wrap, so repeat until nothing is added.
  for (let added = true; added; ) {
    added = false;
    for (const [pid, parent] of parents) {
      if (inTree.has(parent) && !inTree.has(pid)) {
        inTree.add(pid);
        added = true;
      }
    }
  }
  return [...inTree].map(describe).filter((process): process is RunningProcess => process !== undefined);
}
