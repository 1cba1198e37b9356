import { setTimeout as delay } from 'node:timers/promises';
import { storageFaultOf } from './storage-fault';

/**
 * How long a write may wait for another process (the admin command, a backup restore check,
 * someone's sqlite3 shell) to let go of the database before it is refused as "busy".
 */
const WRITE_WAIT_LIMIT_MS = 3_000;
const FIRST_WAIT_MS = 25;
const LONGEST_WAIT_MS = 250;

/**
 * Runs a database write, and while another process holds the write lock tries again with
 * growing waits that yield to the event loop, so visitors' reads go on meanwhile. SQLite's own
 * busy timeout is kept short (see openDatabase) because it waits on the event loop. Past the
 * limit the busy error is thrown, which the error handler turns into 503 with Retry-After.
 */
export async function retryWhenBusy<T>(write: () => T, limitMs = WRITE_WAIT_LIMIT_MS): Promise<T> {
  const started = Date.now();
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
    try {
      return write();
    } catch (error) {
      if (storageFaultOf(error) !== 'database-busy' || Date.now() - started + wait > limitMs) throw error;
    }
    await delay(wait);
  }
}
