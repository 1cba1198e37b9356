import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { errorBody } from '../../adapters/http/wire';
import { createSelfHostedApiHandlers, mockPdfBytes } from '../../mocks/self-hosted-api';
import { renderApp, startSelfHostedApi } from './app-harness';

const server = startSelfHostedApi();

const updatedAt = '2026-01-01T00:00:00.000Z';

/** A file that passes as a PDF, of an exact size, so the shown size is known. */
function pdfOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(mockPdfBytes());
  return bytes;
}

test('Join Us Today lists the root files by name without extension, each opening in a new tab', async () => {
  server.use(
    ...createSelfHostedApiHandlers({
      files: [
        { folder: 'root', name: 'Membership Form.pdf', bytes: pdfOfSize(340 * 1024), updatedAt },
        { folder: 'root', name: 'Constitution.v2.docx', bytes: new Uint8Array(2048), updatedAt },
        { folder: 'events', name: 'Not a document.pdf', bytes: mockPdfBytes(), updatedAt },
      ],
    }),
  );
  renderApp('/documents');

  expect(screen.getByRole('heading', { level: 1, name: 'Join Us Today' })).toBeInTheDocument();
  expect(screen.getByText('Loading files...')).toBeInTheDocument();
  const links = await within(screen.getByRole('main')).findAllByRole('link');

  expect(links.map((link) => link.textContent?.replace(' (opens in a new tab)', ''))).toEqual([
    'Constitution.v2 (Word, 2 KB)',
    'Membership Form (PDF, 340 KB)',
  ]);
  expect(links[1]).toHaveAttribute('href', '/files/Membership%20Form.pdf');
  for (const link of links) {
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  }
});

test('the Join Now link in the navigation opens Join Us Today', async () => {
  const { user } = renderApp('/');

  await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Join Now' }));

  expect(screen.getByRole('heading', { level: 1, name: 'Join Us Today' })).toHaveFocus();
  expect(await screen.findByRole('link', { name: /^Membership Form/ })).toBeInTheDocument();
});

test('an empty storage root says there are no documents yet', async () => {
  server.use(...createSelfHostedApiHandlers({ files: [] }));
  renderApp('/documents');

  expect(await screen.findByText('There are no documents here yet. Please check back soon.')).toBeInTheDocument();
});

test('when the documents cannot be loaded, Try again loads them', async () => {
  server.use(
    http.get('*/api/files', () => HttpResponse.json(errorBody('unavailable', 'Please try again in a moment.'), { status: 503 }), {
      once: true,
    }),
  );
  const { user } = renderApp('/documents');

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The documents could not be loaded. Please try again in a moment.');
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('link', { name: /^Membership Form/ })).toBeInTheDocument();
});

test('Upcoming Events shows one card per events file with the event card fields and a PDF link', async () => {
  server.use(
    ...createSelfHostedApiHandlers({
      files: [
        { folder: 'events', name: 'Summer Outing.PDF', bytes: pdfOfSize(1_258_291), updatedAt },
        { folder: 'events', name: '.pdf', bytes: mockPdfBytes(), updatedAt },
        { folder: 'root', name: 'Membership Form.pdf', bytes: mockPdfBytes(), updatedAt },
      ],
    }),
  );
  renderApp('/events');

  expect(screen.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeInTheDocument();
  expect(screen.getByText('Loading files...')).toBeInTheDocument();
  const cards = await within(screen.getByRole('main')).findAllByRole('listitem');

  expect(cards).toHaveLength(2);
  const titles = cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
  expect(titles).toEqual(['Untitled Event', 'Summer Outing']);
  const outing = cards[1]!;
  expect(outing).toHaveTextContent('Date: Unknown Date');
  expect(outing).toHaveTextContent('Location: Unknown Location');
  const link = within(outing).getByRole('link', {
    name: 'Click to view PDF: Summer Outing (PDF, 1.2 MB) (opens in a new tab)',
  });
  expect(link).toHaveAttribute('href', '/files/events/Summer%20Outing.PDF');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener');
});

test('an empty events folder says there are no upcoming events yet', async () => {
  server.use(...createSelfHostedApiHandlers({ files: [] }));
  renderApp('/events');

  expect(await screen.findByText('There are no upcoming events yet. Please check back soon.')).toBeInTheDocument();
});

test('when the events cannot be loaded, Try again loads them', async () => {
  server.use(http.get('*/api/files', () => HttpResponse.error(), { once: true }));
  const { user } = renderApp('/events');

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(/^The events could not be loaded\./);
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('heading', { level: 2, name: 'Summer Outing' })).toBeInTheDocument();
});
