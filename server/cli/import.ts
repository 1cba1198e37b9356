/**
 * `npm run import -- --from hosted [--dry-run]` or `npm run import -- --from wordpress FILE.xml
 * [--dry-run]`: moves another site's content into the data directory (DATA_DIR), once the server
 * is stopped (server/import/run-import.ts). Exit code 0 when done, 1 when it could not be, 2 for
 * a wrong command line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirectoryInUseError } from '../db/data-directory-lock';
import type { ImportProgress } from '../import/apply-import';
import { readHostedSite } from '../import/hosted-source';
import { ImportError } from '../import/import-error';
import type { SourceContent } from '../import/import-items';
import { runImport } from '../import/run-import';
import { readWordPressExport } from '../import/wordpress-export';
import { hostedSiteFrom } from './hosted-ports';

const USAGE = `Usage:
  npm run import -- --from hosted [--dry-run]                posts from Contentful and files from Firebase Storage,
                                                            with the hosted build's settings (.env)
  npm run import -- --from wordpress FILE.xml [--dry-run]    a WordPress export (Tools > Export > All content)
Run it with --dry-run first: it says what would be imported and changes nothing.`;

class UsageError extends Error {}

/** A file as typed: npm runs scripts in the project folder, and says in INIT_CWD where the person was. */
function typedPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? '', file);
}

function sourceReader(args: readonly string[], timeZone: string): () => Promise<SourceContent> {
  const [from, kind, file, ...rest] = args.filter((arg) => arg !== '--dry-run');
  if (from !== '--from') throw new UsageError(USAGE);
  if (kind === 'hosted' && file === undefined) {
    // Made now, so a missing setting is reported before anything else happens.
    const site = hostedSiteFrom(process.env);
    return () => {
      process.stderr.write('Reading the lists of posts and files from Contentful and Firebase Storage...\n');
      return readHostedSite(site);
    };
  }
  if (kind === 'wordpress' && file !== undefined && !file.startsWith('-') && rest.length === 0) {
    const location = typedPath(file);
    return async () => {
      let xml: string;
      try {
        xml = await fs.promises.readFile(location, 'utf8');
      } catch (error) {
        throw new ImportError(`${location} cannot be read (${error instanceof Error ? error.message : String(error)}). Nothing was changed.`);
      }
      return readWordPressExport(xml, path.basename(location), { timeZone });
    };
  }
  throw new UsageError(USAGE);
}

/** On a terminal one line that counts up; otherwise (a log) a line now and then. */
function progressPrinter(stream: NodeJS.WriteStream): (progress: ImportProgress) => void {
  return ({ done, total, label }) => {
    if (total === 0) return;
    const line = done === total ? `Fetched ${total} of ${total} files.` : `Fetching file ${done + 1} of ${total}: ${label}`;
    if (stream.isTTY) stream.write(`\r\u001b[2K${line}${done === total ? '\n' : ''}`);
    else if (done === total || done % 10 === 0) stream.write(`${line}\n`);
  };
}

async function run(args: string[]): Promise<string> {
  if (args.length === 0 || args.includes('--help')) throw new UsageError(USAGE);
  const config = loadConfig();
  const readSource = sourceReader(args, config.timeZone);
  const result = await runImport({
    dataDir: path.resolve(config.dataDir),
    readSource,
    dryRun: args.includes('--dry-run'),
    onProgress: progressPrinter(process.stderr),
  });
  return result.text;
}

try {
  console.log(await run(process.argv.slice(2)));
} catch (error) {
  if (error instanceof UsageError || error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 2;
  } else if (error instanceof ImportError || error instanceof DataDirectoryInUseError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    console.error(`The import did not complete, and the database is as it was: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
