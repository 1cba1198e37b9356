import type { HttpHandler } from 'msw';
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest/web';
import { InterceptorSource, defineNetwork } from 'msw/experimental';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * One MSW network per test file: every request must be handled by a fake (unhandled ones fail),
 * `handlers` respond to what no test is waiting for, and each test puts its own fakes in front with
 * `use()`, reset afterwards.
 *
 * It is `setupServer` from msw/node with one change: in jsdom, XMLHttpRequest is handled by
 * MSW's browser interceptor (the one a real page's service worker stands in for), because jsdom
 * sends its XMLHttpRequests through undici, which msw/node's interceptor does not see.
 */
export function useFakeNetwork(...handlers: HttpHandler[]) {
  const network = defineNetwork({
    sources: [
      new InterceptorSource({
        // The browser build of the interceptors has its own copy of their base class, so TypeScript
        // sees a different class; at run time it is an interceptor like the others.
        interceptors: [new ClientRequestInterceptor(), new XMLHttpRequestInterceptor() as unknown as FetchInterceptor, new FetchInterceptor()],
      }),
    ],
    handlers,
    onUnhandledFrame: 'error',
    context: { quiet: true },
  });
  beforeAll(() => network.enable());
  afterEach(() => network.resetHandlers());
  afterAll(() => network.disable());
  return network;
}

export type MockNetwork = ReturnType<typeof useFakeNetwork>;
