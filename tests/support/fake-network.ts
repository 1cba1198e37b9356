import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * One MSW server per test file: every request must be answered by a fake (unhandled ones fail),
 * and each test puts its own fakes in front with `server.use()`, reset afterwards.
 */
export function useFakeNetwork() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
