import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { BACKENDS, pdfOfSize, startFakeNetwork } from './backends';

const network = startFakeNetwork();

const BODY_100 = 'a'.repeat(90) + 'bbbbbbbbbb';
const BODY_101 = BODY_100 + 'c';

function latestNews() {
  return screen.getByRole('region', { name: 'Latest News' });
}

function newsletters() {
  return screen.getByRole('region', { name: 'Newsletters' });
}

describe.each(BACKENDS)('on the $name backend', (backend) => {
  test('the news page says it is loading posts and files, then shows the post cards newest first with their dates', async () => {
    network.site(backend).render('/news');

    expect(within(latestNews()).getByText('Loading posts...')).toBeInTheDocument();
    expect(within(newsletters()).getByText('Loading files...')).toBeInTheDocument();
    const titles = await within(latestNews()).findAllByRole('heading', { level: 3 });

    expect(titles.map((title) => title.textContent)).toEqual(['Annual General Meeting', 'Welcome to our new website']);
    const [newest] = within(latestNews()).getAllByRole('listitem');
    expect(newest).toHaveTextContent('1 March 2026');
    expect(newest).toHaveTextContent('Our AGM takes place in Dublin this spring. All members are welcome.');
  });

  test('a body of exactly 100 characters is shown whole and one of 101 is cut to 100 plus ...', async () => {
    const site = network.site(backend, {
      posts: [
        { id: 'a', title: 'Exactly one hundred', body: BODY_100, publishedAt: '2026-05-02T09:00:00.000Z' },
        { id: 'b', title: 'One hundred and one', body: BODY_101, publishedAt: '2026-05-01T09:00:00.000Z' },
      ],
    });
    site.render('/news');

    const [exact, longer] = await within(latestNews()).findAllByRole('listitem');

    expect(within(exact!).getByText(BODY_100)).toBeInTheDocument();
    expect(within(longer!).getByText(`${BODY_100}...`)).toBeInTheDocument();
    expect(longer).not.toHaveTextContent(BODY_101);
  });

  test("each card's See More link leads to its article", async () => {
    const { user } = network.site(backend).render('/news');

    const more = await within(latestNews()).findByRole('link', { name: 'See More: Welcome to our new website' });
    expect(more).toHaveAttribute('href', '/article/1');
    await user.click(more);

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to our new website' })).toBeInTheDocument();
  });

  test('the newsletters are listed by name without extension, with type and size, opening in a new tab', async () => {
    const site = network.site(backend, { files: { newsletters: [{ name: 'Spring Newsletter.pdf', bytes: pdfOfSize(1_258_291) }] } });
    site.render('/news');

    const link = await within(newsletters()).findByRole('link', {
      name: 'Spring Newsletter (PDF, 1.2 MB) (opens in a new tab)',
    });

    expect(link).toHaveAttribute('href', site.fileHref('newsletters/Spring Newsletter.pdf'));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });

  test('where the backend has a server to make feeds, each list explains in place what a feed reader is and the address to give it, never opening the raw feed; on a static host nothing', async () => {
    const { user } = network.site(backend).render('/news');
    await within(latestNews()).findAllByRole('heading', { level: 3 });

    const newsFeed = within(latestNews()).queryByText('Follow news in a feed reader');
    const newslettersFeed = within(newsletters()).queryByText('Follow new newsletters in a feed reader');

    if (backend.name === 'self-hosted') {
      expect(screen.queryByRole('link', { name: /feed reader/ })).not.toBeInTheDocument();
      expect(within(latestNews()).getByText(/A feed reader is an app/)).not.toBeVisible();
      await user.click(newsFeed as HTMLElement);
      expect(within(latestNews()).getByText(/A feed reader is an app/)).toBeVisible();
      expect(within(latestNews()).getByText(`${window.location.origin}/feeds/news.atom`)).toBeVisible();
      await user.click(newslettersFeed as HTMLElement);
      expect(within(newsletters()).getByText(`${window.location.origin}/feeds/newsletters.atom`)).toBeVisible();
    } else {
      expect(newsFeed).not.toBeInTheDocument();
      expect(newslettersFeed).not.toBeInTheDocument();
      // The page says there is no feed, so a reader used to one is not left looking for it.
      expect(within(latestNews()).getByText('This website has no news feed for feed readers: please visit this page for the latest news.')).toBeInTheDocument();
    }
  });

  test('with no posts and no newsletters the page says there is nothing yet', async () => {
    network.site(backend, { posts: [], files: {} }).render('/news');

    expect(await within(latestNews()).findByText('There is no news yet. Please check back soon.')).toBeInTheDocument();
    expect(await within(newsletters()).findByText('There are no newsletters yet. Please check back soon.')).toBeInTheDocument();
  });

  test('when the posts cannot be loaded the reader is told and Try again loads them', async () => {
    const site = network.site(backend);
    const outage = site.failPosts('down');
    const { user } = site.render('/news');

    const alert = await within(latestNews()).findByRole('alert');
    expect(alert).toHaveTextContent(`The news could not be loaded. ${outage.reason}`);
    outage.end();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await within(latestNews()).findByRole('heading', { name: 'Annual General Meeting' })).toBeInTheDocument();
    expect(within(latestNews()).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('when the newsletters cannot be loaded the posts still show and Try again loads the files', async () => {
    const site = network.site(backend);
    const outage = site.failFiles('newsletters', 'unreachable');
    const { user } = site.render('/news');

    const alert = await within(newsletters()).findByRole('alert');
    expect(alert).toHaveTextContent(`The newsletters could not be loaded. ${outage.reason}`);
    // Each part of the page loads on its own, so the posts may arrive before or after the alert.
    expect(await within(latestNews()).findByRole('heading', { name: 'Annual General Meeting' })).toBeInTheDocument();
    outage.end();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(within(newsletters()).getByRole('link', { name: /^Spring Newsletter/ })).toBeInTheDocument());
  });
});
