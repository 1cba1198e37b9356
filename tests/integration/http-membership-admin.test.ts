import { afterEach, expect, test } from 'vitest';
import { createHttpBackend } from '../../adapters/http/http-backend';
import { MEMBERSHIP_MESSAGES } from '../../contract/membership';
import { isCoreError } from '../../src-core/domain/core-error';
import type { MembershipAdminPort } from '../../src-core/ports/membership-admin.port';
import { ADMIN, ADMIN_ENV, addTestAccounts, signedIn } from '../server/helpers/accounts';
import { application, apply } from '../server/helpers/membership';
import { startTestServer } from '../server/helpers/test-server';

// The http adapter for the membership administration against the real server (no mail server set up).

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function membershipAsAdministrator() {
  const server = await startTestServer({ env: ADMIN_ENV });
  cleanups.push(() => server.close());
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const membership: MembershipAdminPort | undefined = createHttpBackend({ baseUrl: server.baseUrl, fetch: jar.fetch }).membershipAdmin;
  if (membership === undefined) throw new Error('The http backend lost the membership administration.');
  return { server, membership, jar };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isCoreError(error)) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('It was not refused.');
}

test('an application is listed with its counts, approved into a member with a data link, and erased with the member', async () => {
  const { server, membership, jar } = await membershipAsAdministrator();
  expect((await apply(server, application({ email: undefined }))).status).toBe(202);

  const fresh = await membership.listApplications('new');
  expect(fresh.counts).toEqual({ new: 1, moreInformation: 0, approved: 0, declined: 0 });
  const [first] = fresh.applications;
  if (first === undefined) throw new Error('No application listed.');
  expect(first.dataHref).toBe(`${server.baseUrl}/api/applications/${first.id}/data`);

  const { member } = await membership.approve(first.id);
  expect(member.email).toBeNull();
  expect(member.welcomeLetterToPost).toBe(true);
  expect((await membership.listMembers({ welcomeLetterToPost: true })).map((one) => one.number)).toEqual([member.number]);
  const data = await jar.fetch(member.dataHref);
  expect(data.status).toBe(200);

  await membership.markWelcomeLetterPosted(member.number);
  expect(await membership.listMembers({ welcomeLetterToPost: true })).toEqual([]);
  expect(await refusal(membership.approve(first.id))).toMatchObject({ kind: 'conflict' });

  await membership.eraseApplication(first.id);
  expect(await membership.listMembers({ welcomeLetterToPost: false })).toEqual([]);
});

test('declining needs a note; branches are added, renamed, and one in use is refused with the counts', async () => {
  const { server, membership } = await membershipAsAdministrator();
  const cork = await membership.addBranch('Cork Branch');
  expect((await apply(server, application({ branch: cork.id }))).status).toBe(202);
  const [first] = (await membership.listApplications('new')).applications;
  if (first === undefined) throw new Error('No application listed.');

  expect(await refusal(membership.decline(first.id, ' '))).toEqual({ kind: 'invalid-input', message: MEMBERSHIP_MESSAGES.noteRequired });
  expect((await membership.askForMoreInformation(first.id, 'Which hospital?')).state).toBe('more-information');

  expect(await membership.renameBranch(cork.id, 'Cork City Branch')).toEqual({ id: cork.id, name: 'Cork City Branch' });
  expect(await refusal(membership.addBranch('Cork City Branch'))).toMatchObject({ kind: 'conflict', message: MEMBERSHIP_MESSAGES.branchNameTaken });
  expect(await refusal(membership.removeBranch(cork.id))).toEqual({ kind: 'conflict', message: MEMBERSHIP_MESSAGES.branchInUse(1, 0) });
  expect((await membership.listBranches()).map((branch) => branch.name)).toContain('Cork City Branch');
});
