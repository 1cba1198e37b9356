import type { PrivacyFacts } from '../../src-core/ports/backend';

/**
 * The hosted site's visitors talk to three companies: Google Firebase (the site, its files, the
 * administrators' sign-in, the news-by-e-mail list, applications, members and bookings in Firestore), Contentful (the news) and EmailJS (the contact form, which passes
 * messages to the association's mailbox without keeping them here). Kept free of any SDK, so
 * the build-time prerender and the page's first load can both read it.
 */
export const HOSTED_PRIVACY: PrivacyFacts = {
  contactMessages: { keptBy: 'our-mailbox', sentThrough: 'EmailJS' },
  outsideServices: [
    {
      name: 'Google Firebase',
      purpose:
        'hosts this website and our documents, signs in our administrators, and keeps the list of people who get our news by e-mail, applications to join, our member records and bookings for events',
    },
    { name: 'Contentful', purpose: 'holds our news posts' },
    { name: 'EmailJS', purpose: 'passes on the messages sent through our contact form' },
  ],
  administratorSignIn: { keptBy: 'sign-in-service', service: 'Google Firebase' },
  auditTrail: false,
  visitCounts: false,
  subscribersKeptBy: 'Google Firebase',
  applicationsKeptBy: 'Google Firebase',
  bookingsKeptBy: 'Google Firebase',
};
