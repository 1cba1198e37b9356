import type { ContentfulClientApi } from 'contentful';
import { z } from 'zod';
import { sortNewestFirst } from '../../src-core/domain/news';
import type { ContentPort, ReadOptions } from '../../src-core/ports/content.port';
import type { Post } from '../../src-core/domain/post';
import { CoreError, isCoreError } from '../../src-core/domain/core-error';
import { contentfulFailure, contentfulReported, hostedError } from '../hosted/error-table';

export interface ContentfulContentOptions {
  readonly space: string;
  readonly accessToken: string;
  readonly environment: string;
  /** Another delivery host, e.g. 'preview.contentful.com'. */
  readonly host?: string;
  /** The longest a visitor waits for one read, retries included. */
  readonly waitBudgetMs?: number;
  /** The pauses before each retry; their number is the number of retries. */
  readonly retryWaitsMs?: readonly number[];
}

const POST_CONTENT_TYPE = 'newsletters';
const DEFAULT_WAIT_BUDGET_MS = 5000;
const DEFAULT_RETRY_WAITS_MS = [400, 1200] as const;
// The delivery API returns at most 1000 entries per request.
const MAX_POSTS = 1000;
const RETRYABLE = new Set(['ServerError', 'RateLimitExceeded', 'Network']);
// Contentful entry ids are 1 to 64 letters, digits, dots, underscores or hyphens.
const ENTRY_ID = /^[A-Za-z0-9._-]{1,64}$/;

const isoDateTime = z.iso.datetime({ offset: true });

const entrySchema = z.object({
  sys: z.object({ id: z.string().min(1), createdAt: isoDateTime, updatedAt: isoDateTime.optional() }),
  fields: z.object({ title: z.string(), body: z.string().optional() }),
});

const entriesSchema = z.object({ items: z.array(z.unknown()) });

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

function cancelledError(): CoreError {
  return new CoreError('canceled', 'The request was cancelled.');
}

/** Resolves after `ms`, or rejects at once when the visitor leaves. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelledError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * News posts from Contentful's delivery API. The client's own retries (5, waiting seconds and
 * honouring rate-limit resets of up to a minute) suit a batch job; a visitor waits at most the
 * budget, with at most two retries, so the adapter retries by itself and turns the client's off.
 */
export function createContentfulContent(options: ContentfulContentOptions): ContentPort {
  const budget = options.waitBudgetMs ?? DEFAULT_WAIT_BUDGET_MS;
  const retryWaits = options.retryWaitsMs ?? DEFAULT_RETRY_WAITS_MS;
  let client: Promise<ContentfulClientApi<undefined>> | undefined;

  function load(): Promise<ContentfulClientApi<undefined>> {
    client ??= import('contentful').then(({ createClient }) =>
      createClient({
        space: options.space,
        accessToken: options.accessToken,
        environment: options.environment,
        ...(options.host === undefined ? {} : { host: options.host }),
        retryOnError: false,
        // One slow answer may not use the whole budget, so a retry still fits.
        timeout: Math.ceil(budget / 2),
        logHandler: (level, data) => {
          if (level === 'error' || level === 'warning') console.warn(`Contentful ${level}:`, data);
        },
      }),
    );
    client.catch(() => {
      client = undefined;
    });
    return client;
  }

  /** Runs one read with bounded retries; the visitor's wait never exceeds the budget. */
  async function read<T>(request: (api: ContentfulClientApi<undefined>) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const deadline = Date.now() + budget;
    for (let attempt = 0; ; attempt += 1) {
      if (signal?.aborted) throw cancelledError();
      try {
        const api = await load();
        return await withinDeadline(request(api), deadline, signal);
      } catch (error) {
        if (isCoreError(error)) throw error;
        const reported = contentfulReported(error);
        const wait = retryWaits[attempt];
        if (!RETRYABLE.has(reported) || wait === undefined || Date.now() + wait >= deadline) throw contentfulFailure(error);
        console.warn(`Contentful: ${reported} error occurred. Waiting for ${wait} ms before retrying...`);
        await pause(wait, signal);
      }
    }
  }

  function withinDeadline<T>(work: Promise<T>, deadline: number, signal?: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(cancelledError());
        return;
      }
      const timer = setTimeout(() => reject(hostedError('contentful', 'Network')), Math.max(0, deadline - Date.now()));
      const onAbort = () => reject(cancelledError());
      signal?.addEventListener('abort', onAbort, { once: true });
      work.then(resolve, reject).finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      });
    });
  }

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
