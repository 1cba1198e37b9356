import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface ReaderLaunch {
  /** The reader's module: pdf-text.child.ts beside this file, or .js once the server is compiled. */
  readonly modulePath: string;
  /** Node's flags for the reader: its heap limit, and tsx when the module is TypeScript. */
  readonly execArgv: readonly string[];
}

/**
 * How to start the reader in the way this module itself was loaded. Under tsx (`npm start`, the
 * tests, the benchmark) this file is .ts and the reader needs a loader; compiled, both are .js and
 * Node runs them as they are. The server's own flags are not passed on: under the tsx command
 * they load tsx in full, which the reader must not have (see typescript-in-reader.mjs), and an
 * inspector flag would make the reader wait for a debugger.
 */
export function readerLaunch(heapMb: number): ReaderLaunch {
  const here = fileURLToPath(import.meta.url);
  const directory = path.dirname(here);
  const extension = path.extname(here);
  const modulePath = path.join(directory, `pdf-text.child${extension}`);
  // A build that leaves the reader out would otherwise be found at the first upload, not at start.
  if (!fs.existsSync(modulePath)) throw new Error(`The PDF reader's module is missing: ${modulePath}`);
  const typeScript = extension === '.ts' || extension === '.mts';
  const loader = typeScript ? ['--import', pathToFileURL(path.join(directory, 'typescript-in-reader.mjs')).href] : [];
  return { modulePath, execArgv: [`--max-old-space-size=${heapMb}`, ...loader] };
}
