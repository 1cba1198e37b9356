import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { BACKENDS, startFakeNetwork } from './backends';

const network = startFakeNetwork();

describe.each(BACKENDS)('on the $name backend', (backend) => {
  test('an article shows its title, date and one list item per line, blank lines dropped', async () => {
    const site = network.site(backend, {
      posts: [
        {
          id: '7',
          title: 'Branch news',
          body: 'First line\r\n\r\nSecond line   \n\n\nThird line',
          publishedAt: '2026-11-21T10:00:00.000Z',
        },
      ],
    });
    site.render('/article/7');

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
    network.site(backend).render('/article/2');

    await waitFor(() =>
      expect(document.title).toBe('Annual General Meeting | News | Retired Nurses Association Of Ireland'),
    );
  });

  test('a missing article says so and links back to the news', async () => {
    const { user } = network.site(backend).render('/article/999');

    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found | Retired Nurses Association Of Ireland'));
    await user.click(screen.getByRole('link', { name: 'See all the news' }));

    expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
  });

  test('when the article cannot be loaded, Try again loads it', async () => {
    const site = network.site(backend);
    const outage = site.failPosts('down');
    const { user } = site.render('/article/2');

    expect(screen.getByText('Loading posts...')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`The article could not be loaded. ${outage.reason}`);
    outage.end();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Annual General Meeting' })).toBeInTheDocument();
  });
});
