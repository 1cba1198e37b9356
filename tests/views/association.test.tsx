import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { EMPTY_DETAILS } from '../../src-core/domain/association-details';
import { SAMPLE_DETAILS } from '../../src-core/domain/sample-details';
import { BACKENDS, startFakeNetwork } from './backends';

const network = startFakeNetwork();

const DETAILS = {
  ...EMPTY_DETAILS,
  contactName: 'The Secretary',
  address: '5 Real Road\nCork',
  phone: '021 555 0101',
  email: 'secretary@rnai.example',
  charityNumber: 'CHY 12345',
  openingHours: 'Mondays, 10am to noon',
  howToJoin: 'Any retired nurse may join.\n\nThe fee is €20 a year.',
};

function footer() {
  return screen.getByRole('contentinfo');
}

describe.each(BACKENDS)('on the $name backend', (backend) => {
  test('every page shows the details in its footer, phone and e-mail as links a phone and a mail program open', async () => {
    network.site(backend, { details: DETAILS }).render('/about');

    const contact = await within(footer()).findByRole('region', { name: 'Contact the association' });
    expect(within(contact).getByRole('link', { name: '021 555 0101' })).toHaveAttribute('href', 'tel:0215550101');
    expect(within(contact).getByRole('link', { name: 'secretary@rnai.example' })).toHaveAttribute('href', 'mailto:secretary@rnai.example');
    expect(contact).toHaveTextContent('5 Real Road');
    expect(contact).toHaveTextContent('Registered charity number: CHY 12345');
    expect(contact).toHaveTextContent('Opening hours: Mondays, 10am to noon');
  });

  test('empty fields are simply not shown', async () => {
    network.site(backend, { details: { ...EMPTY_DETAILS, phone: '021 555 0101' } }).render('/');

    const contact = await within(footer()).findByRole('region', { name: 'Contact the association' });
    expect(within(contact).getAllByRole('link')).toHaveLength(1);
    expect(contact).not.toHaveTextContent('charity');
    expect(contact).not.toHaveTextContent('Opening hours');
  });

  test('with no details set (a hosted build without VITE_ASSOCIATION_*), the footer has no contact heading with nothing under it', async () => {
    network.site(backend, { details: EMPTY_DETAILS }).render('/about');

    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(within(footer()).getByRole('navigation', { name: 'Legal' })).toBeInTheDocument();
    expect(within(footer()).queryByRole('heading', { name: 'Contact the association' })).toBeNull();
  });

  test('Contact shows the details once: in its own section, not again in the footer', async () => {
    network.site(backend, { details: DETAILS }).render('/contact');

    await screen.findByRole('region', { name: 'Other ways to reach us' });
    expect(screen.getAllByRole('link', { name: '021 555 0101' })).toHaveLength(1);
    expect(within(footer()).queryByRole('region', { name: 'Contact the association' })).not.toBeInTheDocument();
    expect(within(footer()).getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
  });

  test("Join Us Today says 'Membership is open to every…' once, where the association's own words say it", async () => {
    network.site(backend, { details: SAMPLE_DETAILS }).render('/documents');

    await screen.findByRole('heading', { name: 'How to join' });
    expect(screen.getAllByText(/Membership is open to every/)).toHaveLength(1);
  });

  test('Contact lists the other ways to reach us', async () => {
    network.site(backend, { details: DETAILS }).render('/contact');

    const ways = await screen.findByRole('region', { name: 'Other ways to reach us' });
    expect(within(ways).getByRole('link', { name: '021 555 0101' })).toHaveAttribute('href', 'tel:0215550101');
  });

  test('a message that could not be sent says how else to reach us', async () => {
    const site = network.site(backend, { details: DETAILS });
    const { user } = site.render('/contact');
    await screen.findByRole('region', { name: 'Other ways to reach us' });
    site.failContact('refused');

    await user.type(screen.getByLabelText('Your Name:'), 'Ann');
    await user.type(screen.getByLabelText('Your Email:'), 'ann@example.org');
    await user.type(screen.getByLabelText('Message:'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You can also phone us on 021 555 0101 (Mondays, 10am to noon) or e-mail secretary@rnai.example.');
    expect(within(alert).getByRole('link', { name: 'secretary@rnai.example' })).toHaveAttribute('href', 'mailto:secretary@rnai.example');
  });

  test('the privacy page names the association as data controller, how to reach it, and the right to complain', async () => {
    network.site(backend, { details: DETAILS }).render('/privacy-policy');

    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Who is responsible for your details' })).toBeInTheDocument();
    expect(main).toHaveTextContent(/Retired Nurses Association of Ireland is the data controller/);
    expect(await within(main).findByRole('link', { name: 'secretary@rnai.example' })).toBeInTheDocument();
    expect(main).toHaveTextContent(/right to complain to the Data\s+Protection Commission/);
  });

  test("'Join Us Today' says how to join above the files, one paragraph per blank line", async () => {
    network.site(backend, { details: DETAILS }).render('/documents');

    const join = await screen.findByRole('region', { name: 'How to join' });
    expect(within(join).getAllByRole('paragraph').map((paragraph) => paragraph.textContent)).toEqual([
      'Any retired nurse may join.',
      'The fee is €20 a year.',
    ]);
  });

  test('the sample details are plainly fictional', async () => {
    network.site(backend).render('/');

    const contact = await within(footer()).findByRole('region', { name: 'Contact the association' });
    expect(contact).toHaveTextContent(SAMPLE_DETAILS.email);
    expect(contact).toHaveTextContent('SAMPLE 00000');
  });
});
