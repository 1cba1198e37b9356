import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { DataDirectoryInUseError } from './db/data-directory-lock';
import { ConfigError, loadConfig, type Config } from './config';

/** Longest wait for requests in progress after SIGTERM; then their connections are cut. */
const SHUTDOWN_GRACE_MS = 30_000;
/** Past the grace, how long closing the database and the mail connection may take. */
const CLOSE_LIMIT_MS = 10_000;

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
    // Cutting them lets the stop finish properly: the database is still closed as usual.
    app.log.warn('Requests were still running 30 seconds after the signal; cut them');
    app.server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS).unref();
  setTimeout(() => {
    app.log.error('The server had not stopped 40 seconds after the signal; exiting anyway');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS + CLOSE_LIMIT_MS).unref();
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
