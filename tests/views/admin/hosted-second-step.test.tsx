import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, expect, test } from 'vitest';
import { createHostedBackend } from '../../../adapters/hosted/hosted-backend';
import { firebaseAuthHandlers } from '../../../mocks/firebase-auth';
import { createHostedFakes } from '../../../mocks/hosted';
import { App } from '../../../src/app/app';
import { createRouteDataCache } from '../../../src/lib/route-data.cache';
import { testHostedEnv, uniqueAppName, TEST_FIREBASE } from '../../hosted/hosted-samples';
import { useFakeNetwork } from '../../support/fake-network';
import { MOCK_ADMIN, findAdminPage, findLoginPage } from './admin-harness';

/*
 * The hosted login page with an administrator whose Firebase account has an authenticator app as
 * its second factor: the real Firebase Auth SDK against the Auth fake, through the whole site.
 */
const APP_CODE = '271828';
const env = testHostedEnv({ adminEmails: MOCK_ADMIN.email, maxUploadMb: 20 });
const server = useFakeNetwork();

beforeAll(() => import('firebase/auth'), 60_000);

function renderHostedSite() {
  server.use(
    ...firebaseAuthHandlers({ projectId: TEST_FIREBASE.projectId, accounts: [{ ...MOCK_ADMIN, emailVerified: true, totpCode: APP_CODE }] }),
    ...createHostedFakes(env).handlers,
  );
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/login']}>
      <App backend={createHostedBackend(env, { firebaseAppName: uniqueAppName('second-step-view') })} cache={createRouteDataCache()} />
    </MemoryRouter>,
  );
  return user;
}

test('on the hosted backend, an account with Firebase multi-factor sign-in is asked for the app code, and a wrong one is refused', async () => {
  const user = renderHostedSite();
  await findLoginPage();

  await user.type(screen.getByLabelText('E-mail'), MOCK_ADMIN.email);
  await user.click(screen.getByLabelText('Password'));
  await user.paste(MOCK_ADMIN.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));

  expect(await screen.findByRole('heading', { level: 2, name: 'Two-step sign-in' })).toBeInTheDocument();
  // Firebase has no recovery codes, so the page does not offer them.
  expect(screen.queryByText(/recovery codes/)).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Code'), '000000');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. Please type the 6 numbers your app shows now.');

  await user.type(screen.getByLabelText('Code'), APP_CODE);
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  await findAdminPage();
  expect(screen.queryByRole('region', { name: 'Signed-in devices' })).not.toBeInTheDocument();
});
