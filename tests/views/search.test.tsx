import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { BACKENDS, startFakeNetwork } from './backends';

const network = startFakeNetwork();

const POSTS = [
  { id: 'agm', title: 'Annual General Meeting', body: 'Our AGM takes place in Dublin this spring.', publishedAt: '2026-03-01T10:00:00.000Z' },
  { id: 'walk', title: 'Spring walk', body: 'A walk along the cliffs at Howth.', publishedAt: '2026-02-01T10:00:00.000Z' },
];


describe.each(BACKENDS)('on the $name backend', (backend) => {
  test("the header's search box on every page leads to the results, each saying what it is and when", async () => {
    const { user } = network.site(backend, { posts: POSTS }).render('/about');

    const box = within(screen.getByRole('banner')).getByRole('searchbox', { name: 'Search this website' });
    await user.type(box, 'dublin{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(await screen.findByText('1 result for ‘dublin’')).toBeInTheDocument();
    const [item] = within(screen.getByRole('main')).getAllByRole('listitem');
    expect(item).toHaveTextContent('News · Published 1 March 2026');
    expect(within(item!).getByText('Dublin', { selector: 'mark' })).toBeInTheDocument();
    // The query stays in the page's own box, to change it.
    expect(screen.getByRole('searchbox', { name: 'Search news, newsletters, documents and events' })).toHaveValue('dublin');

    await user.click(within(item!).getByRole('link', { name: 'Annual General Meeting' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Annual General Meeting' })).toBeInTheDocument();
  });

  test('a newsletter is found by the words of its name and opens as the file, in a new tab', async () => {
    network.site(backend, { posts: POSTS, files: { newsletters: [{ name: 'Spring Newsletter 2026.pdf' }] } }).render('/search?q=newsletter');

    const link = await screen.findByRole('link', { name: /^Spring Newsletter 2026/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('href')).toMatch(/Spring%20Newsletter%202026\.pdf/);
    expect(link.closest('li')).toHaveTextContent('Newsletter');
  });

  test('an event is found by its place and leads to its page', async () => {
    const details = { title: 'Summer outing', start: '2026-07-04', end: '', allDay: true, timeZone: 'Europe/Dublin', venue: 'Powerscourt', town: 'Enniskerry', description: '' };
    const { user } = network.site(backend, { posts: POSTS, files: { events: [{ name: 'Outing.pdf', details }] } }).render('/search?q=enniskerry');

    const link = await screen.findByRole('link', { name: 'Summer outing' });
    expect(link.closest('li')).toHaveTextContent('Event · On 4 July 2026');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer outing' })).toBeInTheDocument();
  });

  test('nothing found says so, with suggestions and ways to browse instead', async () => {
    network.site(backend, { posts: POSTS }).render('/search?q=zanzibar');

    expect(await screen.findByText('Nothing was found for ‘zanzibar’.')).toBeInTheDocument();
    expect(screen.getByText(/check the spelling/)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    for (const name of ['News and newsletters', 'Events', 'Join Us Today']) expect(main.getByRole('link', { name })).toBeInTheDocument();
  });

  test('with no query the page asks for one and searches nothing', async () => {
    network.site(backend, { posts: POSTS }).render('/search');

    expect(screen.getByText(/Type a word or two/)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('the page says what it cannot search, where the backend cannot read inside files', async () => {
    network.site(backend, { posts: POSTS }).render('/search?q=walk');

    await screen.findByText('1 result for ‘walk’');
    const note = screen.queryByText(/does not look at the words inside the files/);
    if (backend.name === 'hosted') expect(note).toBeInTheDocument();
    else expect(note).not.toBeInTheDocument();
  });
});
