/**
 * `npm run dev:hosted`: the hosted build in the browser with every hosted service faked by MSW's
 * service worker, so the hosted mode can be explored with no accounts. Starts the worker, then
 * the app. Sign in to the admin area as the sample administrator printed in the console.
 */
import { setupWorker } from 'msw/browser';
import { parseHostedEnv } from '../adapters/hosted/hosted-env';
import { createHostedFakes } from './hosted';
import { MOCK_ADMIN } from './self-hosted-api';

const fakes = createHostedFakes(parseHostedEnv(import.meta.env));
await setupWorker(...fakes.handlers).start({ onUnhandledRequest: 'bypass', quiet: true });
console.info(
  `Hosted mode with fake services. Sign in as ${MOCK_ADMIN.email} with the password '${MOCK_ADMIN.password}'. ` +
    'Nothing leaves this browser; reloading the page starts again from the sample content.',
);
await import('../src/app/main');
