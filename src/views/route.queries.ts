import { sortNewestFirst } from '../../src-core/domain/news';
import { noSearch } from '../../src-core/domain/search';
import type { Folder } from '../../src-core/domain/stored-file';
import { defineQuery } from '../lib/route-data.cache';

// Shared by the views (useRouteData) and the route table (so a server loads the same keys first).
// The events' queries are in event.queries.ts, so a page without events does not download them.

export const postsQuery = () =>
  defineQuery('posts', async (backend, signal) => sortNewestFirst(await backend.content.listPosts({ signal })));

/** The search page's results; an empty query asks the backend nothing. */
export const searchQuery = (query: string) =>
  defineQuery(`search:${query}`, (backend, signal) =>
    query === '' ? Promise.resolve(noSearch(backend.search.coverage)) : backend.search.search(query, { signal }),
  );

export const postQuery = (id: string) =>
  defineQuery(`post:${id}`, (backend, signal) => backend.content.getPost(id, { signal }));

export const filesQuery = (folder: Folder) =>
  defineQuery(`files:${folder}`, (backend, signal) => backend.storage.listFiles(folder, { signal }));
