import { File as NodeFile } from 'node:buffer';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { MockNetwork } from '../../support/fake-network';
import type { CallbackActorLogic } from 'xstate';
import { createAdminMachines } from '../../../src/app/admin-machines';
import { App } from '../../../src/app/app';
import { createMachines } from '../../../src/app/machines';
import { AdminMachinesProvider } from '../../../src/lib/admin-machines.context';
import { AppProviders } from '../../../src/lib/backend.context';
import type { AdminMachines } from '../../../src/lib/view-actions';
import { createBackend } from '../../../src/app/backend';
import { preloadAllPages } from '../../../src/app/routes';
import { createRouteDataCache } from '../../../src/lib/route-data.cache';
import type { UploadActorEvent, UploadActorInput } from '../../../src-core/machines/upload.types';
import type { Backend } from '../../../src-core/ports/backend';
import { MOCK_ADMIN, createSelfHostedApi, mockPdfBytes, type SelfHostedApiSeed } from '../../../mocks/self-hosted-api';

// Every page is a lazy chunk, and the first import of the admin area's (its whole module graph
// through Vitest's transform) could outlast a findBy on a busy machine. Loaded once here, before
// any test, every page renders at once.
await preloadAllPages();

/** A fresh self-hosted API for one test, whose state (files, posts, session) the test can read. */
export function useApi(server: MockNetwork, seed: SelfHostedApiSeed = {}) {
  const api = createSelfHostedApi(seed);
  server.use(...api.handlers);
  return api.state;
}

/** The same, with the administrator already signed in. */
export function useSignedInApi(server: MockNetwork, seed: SelfHostedApiSeed = {}) {
  return useApi(server, { signedInAs: MOCK_ADMIN.email, ...seed });
}

// The file picker offers only allowed types, but a volunteer can still pick "All files":
// the tests pick freely, as that volunteer can.
function setUpUser() {
  return userEvent.setup({ applyAccept: false });
}

/** The whole site at one address, on the real composition (http adapters against the MSW API). */
export function renderSite(path: string, backend: Backend = createBackend()) {
  const user = setUpUser();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App backend={backend} cache={createRouteDataCache()} />
    </MemoryRouter>,
  );
  return { user, ...view };
}

export interface WithBackendOptions {
  readonly backend?: Backend;
  /** Stands in for the transfer of every upload form: jsdom cannot make real progress. */
  readonly upload?: CallbackActorLogic<UploadActorEvent, UploadActorInput>;
}

/**
 * One component with the providers the views expect, its machines made from the backend as the
 * app makes them, for tests that drive a machine's actor.
 */
export function renderWithBackend(element: ReactNode, { backend = createBackend(), upload }: WithBackendOptions = {}) {
  const user = setUpUser();
  const cache = createRouteDataCache();
  const made = createAdminMachines(backend, cache);
  const admin: AdminMachines = upload === undefined ? made : { ...made, upload: (actions) => made.upload(actions).provide({ actors: { upload } }) };
  const view = render(
    <MemoryRouter>
      <AppProviders backend={backend} cache={cache} machines={createMachines(backend)}>
        <AdminMachinesProvider machines={admin}>{element}</AdminMachinesProvider>
      </AppProviders>
    </MemoryRouter>,
  );
  return { user, ...view };
}

/**
 * A file as a picker gives it. Node's File, not jsdom's: MSW reads an XMLHttpRequest body
 * through Node's fetch, which cannot read jsdom's Blob (it would send the text 'undefined').
 */
export function pickedFile(parts: ConstructorParameters<typeof NodeFile>[0], name: string, type = ''): File {
  return new NodeFile(parts, name, { type }) as unknown as File;
}

/** A file that passes the server's PDF check, of at least `size` bytes. */
export function pdfFile(name: string, size?: number): File {
  const head = mockPdfBytes(name);
  const bytes = new Uint8Array(Math.max(size ?? head.byteLength, head.byteLength));
  bytes.set(head);
  return pickedFile([bytes], name, 'application/pdf');
}

/** A promise the test resolves when it is ready, e.g. to hold a response back. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

// The machines log each outcome; keep the test output quiet.
export function quietLogs() {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
}

export async function findLoginPage() {
  return screen.findByRole('heading', { level: 1, name: 'Administrator Login' });
}

/** An admin page by its heading: 'Admin' for /admin itself, the page's name for the others ('Inbox'). */
export async function findAdminPage(name = 'Admin') {
  return screen.findByRole('heading', { level: 1, name });
}

export { MOCK_ADMIN };
