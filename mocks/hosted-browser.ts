/**
 * `npm run dev:hosted`: the hosted build in the browser with every hosted service faked by MSW's
 * service worker, so the hosted mode can be explored with no accounts. Starts the worker, then
 * the app. Sign in to the admin area as the sample administrator printed in the console.
 */
import { setupWorker } from 'msw/browser';
import { parseHostedEnv } from '../adapters/hosted/hosted-env';
import { TWO_STEP_ADMIN, createHostedFakes } from './hosted';
import { HOSTED_FAKES_CONTROL, createChunkGate, createHostedFakesControl } from './hosted-browser-control';
import { MOCK_ADMIN } from './self-hosted-api';

const env = parseHostedEnv(import.meta.env);
const gate = createChunkGate();
const fakes = createHostedFakes(env, {}, { beforeChunk: () => gate.beforeChunk() });
const worker = setupWorker(...fakes.handlers);
await worker.start({ onUnhandledFrame: 'bypass', quiet: true });
Object.assign(window, {
  [HOSTED_FAKES_CONTROL]: createHostedFakesControl({
    bucket: env.firebase.storageBucket,
    storage: fakes.storage,
    firestore: fakes.firestore,
    sent: fakes.sent,
    gate,
    use: (handler) => worker.use(handler),
  }),
});
console.info(
  `Hosted mode with fake services. Sign in as ${MOCK_ADMIN.email} with the password '${MOCK_ADMIN.password}', ` +
    `or, with two-step sign-in, as ${TWO_STEP_ADMIN.email} with the same password and the code ${TWO_STEP_ADMIN.totpCode}. ` +
    'Nothing leaves this browser; reloading the page starts again from the sample content. ' +
    `window.${HOSTED_FAKES_CONTROL} shows what EmailJS would have sent, the token of each confirmation mail, and can make the fakes fail or hold an upload.`,
);
await import('../src/app/main');
