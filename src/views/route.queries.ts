import { sortNewestFirst } from '../../src-core/domain/news';
import type { Folder } from '../../src-core/domain/stored-file';
import { defineQuery } from '../lib/route-data.cache';

// Shared by the views (useRouteData) and the route table (so a server loads the same keys first).

export const postsQuery = () =>
  defineQuery('posts', async (backend, signal) => sortNewestFirst(await backend.content.listPosts({ signal })));

export const postQuery = (id: string) =>
  defineQuery(`post:${id}`, (backend, signal) => backend.content.getPost(id, { signal }));

export const filesQuery = (folder: Folder) =>
  defineQuery(`files:${folder}`, (backend, signal) => backend.storage.listFiles(folder, { signal }));
