import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../../src/app/app';
import { createBackend } from '../../src/app/backend';
import { preloadAllPages } from '../../src/app/routes';
import { createRouteDataCache } from '../../src/lib/route-data.cache';
import { createSelfHostedApiHandlers } from '../../mocks/self-hosted-api';
import { useFakeNetwork } from '../support/fake-network';

// Each page is a lazy chunk; loaded once here, before any test, every page renders at once, as
// the page a browser hydrates does.
await preloadAllPages();

/**
 * Starts the self-hosted API's MSW stand-in for a test file, with the sample content as the
 * shared happy path. A test changes content or adds failures with `server.use()`. The admin view
 * tests use it; the visitor view tests run on every backend through ./backends.tsx instead.
 */
export function startSelfHostedApi() {
  return useFakeNetwork(...createSelfHostedApiHandlers());
}

/** Renders the whole site as the browser does (real backend composition), at one address. */
export function renderApp(path = '/') {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App backend={createBackend()} cache={createRouteDataCache()} />
    </MemoryRouter>,
  );
  return { user, ...view };
}
