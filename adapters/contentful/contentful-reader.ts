import type { ContentfulClientApi } from 'contentful';
import { CoreError, isCoreError } from '../../src-core/domain/core-error';
import { contentfulFailure, contentfulReported, hostedError } from '../hosted/error-table';

export interface ContentfulOptions {
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

const DEFAULT_WAIT_BUDGET_MS = 5000;
const DEFAULT_RETRY_WAITS_MS = [400, 1200] as const;
const RETRYABLE = new Set(['ServerError', 'RateLimitExceeded', 'Network']);

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

/** Runs one read of the delivery API with bounded retries, loading the SDK on first use. */
export type ContentfulRead = <T>(request: (api: ContentfulClientApi<undefined>) => Promise<T>, signal?: AbortSignal) => Promise<T>;

/**
 * Reads from Contentful's delivery API. The client's own retries (5, waiting seconds and
 * honouring rate-limit resets of up to a minute) suit a batch job; a visitor waits at most the
 * budget, with at most two retries, so the reader retries by itself and turns the client's off.
 */
export function createContentfulReader(options: ContentfulOptions): ContentfulRead {
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
        // One slow response may not use the whole budget, so a retry still fits.
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

  return read;
}
