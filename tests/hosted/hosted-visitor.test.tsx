// The visitor screens on the hosted backend: the same App, the same sample content as the
// self-hosted view tests (mocks/self-hosted-api.ts defaultSeed), with the real Contentful,
// Firebase Storage and EmailJS SDKs behind it, against their fakes.
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, test, vi } from 'vitest';
import { createHostedBackend } from '../../adapters/hosted/hosted-backend';
import { parseHostedEnv } from '../../adapters/hosted/hosted-env';
import { contentfulFailures } from '../../mocks/contentful';
import { emailJsFailure } from '../../mocks/emailjs';
import { createHostedFakes } from '../../mocks/hosted';
import { App } from '../../src/app/app';
import { createRouteDataCache } from '../../src/app/route-data.cache';
import { CONTACT_CONFIRMATION } from '../../src-core/machines/contact.machine';
import { TEST_CONTENTFUL, TEST_EMAILJS, TEST_FIREBASE, uniqueAppName } from './hosted-samples';
import { useFakeNetwork } from './msw-server';

const server = useFakeNetwork();
afterEach(() => cleanup());

const env = parseHostedEnv({
  VITE_FIREBASE_API_KEY: TEST_FIREBASE.apiKey,
  VITE_FIREBASE_PROJECT_ID: TEST_FIREBASE.projectId,
  VITE_FIREBASE_AUTH_DOMAIN: TEST_FIREBASE.authDomain,
  VITE_FIREBASE_STORAGE_BUCKET: TEST_FIREBASE.storageBucket,
  VITE_FIREBASE_APP_ID: TEST_FIREBASE.appId,
  VITE_FIREBASE_MESSAGING_SENDER_ID: TEST_FIREBASE.messagingSenderId,
  VITE_CONTENTFUL_SPACE: TEST_CONTENTFUL.space,
  VITE_CONTENTFUL_ACCESS_TOKEN: TEST_CONTENTFUL.accessToken,
  VITE_CONTENTFUL_ENVIRONMENT: TEST_CONTENTFUL.environment,
  VITE_EMAILJS_PUBLIC_KEY: TEST_EMAILJS.publicKey,
  VITE_EMAILJS_SERVICE_ID: TEST_EMAILJS.serviceId,
  VITE_EMAILJS_TEMPLATE_ID: TEST_EMAILJS.templateId,
  VITE_ADMIN_EMAILS: 'admin@example.org',
  VITE_CMS_URL: 'https://app.contentful.com/spaces/demospace',
  VITE_MAX_UPLOAD_MB: '20',
});

const storageUrl = (fullPath: string) =>
  `https://firebasestorage.googleapis.com/v0/b/demo-rnai.appspot.com/o/${encodeURIComponent(fullPath)}?alt=media&token=`;

/**
 * The hosted services with the shared sample content, and the site rendered at one address.
 * `first` are handlers that answer before the fakes (failures).
 */
function renderHostedSite(path: string, first: readonly HttpHandler[] = []) {
  const fakes = createHostedFakes(env);
  server.use(...fakes.handlers);
  server.use(...first);
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <App backend={createHostedBackend(env, { firebaseAppName: uniqueAppName('visitor') })} cache={createRouteDataCache()} />
    </MemoryRouter>,
  );
  return { user, fakes };
}

function region(name: string) {
  return screen.getByRole('region', { name });
}

test('news: loading texts, then the sample posts newest first with their dates, from Contentful', async () => {
  renderHostedSite('/news');

  expect(within(region('Latest News')).getByText('Loading posts...')).toBeInTheDocument();
  expect(within(region('Newsletters')).getByText('Loading files...')).toBeInTheDocument();
  const titles = await within(region('Latest News')).findAllByRole('heading', { level: 3 });

  expect(titles.map((title) => title.textContent)).toEqual(['Annual General Meeting', 'Welcome to our new website']);
  expect(within(region('Latest News')).getAllByRole('listitem')[0]).toHaveTextContent('1 March 2026');
});

test('news: the newsletters from Firebase Storage open their download address in a new tab', async () => {
  renderHostedSite('/news');

  const link = await within(region('Newsletters')).findByRole('link', { name: /^Spring Newsletter \(PDF, \d+ bytes\)/ });

  expect(link.getAttribute('href')).toContain(storageUrl('newsletters/Spring Newsletter.pdf'));
  expect(link).toHaveAttribute('target', '_blank');
});

test('news: when Contentful keeps failing the reader is told, and Try again loads the posts', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const { user } = renderHostedSite('/news', [contentfulFailures([500, 500, 500])]);

  const alert = await within(region('Latest News')).findByRole('alert', {}, { timeout: 8000 });
  expect(alert).toHaveTextContent('The news service is not answering just now. Please try again in a minute.');
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));

  expect(await within(region('Latest News')).findByRole('heading', { name: 'Annual General Meeting' })).toBeInTheDocument();
});

test('article: the title and one list item per line', async () => {
  renderHostedSite('/article/2');

  expect(await screen.findByRole('heading', { level: 1, name: 'Annual General Meeting' })).toBeInTheDocument();
  const lines = within(screen.getByRole('article')).getAllByRole('listitem');
  expect(lines.map((line) => line.textContent)).toEqual(['Our AGM takes place in Dublin this spring.', 'All members are welcome.']);
});

test('article: a post Contentful does not have is shown as not found', async () => {
  renderHostedSite('/article/999');

  expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeInTheDocument();
});

test('Join Us Today lists the storage root by name, each opening in a new tab', async () => {
  renderHostedSite('/documents');

  const links = await within(screen.getByRole('main')).findAllByRole('link');

  expect(links.map((link) => link.textContent?.replace(/ \(.*$/, ''))).toEqual(['Membership Form']);
  expect(links[0]?.getAttribute('href')).toContain(storageUrl('Membership Form.pdf'));
  expect(links[0]).toHaveAttribute('target', '_blank');
});

test('Upcoming Events shows a card per events file with its fallbacks and a PDF link', async () => {
  renderHostedSite('/events');

  const link = await screen.findByRole('link', { name: /Click to view PDF/ });
  const card = link.closest('li') ?? link.parentElement;

  expect(card).toHaveTextContent('Summer Outing');
  expect(card).toHaveTextContent('Unknown Date');
  expect(card).toHaveTextContent('Unknown Location');
  expect(link.getAttribute('href')).toContain(storageUrl('events/Summer Outing.pdf'));
});

test('contact: a sent message is confirmed and EmailJS received name, email and message', async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  const { user, fakes } = renderHostedSite('/contact');
  await user.type(screen.getByLabelText('Your Name:'), 'Mary Byrne');
  await user.type(screen.getByLabelText('Your Email:'), 'mary@example.org');
  await user.type(screen.getByLabelText('Message:'), 'Is there a branch in Sligo?');

  await user.click(screen.getByRole('button', { name: 'Send Message' }));

  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(CONTACT_CONFIRMATION), { timeout: 5000 });
  expect(fakes.sent.map((sent) => sent.templateParams)).toEqual([
    { name: 'Mary Byrne', email: 'mary@example.org', message: 'Is there a branch in Sligo?' },
  ]);
});

test('contact: when EmailJS throttles, the visitor is told and keeps what was typed', async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const { user } = renderHostedSite('/contact');
  server.use(emailJsFailure(429));
  await user.type(screen.getByLabelText('Your Name:'), 'Mary Byrne');
  await user.type(screen.getByLabelText('Your Email:'), 'mary@example.org');
  await user.type(screen.getByLabelText('Message:'), 'Is there a branch in Sligo?');

  await user.click(screen.getByRole('button', { name: 'Send Message' }));

  await waitFor(
    () =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        /^Your message was not sent\b/,
      ),
    { timeout: 5000 },
  );
  expect(screen.getByLabelText('Message:')).toHaveValue('Is there a branch in Sligo?');
});
