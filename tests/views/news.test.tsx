import { screen, waitFor, within } from '@testing-library/react';
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

const BODY_100 = 'a'.repeat(90) + 'bbbbbbbbbb';
const BODY_101 = BODY_100 + 'c';

function latestNews() {
  return screen.getByRole('region', { name: 'Latest News' });
}

function newsletters() {
  return screen.getByRole('region', { name: 'Newsletters' });
}

test('the news page says it is loading posts and files, then shows the post cards newest first with their dates', async () => {
  renderApp('/news');

  expect(within(latestNews()).getByText('Loading posts...')).toBeInTheDocument();
  expect(within(newsletters()).getByText('Loading files...')).toBeInTheDocument();
  const titles = await within(latestNews()).findAllByRole('heading', { level: 3 });

  expect(titles.map((title) => title.textContent)).toEqual(['Annual General Meeting', 'Welcome to our new website']);
  const [newest] = within(latestNews()).getAllByRole('listitem');
  expect(newest).toHaveTextContent('1 March 2026');
  expect(newest).toHaveTextContent('Our AGM takes place in Dublin this spring. All members are welcome.');
});

test('a body of exactly 100 characters is shown whole and one of 101 is cut to 100 plus ...', async () => {
  server.use(
    ...createSelfHostedApiHandlers({
      posts: [
        { id: 'a', title: 'Exactly one hundred', body: BODY_100, publishedAt: '2026-05-02T09:00:00.000Z' },
        { id: 'b', title: 'One hundred and one', body: BODY_101, publishedAt: '2026-05-01T09:00:00.000Z' },
      ],
    }),
  );
  renderApp('/news');

  const [exact, longer] = await within(latestNews()).findAllByRole('listitem');

  expect(within(exact!).getByText(BODY_100)).toBeInTheDocument();
  expect(within(longer!).getByText(`${BODY_100}...`)).toBeInTheDocument();
  expect(longer).not.toHaveTextContent(BODY_101);
});

test("each card's See More link leads to its article", async () => {
  const { user } = renderApp('/news');

  const more = await within(latestNews()).findByRole('link', { name: 'See More: Welcome to our new website' });
  expect(more).toHaveAttribute('href', '/article/1');
  await user.click(more);

  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to our new website' })).toBeInTheDocument();
});

test('the newsletters are listed by name without extension, with type and size, opening in a new tab', async () => {
  server.use(
    ...createSelfHostedApiHandlers({
      files: [{ folder: 'newsletters', name: 'Spring Newsletter.pdf', bytes: pdfOfSize(1_258_291), updatedAt }],
    }),
  );
  renderApp('/news');

  const link = await within(newsletters()).findByRole('link', {
    name: 'Spring Newsletter (PDF, 1.2 MB) (opens in a new tab)',
  });

  expect(link).toHaveAttribute('href', '/files/newsletters/Spring%20Newsletter.pdf');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener');
});

test('with no posts and no newsletters the page says there is nothing yet', async () => {
  server.use(...createSelfHostedApiHandlers({ posts: [], files: [] }));
  renderApp('/news');

  expect(await within(latestNews()).findByText('There is no news yet. Please check back soon.')).toBeInTheDocument();
  expect(await within(newsletters()).findByText('There are no newsletters yet. Please check back soon.')).toBeInTheDocument();
});

test('when the posts cannot be loaded the reader is told and Try again loads them', async () => {
  server.use(
    http.get('*/api/posts', () => HttpResponse.json(errorBody('unavailable', 'The website is busy right now.'), { status: 503 }), {
      once: true,
    }),
  );
  const { user } = renderApp('/news');

  const alert = await within(latestNews()).findByRole('alert');
  expect(alert).toHaveTextContent('The news could not be loaded. The website is busy right now.');
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));

  expect(await within(latestNews()).findByRole('heading', { name: 'Annual General Meeting' })).toBeInTheDocument();
  expect(within(latestNews()).queryByRole('alert')).not.toBeInTheDocument();
});

test('when the newsletters cannot be loaded the posts still show and Try again loads the files', async () => {
  server.use(http.get('*/api/files', () => HttpResponse.error(), { once: true }));
  const { user } = renderApp('/news');

  const alert = await within(newsletters()).findByRole('alert');
  expect(alert).toHaveTextContent(/^The newsletters could not be loaded\./);
  expect(within(latestNews()).getByRole('heading', { name: 'Annual General Meeting' })).toBeInTheDocument();
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));

  await waitFor(() => expect(within(newsletters()).getByRole('link', { name: /^Spring Newsletter/ })).toBeInTheDocument());
});
