import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Clock } from '../clock';
import { loadSampleContent } from '../content/sample-content';
import { openDatabase, type Db } from '../db/database';
import { createFileStore, type FileStore } from '../files/file-store';
import { createPostsRepository, type PostsRepository } from '../repositories/posts.repository';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    db: Db;
    posts: PostsRepository;
    files: FileStore;
  }
}

/** Opens the data directory: the database (migrated) and the stored files, and closes them last. */
export const dataPlugin = fp<{ config: Config; clock: Clock }>(
  async (app, { config, clock }) => {
    const { db, created } = openDatabase(config.dataDir);
    const files = createFileStore(config.dataDir);
    await files.clearTemporary();
    const posts = createPostsRepository(db);

    app.decorate('config', config);
    app.decorate('clock', clock);
    app.decorate('db', db);
    app.decorate('posts', posts);
    app.decorate('files', files);
    app.addHook('onClose', () => {
      db.close();
    });

    if (created && config.sampleContent) {
      await loadSampleContent({ posts, files, now: clock() });
      app.log.info('Loaded sample content into the new data directory. Set SAMPLE_CONTENT=0 to start empty.');
    }
  },
  { name: 'data' },
);
