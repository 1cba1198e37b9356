import type { z } from 'zod';
import { CoreError } from '../../src-core/domain/core-error';
import { UNAVAILABLE_MESSAGE, coreErrorFromNetworkFailure, coreErrorFromResponse } from './http-errors';

export interface HttpBackendOptions {
  /** Where the API lives; defaults to the page's own origin. */
  readonly baseUrl?: string;
  /** The fetch to use; defaults to the global one, looked up at call time so test servers can patch it. */
  readonly fetch?: typeof fetch;
}

export interface RequestOptions {
  readonly query?: Readonly<Record<string, string>>;
  readonly json?: unknown;
  readonly signal?: AbortSignal;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface HttpClient {
  /** The absolute address of a path on the API, with an encoded query. */
  url(path: string, query?: Readonly<Record<string, string>>): string;
  readonly fetch: typeof fetch;
  /**
   * An address for a link: resolved against the base URL when one was given (a Node caller),
   * left as a path in the browser, so server-rendered and browser-rendered links are the same.
   */
  link(path: string): string;
  /** Sends a request and returns the body parsed by `schema`; failures become CoreErrors. */
  request<S extends z.ZodType>(method: string, path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  /** Sends a request whose success has no body worth reading. */
  send(method: string, path: string, options?: RequestOptions): Promise<void>;
  /**
   * Calls `listener` with the path of every request the server responded to with 401 (no session, e.g.
   * because it was ended from another device). Returns a function that stops it.
   */
  onUnauthenticated(listener: (path: string) => void): () => void;
}

function defaultBaseUrl(): string {
  // Node's fetch (also under jsdom) needs absolute addresses; a browser resolves against the page.
  return typeof location === 'undefined' ? '' : location.origin;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createHttpClient(options: HttpBackendOptions = {}): HttpClient {
  const fetchImpl: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const unauthenticated = new Set<(path: string) => void>();

  function url(path: string, query?: Readonly<Record<string, string>>): string {
    const search = query === undefined ? '' : `?${new URLSearchParams(query).toString()}`;
    return `${options.baseUrl ?? defaultBaseUrl()}${path}${search}`;
  }

  async function exchange(method: string, path: string, requestOptions: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...requestOptions.headers };
    if (requestOptions.json !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(url(path, requestOptions.query), {
        method,
        headers,
        body: requestOptions.json === undefined ? undefined : JSON.stringify(requestOptions.json),
        signal: requestOptions.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      throw coreErrorFromNetworkFailure(error);
    }
    if (response.status === 401) for (const listener of [...unauthenticated]) listener(path);
    if (!response.ok) {
      const body = await readJson(response).catch(() => undefined);
      throw coreErrorFromResponse(response.status, response.headers, body);
    }
    return response;
  }

  return {
    url,
    fetch: fetchImpl,
    link: (path) => (options.baseUrl === undefined ? path : `${options.baseUrl}${path}`),
    async request(method, path, schema, requestOptions) {
      const response = await exchange(method, path, requestOptions);
      let body: unknown;
      try {
        body = await readJson(response);
      } catch (error) {
        throw coreErrorFromNetworkFailure(error);
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new CoreError('unavailable', UNAVAILABLE_MESSAGE, { cause: parsed.error });
      return parsed.data;
    },
    async send(method, path, requestOptions) {
      const response = await exchange(method, path, requestOptions);
      await response.body?.cancel().catch(() => undefined);
    },
    onUnauthenticated(listener) {
      unauthenticated.add(listener);
      return () => {
        unauthenticated.delete(listener);
      };
    },
  };
}
