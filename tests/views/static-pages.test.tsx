import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { CONTACT_MESSAGE_RETENTION_MONTHS } from '../../src-core/domain/contact-retention';
import { BACKENDS, startFakeNetwork } from './backends';

const network = startFakeNetwork();

describe.each(BACKENDS)('on the $name backend', (backend) => {
  test('the home page tells the mission and ends with a Join Now button to the documents', async () => {
    const { user } = network.site(backend).render('/');

    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(/pension rights and entitlements of retired nurses from every specialty/);
    expect(main).toHaveTextContent(/group rates and benefits/);
    expect(main).toHaveTextContent(/commercial, leisure and healthcare services/);
    expect(main).toHaveTextContent(/support one another/);
    await user.click(within(main).getByRole('link', { name: 'Join Now' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Join Us Today' })).toBeInTheDocument();
  });

  test('the about page gives the history, aims, membership and conferences, and links to Join Now', () => {
    network.site(backend).render('/about');

    const main = screen.getByRole('main');
    for (const section of ['Our history', 'Our aims', 'Membership', 'Conferences']) {
      expect(within(main).getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    expect(main).toHaveTextContent(/3 September 1996/);
    expect(main).toHaveTextContent(/over 5,000 members/);
    expect(main).toHaveTextContent(/21 branches across 26\s+counties/);
    expect(within(main).getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/documents');
  });

  test('the useful links page lists its four fixed links, each opening an official site in a new tab', () => {
    network.site(backend).render('/links');

    expect(screen.getByRole('heading', { level: 1, name: 'Important Links' })).toBeInTheDocument();
    const links = within(screen.getByRole('main')).getAllByRole('link');
    expect(links.map((link) => link.textContent?.replace(' (opens in a new tab)', ''))).toEqual([
      'Citizens Information',
      'Social Welfare State Pension contributory',
      'Citizens Information State Pension contributory',
      'Pensions & older People',
    ]);
    for (const link of links) {
      expect(link).toHaveAccessibleName(expect.stringMatching(/\(opens in a new tab\)$/));
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
      expect(link.getAttribute('href')).toMatch(/^https:\/\/www\.(citizensinformation|gov)\.ie\//);
    }
  });

  test('the privacy policy covers the use of materials and says what the contact form keeps', () => {
    network.site(backend).render('/privacy-policy');

    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 2, name: 'Use of materials' })).toBeInTheDocument();
    const [kept] = within(main).getAllByRole('list');
    expect(within(kept as HTMLElement).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'your name,',
      'your e-mail address,',
      'your message,',
      'and the date and time we received it.',
    ]);
    expect(main).toHaveTextContent(`for ${CONTACT_MESSAGE_RETENTION_MONTHS} months after we receive it`);
  });

  test('the disclaimer page is headed Disclaimer / Legal', () => {
    network.site(backend).render('/disclaimer');

    expect(screen.getByRole('heading', { level: 1, name: 'Disclaimer / Legal' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(/not\s+legal, financial, pension or medical advice/);
  });
});

// The privacy page says what is true of the backend the site was built with.
function backendNamed(name: 'self-hosted' | 'hosted') {
  const found = BACKENDS.find((backend) => backend.name === name);
  if (found === undefined) throw new Error(`No ${name} backend under test.`);
  return found;
}

test('self-hosted, the privacy policy says the site deletes messages itself and talks to no other company', () => {
  network.site(backendNamed('self-hosted')).render('/privacy-policy');

  const main = screen.getByRole('main');
  expect(main).toHaveTextContent(`After ${CONTACT_MESSAGE_RETENTION_MONTHS} months it is deleted.`);
  expect(main).toHaveTextContent("load nothing from other companies' servers");
  expect(main).toHaveTextContent('We set four cookies at most. One remembers the text size and colours you choose');
  expect(main).toHaveTextContent('The others are only for our volunteer administrators: one keeps them signed in');
  expect(main).not.toHaveTextContent(/Firebase|Contentful|EmailJS/);
  expect(screen.getByRole('heading', { level: 2, name: 'Counting visits' })).toBeInTheDocument();
  expect(main).toHaveTextContent('we set no cookie for this and store nothing in your browser, and we keep no internet address');
  expect(main).toHaveTextContent('For each volunteer who helps run the website we keep their e-mail address, their role');
  expect(main).toHaveTextContent('is deleted when it is accepted, or 7 days after its link expired.');
  expect(screen.getByRole('heading', { level: 2, name: 'Branch contacts' })).toBeInTheDocument();
  expect(main).toHaveTextContent("These are a volunteer's own details, published on purpose, because they asked us to");
  expect(main).toHaveTextContent('clear the contact in the admin area, and it is gone from the website at once');
});

test('hosted, the privacy policy names the three companies a browser talks to, keeps no copy of messages and sets only the display cookie', () => {
  network.site(backendNamed('hosted')).render('/privacy-policy');

  const main = screen.getByRole('main');
  const services = within(main).getAllByRole('list')[1] as HTMLElement;
  expect(within(services).getAllByRole('listitem').map((item) => item.textContent?.split(',')[0])).toEqual([
    'Google Firebase',
    'Contentful',
    'EmailJS',
  ]);
  expect(main).toHaveTextContent("passed to our association's mailbox by EmailJS");
  expect(main).toHaveTextContent('this website keeps no copy of it');
  expect(main).toHaveTextContent('We set one cookie, and only if you choose a text size or colours other than standard');
  expect(main).not.toHaveTextContent("load nothing from other companies' servers");
  expect(main).not.toHaveTextContent('two cookies');
  expect(screen.queryByRole('heading', { name: 'Counting visits' })).toBeNull();
  expect(main).not.toHaveTextContent('For each volunteer who helps run the website');
  // The hosted backend lists no branches, so it publishes no branch contact.
  expect(screen.queryByRole('heading', { name: 'Branch contacts' })).toBeNull();
});
