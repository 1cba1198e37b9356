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

  test('the useful links page lists the four spec links, each opening an official site in a new tab', () => {
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

  test('the privacy policy covers the use of materials and says what the contact form keeps and for how long', () => {
    network.site(backend).render('/privacy-policy');

    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 2, name: 'Use of materials' })).toBeInTheDocument();
    const kept = within(main).getAllByRole('listitem').map((item) => item.textContent);
    expect(kept).toEqual(['your name,', 'your e-mail address,', 'your message,', 'and the date and time we received it.']);
    expect(main).toHaveTextContent(`We keep a contact message for ${CONTACT_MESSAGE_RETENTION_MONTHS} months`);
    expect(main).toHaveTextContent(`After ${CONTACT_MESSAGE_RETENTION_MONTHS} months it is deleted.`);
  });

  test('the disclaimer page is headed Disclaimer / Legal', () => {
    network.site(backend).render('/disclaimer');

    expect(screen.getByRole('heading', { level: 1, name: 'Disclaimer / Legal' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(/not\s+legal, financial, pension or medical advice/);
  });
});
