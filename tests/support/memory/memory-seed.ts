import { SAMPLE_DETAILS } from '../../../src-core/domain/sample-details';
import type { MemorySeed } from './memory-backend';

// Smallest bytes each kind's magic-number check accepts: enough for lists and uploads to behave.
export const SAMPLE_PDF = '%PDF-1.7\n% sample\n';

export const SAMPLE_ADMIN = { email: 'admin@example.org', password: 'sample password 2026' } as const;

/** Sample content for local development and view tests: a few posts and files, one administrator. */
export function sampleMemorySeed(): MemorySeed {
  return {
    adminEmails: [SAMPLE_ADMIN.email],
    accounts: { [SAMPLE_ADMIN.email]: { password: SAMPLE_ADMIN.password, emailVerified: true } },
    details: SAMPLE_DETAILS,
    posts: [
      {
        id: 'post-1',
        title: 'Welcome to our new website',
        body: 'Our association has a new home on the web.\nHere you will find news, events and the forms to join.',
        publishedAt: '2026-01-10T10:00:00Z',
      },
      {
        id: 'post-2',
        title: 'Annual General Meeting',
        body:
          'The Annual General Meeting takes place in the spring. All members are welcome to attend, ' +
          'to vote on the motions and to meet friends from every branch.\nDetails follow in the newsletter.',
        publishedAt: '2026-03-02T09:30:00Z',
      },
    ],
    files: [
      { fullPath: 'Membership Application Form.pdf', data: SAMPLE_PDF },
      { fullPath: 'events/Summer Outing 2026.pdf', data: SAMPLE_PDF },
      { fullPath: 'newsletters/Spring Newsletter 2026.pdf', data: SAMPLE_PDF },
    ],
  };
}
