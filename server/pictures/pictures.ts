import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { errorCode } from '../db/storage-fault';
import { syncFolder } from '../files/file-store';
import { syncedFileWriter } from '../files/synced-file-writer';
import { createJobQueue } from './picture-queue';
import { createPicturePreparer } from './picture-preparer';

export type PictureState =
  | { readonly id: string; readonly state: 'preparing' }
  | { readonly id: string; readonly state: 'ready'; readonly width: number; readonly height: number }
  | { readonly id: string; readonly state: 'refused'; readonly refusal: string };

interface PictureRow {
  id: string;
  state: 'preparing' | 'ready' | 'refused';
  width: number | null;
  height: number | null;
  refusal: string | null;
}

export type ReceiveResult = { readonly ok: true; readonly id: string; readonly prepared: Promise<PictureState> } | { readonly ok: false; readonly reason: 'too-large' | 'empty' };

export interface Pictures {
  /** Where the sizes are kept: inside the data directory's files/, so a backup holds them. */
  readonly directory: string;
  /**
   * Stores the upload in `source` and queues it to be prepared; `prepared` settles once its
   * sizes are made or it was refused. Rejects when the source fails (the sender went away).
   */
  receive(source: Readable, maxBytes: number): Promise<ReceiveResult>;
  get(id: string): PictureState | undefined;
  /** Deletes a picture's sizes and its record. */
  remove(id: string): Promise<void>;
  /** Settles when no picture is waiting or being prepared. */
  idle(): Promise<void>;
}

const PICTURE_ID = /^[0-9a-f]{24}$/;
/** An upload never saved with a post is forgotten after this long. */
const UNUSED_KEPT_MS = 24 * 60 * 60 * 1000;
const RESTARTED = 'The website restarted while preparing this picture. Please attach it again.';

/** Is `name` one size of a picture: '<id>-<width>.webp' or '.jpg'? Anything else names nothing. */
export function isPictureFileName(name: string): boolean {
  return /^[0-9a-f]{24}-[1-9][0-9]{0,3}\.(webp|jpg)$/.test(name);
}

function stateOf(row: PictureRow): PictureState {
  if (row.state === 'ready') return { id: row.id, state: 'ready', width: row.width ?? 0, height: row.height ?? 0 };
  if (row.state === 'refused') return { id: row.id, state: 'refused', refusal: row.refusal ?? '' };
  return { id: row.id, state: 'preparing' };
}

/**
 * Pictures of posts: an upload is stored in the temporary folder, then prepared by a queue, one
 * at a time, off the request's path, each in a process of its own (server/pictures/picture-preparer.ts).
 */
export function createPictures(options: { db: Db; dataDir: string; temporaryDir: string; clock: Clock; log: FastifyBaseLogger }): Pictures {
  const { db, temporaryDir, clock, log } = options;
  const preparer = createPicturePreparer();
  const directory = path.join(options.dataDir, 'files', 'pictures');
  fs.mkdirSync(directory, { recursive: true });
  const queue = createJobQueue();

  const insert = db.prepare<[string, number]>("INSERT INTO pictures (id, state, created_at) VALUES (?, 'preparing', ?)");
  const markReady = db.prepare<[number, number, string]>("UPDATE pictures SET state = 'ready', width = ?, height = ? WHERE id = ?");
  const markRefused = db.prepare<[string, string]>("UPDATE pictures SET state = 'refused', refusal = ? WHERE id = ?");
  const byId = db.prepare<[string], PictureRow>('SELECT id, state, width, height, refusal FROM pictures WHERE id = ?');
  const deleteById = db.prepare<[string]>('DELETE FROM pictures WHERE id = ?');
  const unused = db.prepare<[number], { id: string }>(
    'SELECT id FROM pictures WHERE created_at < ? AND id NOT IN (SELECT picture_id FROM posts WHERE picture_id IS NOT NULL)',
  );

  // A picture being prepared when the server stopped (a crash or a power cut: a normal stop waits
  // for it): its upload went with the temporary folder, so it is refused with a message the editor
  // reads where the picture was attached, and any sizes half made are removed below.
  const interrupted = db.prepare<[], { id: string }>("SELECT id FROM pictures WHERE state = 'preparing'").all();
  db.prepare<[string]>("UPDATE pictures SET state = 'refused', refusal = ? WHERE state = 'preparing'").run(RESTARTED);

  async function removeFiles(id: string): Promise<void> {
    const names = (await fsp.readdir(directory)).filter((name) => name.startsWith(`${id}-`));
    await Promise.all(names.map((name) => fsp.rm(path.join(directory, name), { force: true })));
    if (names.length > 0) await syncFolder(directory);
  }

  async function prepare(id: string, upload: string): Promise<PictureState> {
    try {
      const { outcome, peakRssBytes } = await preparer.prepare({ source: upload, directory, id });
      if (outcome.ok) {
        await syncFolder(directory);
        markReady.run(outcome.width, outcome.height, id);
        log.info({ event: 'picture-prepared', picture: id, width: outcome.width, height: outcome.height, preparerPeakRssBytes: peakRssBytes }, 'A picture was prepared');
      } else {
        await removeFiles(id);
        markRefused.run(outcome.refusal, id);
        log.info({ event: 'picture-refused', picture: id, reason: outcome.refusal }, 'An upload was refused as a picture');
      }
    } catch (error) {
      // The server's own fault (a full disk): said plainly, and nothing half made is kept.
      log.error({ event: 'picture-failed', picture: id, err: error }, 'A picture could not be prepared');
      await removeFiles(id).catch(() => undefined);
      markRefused.run('The website could not prepare this picture just now. Please try again in a few minutes.', id);
    } finally {
      await fsp.rm(upload, { force: true });
    }
    const row = byId.get(id);
    if (row === undefined) throw new Error(`The picture ${id} is not recorded.`);
    return stateOf(row);
  }

  async function remove(id: string): Promise<void> {
    if (!PICTURE_ID.test(id)) return;
    await removeFiles(id);
    deleteById.run(id);
  }

  async function forgetUnused(): Promise<void> {
    for (const { id } of unused.all(clock() - UNUSED_KEPT_MS)) await remove(id);
  }

  async function sweep(): Promise<void> {
    for (const { id } of interrupted) await removeFiles(id);
    await forgetUnused();
  }

  void queue.add(sweep).catch((error: unknown) => {
    if (errorCode(error) !== 'ENOENT') log.warn({ event: 'pictures-sweep-failed', err: error }, 'Unused pictures could not be removed');
  });

  return {
    directory,
    async receive(source, maxBytes) {
      const id = randomBytes(12).toString('hex');
      const upload = path.join(temporaryDir, `${id}.picture`);
      let bytes = 0;
      let tooLarge = false;
      try {
        await pipeline(
          source,
          async function* limit(chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              bytes += chunk.byteLength;
              // Past the limit the rest is read and dropped: the sender then reads the 413.
              if (bytes > maxBytes) tooLarge = true;
              else yield chunk;
            }
          },
          syncedFileWriter(upload, 0o640),
        );
      } catch (error) {
        await fsp.rm(upload, { force: true });
        throw error;
      }
      if (tooLarge || bytes === 0) {
        await fsp.rm(upload, { force: true });
        return { ok: false, reason: tooLarge ? 'too-large' : 'empty' };
      }
      insert.run(id, clock());
      return { ok: true, id, prepared: queue.add(() => prepare(id, upload)) };
    },
    get(id) {
      const row = PICTURE_ID.test(id) ? byId.get(id) : undefined;
      return row === undefined ? undefined : stateOf(row);
    },
    remove,
    idle: () => queue.idle(),
  };
}
