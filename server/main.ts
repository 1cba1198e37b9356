import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { DataDirectoryInUseError } from './db/data-directory-lock';
import { ConfigError, loadConfig, type Config } from './config';

/** Longest wait for in-flight requests after SIGTERM before giving up on them. */
const SHUTDOWN_GRACE_MS = 60_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function build(config: Config): Promise<FastifyInstance> {
  try {
    return await buildApp(config);
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const app = await build(config);

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'Stopping: finishing requests in progress, then closing the database');
  setTimeout(() => {
    app.log.error('Requests were still running after the grace period; exiting anyway');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'Stopping failed');
      process.exit(1);
    },
  );
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, `Could not listen on ${config.host}:${config.port}`);
  process.exit(1);
}
