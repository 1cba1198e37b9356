import { z } from '../../contract/zod';
import { sortNewestFirst } from '../../src-core/domain/news';
import type { ContentPort, ReadOptions } from '../../src-core/ports/content.port';
import type { Post } from '../../src-core/domain/post';
import { hostedError } from '../hosted/error-table';
import { createContentfulReader, type ContentfulOptions } from './contentful-reader';

const POST_CONTENT_TYPE = 'newsletters';
// The delivery API returns at most 1000 entries per request.
const MAX_POSTS = 1000;
// Contentful entry ids are 1 to 64 letters, digits, dots, underscores or hyphens.
const ENTRY_ID = /^[A-Za-z0-9._-]{1,64}$/;

const isoDateTime = z.iso.datetime({ offset: true });

const entrySchema = z.object({
  sys: z.object({ id: z.string().min(1), createdAt: isoDateTime, updatedAt: isoDateTime.optional() }),
  fields: z.object({ title: z.string(), body: z.string().optional() }),
});

const entriesSchema = z.object({ items: z.array(z.unknown()) });

/**
 * The delivery API serves published entries only, and this site keeps no drafts, schedules or
 * versions of its own on this backend: a post is published at once, when it is published in
 * Contentful's web app (src/views/admin/posts-section.tsx says so in the admin area).
 */
function toPost(entry: z.infer<typeof entrySchema>): Post {
  return {
    id: entry.sys.id,
    title: entry.fields.title,
    body: entry.fields.body ?? '',
    publishedAt: entry.sys.createdAt,
    updatedAt: entry.sys.updatedAt,
  };
}

/** Entries that are not posts (a draft content model, a missing title) are left out, not fatal. */
function postsFrom(response: unknown): Post[] {
  const { items } = entriesSchema.parse(response);
  const posts: Post[] = [];
  for (const item of items) {
    const entry = entrySchema.safeParse(item);
    if (entry.success) posts.push(toPost(entry.data));
    else console.warn('Contentful: an entry that is not a post was left out.', entry.error.issues);
  }
  return posts;
}

/** How many posts one search takes from Contentful: more than a results page lists. */
const MAX_FOUND_POSTS = 100;

/** A post Contentful's search found, and which of the query's words found it. */
export interface FoundPost {
  readonly post: Post;
  readonly words: readonly string[];
}

/**
 * The posts with any of `words`, by Contentful's own full-text search (the `query` parameter,
 * which looks through every text field), for the hosted site's search. Contentful returns, for a query
 * of several words, only the posts that have them all, so each word is asked for by itself (a
 * query has at most 8, MAX_QUERY_WORDS) and each post says which words found it: posts are then
 * ranked by the same rule as files and events, those with every word before those with some.
 */
export function createContentfulPostSearch(options: ContentfulOptions) {
  const read = createContentfulReader(options);
  return async (words: readonly string[], readOptions?: ReadOptions): Promise<FoundPost[]> => {
    const results = await Promise.all(
      words.map(async (word) => {
        const response = await read(
          (api) => api.getEntries({ content_type: POST_CONTENT_TYPE, query: word, limit: MAX_FOUND_POSTS }),
          readOptions?.signal,
        );
        return { word, posts: postsFrom(response) };
      }),
    );
    const found = new Map<string, { post: Post; words: string[] }>();
    for (const { word, posts } of results) {
      for (const post of posts) {
        const entry = found.get(post.id) ?? { post, words: [] };
        entry.words.push(word);
        found.set(post.id, entry);
      }
    }
    return [...found.values()];
  };
}

/** News posts from Contentful's delivery API, read within a visitor's wait budget (see contentful-reader.ts). */
export function createContentfulContent(options: ContentfulOptions): ContentPort {
  const read = createContentfulReader(options);

  return {
    async listPosts(readOptions?: ReadOptions) {
      const response = await read(
        (api) => api.getEntries({ content_type: POST_CONTENT_TYPE, order: ['-sys.createdAt'], limit: MAX_POSTS }),
        readOptions?.signal,
      );
      return sortNewestFirst(postsFrom(response));
    },
    async getPost(id, readOptions?: ReadOptions) {
      if (!ENTRY_ID.test(id)) throw hostedError('contentful', 'NotFound');
      const response = await read(
        (api) => api.getEntries({ content_type: POST_CONTENT_TYPE, 'sys.id': id, limit: 1 }),
        readOptions?.signal,
      );
      const [post] = postsFrom(response);
      if (post === undefined) throw hostedError('contentful', 'NotFound');
      return post;
    },
  };
}
