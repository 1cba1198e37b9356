import { expect, test, vi } from 'vitest';
import { createContentfulAssociation } from '../../adapters/contentful/contentful-association.adapter';
import { createHostedBackend } from '../../adapters/hosted/hosted-backend';
import { DETAILS_VARIABLES, parseDetailsSource } from '../../adapters/hosted/hosted-details-env';
import { HostedEnvError } from '../../adapters/hosted/hosted-env';
import { EMPTY_DETAILS } from '../../src-core/domain/association-details';
import { contentfulHandlers } from '../../mocks/contentful';
import { useFakeNetwork } from '../support/fake-network';
import { TEST_CONTENTFUL, testHostedEnv } from './hosted-samples';

const server = useFakeNetwork();

test('the build sets the details with VITE_ASSOCIATION_* variables, every one optional; \\n in a value is a line break', async () => {
  const env = testHostedEnv({
    adminEmails: 'a@example.org',
    maxUploadMb: 5,
    extra: {
      VITE_ASSOCIATION_PHONE: '01 234 5678',
      VITE_ASSOCIATION_ADDRESS: '1 Example Street\\nDublin 1',
      VITE_ASSOCIATION_SOCIAL_LINKS: 'https://www.facebook.com/a, https://x.com/b',
    },
  });
  const details = await createHostedBackend(env).association.getDetails();

  expect(details).toEqual({
    ...EMPTY_DETAILS,
    phone: '01 234 5678',
    address: '1 Example Street\nDublin 1',
    socialLinks: ['https://www.facebook.com/a', 'https://x.com/b'],
  });
  expect(Object.keys(DETAILS_VARIABLES)).toContain('VITE_ASSOCIATION_HOW_TO_JOIN');
});

test('a detail the site refuses stops the build, naming the variable and the rule', () => {
  expect(() => testHostedEnv({ adminEmails: 'a@example.org', maxUploadMb: 5, extra: { VITE_ASSOCIATION_PHONE: 'ring us' } })).toThrow(HostedEnvError);
  expect(parseDetailsSource({ VITE_ASSOCIATION_EMAIL: 'nope' }).problems).toEqual([
    { variable: 'VITE_ASSOCIATION_EMAIL', problem: expect.stringContaining('valid e-mail address') as unknown },
  ]);
  expect(parseDetailsSource({ VITE_ASSOCIATION_DETAILS: 'somewhere' }).problems[0]?.variable).toBe('VITE_ASSOCIATION_DETAILS');
});

test("with VITE_ASSOCIATION_DETAILS=contentful they come from the space's 'associationDetails' entry", async () => {
  server.use(
    ...contentfulHandlers({
      ...TEST_CONTENTFUL,
      posts: [],
      associationDetails: { phone: '01 999 0000', email: 'office@example.org', howToJoin: 'Write to us.' },
    }),
  );
  const env = testHostedEnv({ adminEmails: 'a@example.org', maxUploadMb: 5, extra: { VITE_ASSOCIATION_DETAILS: 'contentful' } });

  const details = await createHostedBackend(env).association.getDetails();

  expect(details).toEqual({ ...EMPTY_DETAILS, phone: '01 999 0000', email: 'office@example.org', howToJoin: 'Write to us.' });
});

test('a field of the entry the site refuses is left out and reported; the rest still shows', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server.use(...contentfulHandlers({ ...TEST_CONTENTFUL, posts: [], associationDetails: { phone: 'call Mary', email: 'office@example.org' } }));

  const details = await createContentfulAssociation(TEST_CONTENTFUL).getDetails();

  expect(details).toEqual({ ...EMPTY_DETAILS, email: 'office@example.org' });
  expect(warn).toHaveBeenCalled();
});

test('a space without the entry has empty details: nothing is shown', async () => {
  server.use(...contentfulHandlers({ ...TEST_CONTENTFUL, posts: [] }));
  expect(await createContentfulAssociation(TEST_CONTENTFUL).getDetails()).toEqual(EMPTY_DETAILS);
});
