import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Post } from '../../src-core/domain/post';
import { BACKENDS, startFakeNetwork } from './backends';

const network = startFakeNetwork();

const post = (id: string, title: string, publishedAt: string): Post => ({ id, title, body: `About ${title}.`, publishedAt });

const POSTS = [
  post('a', 'Oldest news', '2026-01-01T10:00:00.000Z'),
  post('b', 'Spring lunch', '2026-03-01T10:00:00.000Z'),
  post('c', 'Pension news', '2026-04-01T10:00:00.000Z'),
  post('d', 'Newest news', '2026-05-01T10:00:00.000Z'),
];

describe.each(BACKENDS)('on the $name backend', (backend) => {
  test('the home page shows the latest three news posts below the mission text, newest first, each leading to its article', async () => {
    const { user } = network.site(backend, { posts: POSTS }).render('/');

    const news = await screen.findByRole('region', { name: 'Latest news' });
    expect(within(news).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Newest news',
      'Pension news',
      'Spring lunch',
    ]);
    await user.click(within(news).getByRole('link', { name: 'See More: Newest news' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Newest news' })).toBeInTheDocument();
  });

  test('with no posts there is no empty news section', async () => {
    network.site(backend, { posts: [] }).render('/');

    await screen.findByRole('region', { name: 'Contact the association' });
    expect(screen.queryByRole('region', { name: 'Latest news' })).not.toBeInTheDocument();
  });
});
