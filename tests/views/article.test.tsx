import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { errorBody } from '../../adapters/http/wire';
import { createSelfHostedApiHandlers } from '../../mocks/self-hosted-api';
import { renderApp, startSelfHostedApi } from './app-harness';

const server = startSelfHostedApi();

test('an article shows its title, date and one list item per line, blank lines dropped', async () => {
  server.use(
    ...createSelfHostedApiHandlers({
      posts: [
        {
          id: '7',
          title: 'Branch news',
          body: 'First line\r\n\r\nSecond line   \n\n\nThird line',
          publishedAt: '2026-11-21T10:00:00.000Z',
        },
      ],
    }),
  );
  renderApp('/article/7');

  expect(await screen.findByRole('heading', { level: 1, name: 'Branch news' })).toBeInTheDocument();
  expect(screen.getByText('21 November 2026')).toBeInTheDocument();
  const lines = within(screen.getByRole('article')).getAllByRole('listitem');
  expect(lines.map((item) => item.textContent)).toEqual([
    'First line',
    'Second line',
    'Third line',
  ]);
});

test('the document title names the article', async () => {
  renderApp('/article/2');

  await waitFor(() =>
    expect(document.title).toBe('Annual General Meeting | News | Retired Nurses Association Of Ireland'),
  );
});

test('a missing article says so and links back to the news', async () => {
  const { user } = renderApp('/article/999');

  expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Page Not Found | Retired Nurses Association Of Ireland'));
  await user.click(screen.getByRole('link', { name: 'See all the news' }));

  expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
});

test('when the article cannot be loaded, Try again loads it', async () => {
  server.use(
    http.get('*/api/posts/:id', () => HttpResponse.json(errorBody('unavailable', 'Please try again in a moment.'), { status: 503 }), {
      once: true,
    }),
  );
  const { user } = renderApp('/article/2');

  expect(screen.getByText('Loading posts...')).toBeInTheDocument();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The article could not be loaded. Please try again in a moment.');
  await user.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Annual General Meeting' })).toBeInTheDocument();
});
