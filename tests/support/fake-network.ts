import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * One MSW server per test file: every request must be answered by a fake (unhandled ones fail),
 * `handlers` answer what no test is waiting for, and each test puts its own fakes in front with
 * `server.use()`, reset afterwards.
 */
export function useFakeNetwork(...handlers: HttpHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
