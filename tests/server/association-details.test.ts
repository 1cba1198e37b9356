import { expect, test } from 'vitest';
import { associationDetailsSchema } from '../../contract/wire';
import { EMPTY_DETAILS } from '../../src-core/domain/association-details';
import { SAMPLE_DETAILS } from '../../src-core/domain/sample-details';
import { ADMIN, ADMIN_ENV, MEMBER, addTestAccounts, json, signedIn } from './helpers/accounts';
import { startTestServer } from './helpers/test-server';

const DETAILS = {
  ...EMPTY_DETAILS,
  contactName: 'The Secretary',
  address: '5 Real Road\nCork',
  phone: '021 555 0101',
  email: 'secretary@rnai.example',
  socialLinks: ['https://www.facebook.com/rnai'],
};

async function detailsOf(baseUrl: string) {
  return associationDetailsSchema.parse(await (await fetch(`${baseUrl}/api/association`)).json());
}

test('a new site without samples has empty details, and anyone may read them', async () => {
  const server = await startTestServer();
  expect(await detailsOf(server.baseUrl)).toEqual(EMPTY_DETAILS);
});

test('a new site with sample content starts with the plainly fictional sample details', async () => {
  const server = await startTestServer({ env: { SAMPLE_CONTENT: '1' } });
  expect(await detailsOf(server.baseUrl)).toEqual(SAMPLE_DETAILS);
});

test('an administrator changes the details; they are stored trimmed, every cached page is invalidated, and the change is recorded', async () => {
  const lines: string[] = [];
  const server = await startTestServer({ env: { ...ADMIN_ENV, LOG_LEVEL: 'info' }, logDestination: { write: (line) => lines.push(line) } });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const before = server.app.contentVersion.current();

  const response = await jar.fetch(`${server.baseUrl}/api/association`, { method: 'PUT', ...json({ ...DETAILS, phone: ' 021 555 0101 ' }) });

  expect(response.status).toBe(200);
  expect(await detailsOf(server.baseUrl)).toEqual(DETAILS);
  expect(server.app.contentVersion.current()).not.toBe(before);
  const [recorded] = server.app.auditTrail.list({ limit: 1 });
  expect(recorded).toMatchObject({ kind: 'association-details-changed', actor: ADMIN.email });
  expect(recorded?.detail).toBe('Who to contact, Postal address, Phone number, E-mail address, Social media pages');
});

test("the activity list names a changed detail by its label, not the program's field name", async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  await jar.fetch(`${server.baseUrl}/api/association`, { method: 'PUT', ...json(DETAILS) });

  await jar.fetch(`${server.baseUrl}/api/association`, { method: 'PUT', ...json({ ...DETAILS, charityNumber: '20012345' }) });

  const [recorded] = server.app.auditTrail.list({ limit: 1 });
  expect(recorded?.detail).toBe('Registered charity number');
});

test('bad details are refused with a message for each field, and nothing changes', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);

  const response = await jar.fetch(`${server.baseUrl}/api/association`, {
    method: 'PUT',
    ...json({ ...DETAILS, phone: 'ring the office', email: 'not an address', socialLinks: ['javascript:alert(1)'] }),
  });

  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: { kind: string; fieldErrors: Record<string, string> } };
  expect(body.error.kind).toBe('invalid-input');
  expect(body.error.fieldErrors.phone).toMatch(/digits and spaces only/);
  expect(body.error.fieldErrors.email).toMatch(/valid e-mail address/);
  expect(body.error.fieldErrors.socialLinks).toMatch(/https:\/\//);
  expect(await detailsOf(server.baseUrl)).toEqual(EMPTY_DETAILS);
});

test('only an administrator may change them', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const member = await signedIn(server.baseUrl, MEMBER);

  const anonymous = await fetch(`${server.baseUrl}/api/association`, { method: 'PUT', ...json(DETAILS) });
  const notAdmin = await member.fetch(`${server.baseUrl}/api/association`, { method: 'PUT', ...json(DETAILS) });

  expect(anonymous.status).toBe(401);
  expect(notAdmin.status).toBe(403);
  expect(await detailsOf(server.baseUrl)).toEqual(EMPTY_DETAILS);
});
