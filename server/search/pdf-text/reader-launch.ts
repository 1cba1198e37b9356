import { childLaunch, type ChildLaunch } from '../../child-job';

/**
 * How to start the reader (pdf-text.child.ts beside this file) with its heap limit. The server's
 * own flags are not passed on: under the tsx command they load tsx in full, which the reader must
 * not have (see typescript-in-reader.mjs), and an inspector flag would make the reader wait for a
 * debugger.
 */
export function readerLaunch(heapMb: number): ChildLaunch {
  const { modulePath, execArgv } = childLaunch(import.meta.url, 'pdf-text.child', 'typescript-in-reader.mjs', 'The PDF reader');
  return { modulePath, execArgv: [`--max-old-space-size=${heapMb}`, ...execArgv] };
}
