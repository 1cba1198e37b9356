import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { BACKENDS, pdfOfSize, startFakeNetwork } from './backends';

const network = startFakeNetwork();

describe.each(BACKENDS)('on the $name backend', (backend) => {
  test('Join Us Today lists the root files by name without extension, each opening in a new tab', async () => {
    const site = network.site(backend, {
      files: {
        root: [
          { name: 'Membership Form.pdf', bytes: pdfOfSize(340 * 1024) },
          { name: 'Constitution.v2.docx', bytes: new Uint8Array(2048) },
        ],
        events: [{ name: 'Not a document.pdf' }],
      },
    });
    site.render('/documents');

    expect(screen.getByRole('heading', { level: 1, name: 'Join Us Today' })).toBeInTheDocument();
    expect(screen.getByText('Loading files...')).toBeInTheDocument();
    // The file list's links; the self-hosted page also offers 'Join online' above it.
    const links = await within(screen.getByRole('main')).findAllByRole('link', { name: /opens in a new tab/ });

    expect(links.map((link) => link.textContent?.replace(' (opens in a new tab)', ''))).toEqual([
      'Constitution.v2 (Word, 2 KB)',
      'Membership Form (PDF, 340 KB)',
    ]);
    expect(links[1]).toHaveAttribute('href', site.fileHref('Membership Form.pdf'));
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
    }
  });

  test('the Join Now link in the navigation opens Join Us Today', async () => {
    const { user } = network.site(backend).render('/');

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Join Now' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Join Us Today' })).toHaveFocus();
    expect(await screen.findByRole('link', { name: /^Membership Form/ })).toBeInTheDocument();
  });

  test('an empty storage root says there are no documents yet', async () => {
    network.site(backend, { files: {} }).render('/documents');

    expect(await screen.findByText('There are no documents here yet. Please check back soon.')).toBeInTheDocument();
  });

  test('when the documents cannot be loaded, Try again loads them', async () => {
    const site = network.site(backend);
    const outage = site.failFiles('root', 'down');
    const { user } = site.render('/documents');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`The documents could not be loaded. ${outage.reason}`);
    outage.end();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: /^Membership Form/ })).toBeInTheDocument();
  });

  test('Upcoming Events shows one card per events file with the event card fields and a PDF link', async () => {
    const site = network.site(backend, {
      files: {
        events: [{ name: 'Summer Outing.PDF', bytes: pdfOfSize(1_258_291) }, { name: '.pdf' }],
        root: [{ name: 'Membership Form.pdf' }],
      },
    });
    site.render('/events');

    expect(screen.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeInTheDocument();
    expect(screen.getByText('Loading files...')).toBeInTheDocument();
    const cards = await within(screen.getByRole('main')).findAllByRole('listitem');

    expect(cards).toHaveLength(2);
    const titles = cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
    // Files without a date are listed by title.
    expect(titles).toEqual(['Summer Outing', 'Untitled Event']);
    const outing = cards[0]!;
    expect(outing).toHaveTextContent('Date: Unknown Date');
    expect(outing).toHaveTextContent('Location: Unknown Location');
    const link = within(outing).getByRole('link', {
      name: 'Click to view PDF: Summer Outing (PDF, 1.2 MB) (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', site.fileHref('events/Summer Outing.PDF'));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });

  test('an empty events folder says there are no upcoming events yet', async () => {
    network.site(backend, { files: {} }).render('/events');

    expect(await screen.findByText('There are no upcoming events yet. Please check back soon.')).toBeInTheDocument();
  });

  test('when the events cannot be loaded, Try again loads them', async () => {
    const site = network.site(backend);
    const outage = site.failFiles('events', 'unreachable');
    const { user } = site.render('/events');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`The events could not be loaded. ${outage.reason}`);
    outage.end();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Summer Outing' })).toBeInTheDocument();
  });
});
