import type { AssociationDetails } from './association-details';
import { SITE_TITLE } from './navigation';

/** The day the association was founded, as the About page tells. */
const FOUNDING_DATE = '1996-09-03';

export interface OrganizationSite {
  /** The site's public origin, 'https://www.example.org'; without it, what needs a whole address is left out. */
  readonly origin?: string;
  /** The square logo's address on the site. */
  readonly logoPath: string;
  /** The association's details, where they are set: each empty one is left out. */
  readonly details?: AssociationDetails;
}

/**
 * schema.org Organization data for the home page, so search engines can show the association's
 * name, logo and ways to reach it. Named as the event pages name their organiser.
 */
export function organizationData({ origin, logoPath, details }: OrganizationSite): Record<string, unknown> {
  const address = (details?.address ?? '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const phone = details?.phone.trim() ?? '';
  const email = details?.email.trim() ?? '';
  const social = details?.socialLinks ?? [];
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_TITLE,
    ...(origin === undefined ? {} : { url: `${origin}/`, logo: origin + logoPath }),
    foundingDate: FOUNDING_DATE,
    ...(address.length === 0 ? {} : { address: { '@type': 'PostalAddress', streetAddress: address.join(', '), addressCountry: 'IE' } }),
    ...(phone === '' ? {} : { telephone: phone }),
    ...(email === '' ? {} : { email }),
    ...(social.length === 0 ? {} : { sameAs: [...social] }),
  };
}
