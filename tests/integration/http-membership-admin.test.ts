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
  expect((await membership.listMembers({ welcomeLetterToPost: true })).members.map((one) => one.number)).toEqual([member.number]);
  const data = await jar.fetch(member.dataHref);
  expect(data.status).toBe(200);

  await membership.markWelcomeLetterPosted(member.number);
  expect((await membership.listMembers({ welcomeLetterToPost: true })).members).toEqual([]);
  expect(await refusal(membership.approve(first.id))).toMatchObject({ kind: 'conflict' });

  await membership.eraseApplication(first.id);
  expect((await membership.listMembers({})).total).toBe(0);
});

test('declining needs a note; branches are added, renamed, and one in use is refused with the counts', async () => {
  const { server, membership } = await membershipAsAdministrator();
  const cork = await membership.addBranch('Cork Branch');
  expect((await apply(server, application({ branch: cork.id }))).status).toBe(202);
  const [first] = (await membership.listApplications('new')).applications;
  if (first === undefined) throw new Error('No application listed.');

  expect(await refusal(membership.decline(first.id, ' '))).toEqual({ kind: 'invalid-input', message: MEMBERSHIP_MESSAGES.noteRequired });
  expect((await membership.askForMoreInformation(first.id, 'Which hospital?')).state).toBe('more-information');

  expect(await membership.renameBranch(cork.id, 'Cork City Branch')).toMatchObject({ id: cork.id, name: 'Cork City Branch' });
  expect(await refusal(membership.addBranch('Cork City Branch'))).toMatchObject({ kind: 'conflict', message: MEMBERSHIP_MESSAGES.branchNameTaken });
  expect(await refusal(membership.removeBranch(cork.id))).toEqual({ kind: 'conflict', message: MEMBERSHIP_MESSAGES.branchInUse(1, 0) });
  expect((await membership.listBranches()).map((branch) => branch.name)).toContain('Cork City Branch');
});

/** An approved member: applied, approved, and returned as the list has them. */
async function approvedMember(server: Awaited<ReturnType<typeof membershipAsAdministrator>>['server'], membership: MembershipAdminPort, extra: Record<string, unknown> = {}) {
  expect((await apply(server, application(extra))).status).toBe(202);
  const fresh = (await membership.listApplications('new')).applications.at(-1);
  if (fresh === undefined) throw new Error('No application listed.');
  return (await membership.approve(fresh.id)).member;
}

test('the list is searched, filtered and counted; the CSV link carries the same filters', async () => {
  const { server, membership, jar } = await membershipAsAdministrator();
  const mary = await approvedMember(server, membership);
  await approvedMember(server, membership, { name: 'Tom Walsh', email: undefined, phone: '01 555 0199', eircode: undefined });

  const all = await membership.listMembers({});
  expect(all).toMatchObject({ total: 2, page: 1, pageSize: 50, counts: { active: 2, lapsed: 0, resigned: 0, deceased: 0 } });
  expect(all.members.map((one) => one.name)).toEqual(['Mary Byrne', 'Tom Walsh']);
  expect((await membership.listMembers({ q: 'walsh' })).members.map((one) => one.name)).toEqual(['Tom Walsh']);
  expect((await membership.listMembers({ q: String(mary.number) })).members.map((one) => one.name)).toEqual(['Mary Byrne']);
  expect((await membership.listMembers({ q: 'N91 F4E2' })).members.map((one) => one.name)).toEqual(['Mary Byrne']);
  expect((await membership.listMembers({ hasEmail: false })).members.map((one) => one.name)).toEqual(['Tom Walsh']);
  expect((await membership.listMembers({ status: 'lapsed' })).total).toBe(0);
  expect((await membership.listMembers({ page: 2 })).members).toEqual([]);

  const href = membership.membersCsvHref({ q: 'walsh', hasEmail: false, page: 3 });
  expect(href).toBe(`${server.baseUrl}/api/members/export?q=walsh&hasEmail=false`);
  const csv = await jar.fetch(href);
  expect(csv.status).toBe(200);
  const text = await csv.text();
  expect(text).toContain('Tom Walsh');
  expect(text).not.toContain('Mary Byrne');
});

test('a member is edited with a message per field, marked deceased, and paid for by hand', async () => {
  const { server, membership } = await membershipAsAdministrator();
  const mary = await approvedMember(server, membership);

  const refused = await membership.editMember(mary.number, { email: 'not an address', joinedOn: '31 March' }).then(
    () => null,
    (error: unknown) => error,
  );
  expect(isCoreError(refused) && refused.kind).toBe('invalid-input');
  expect(isCoreError(refused) && Object.keys(refused.fieldErrors ?? {})).toEqual(expect.arrayContaining(['email', 'joinedOn']));

  const edited = await membership.editMember(mary.number, { phone: '021 555 0102', notes: 'Prefers phone calls.' });
  expect(edited.member).toMatchObject({ phone: '021 555 0102', notes: 'Prefers phone calls.', name: 'Mary Byrne' });

  const paid = await membership.recordPayment(mary.number, { paidOn: '2026-03-02', amount: '25', method: 'cheque', note: 'Cheque 0042', coversYearEnding: '2026-12-31' });
  expect(paid.member.paidUntil).toBe('2026-12-31');
  expect(paid.payments).toMatchObject([{ paidOn: '2026-03-02', amountCents: 2500, method: 'cheque', note: 'Cheque 0042' }]);
  const wrongAmount = await refusal(membership.recordPayment(mary.number, { paidOn: '2026-03-02', amount: 'twenty', method: 'cash' }));
  expect(wrongAmount.kind).toBe('invalid-input');

  const [payment] = paid.payments;
  if (payment === undefined) throw new Error('No payment recorded.');
  expect((await membership.removePayment(mary.number, payment.id)).payments).toEqual([]);
  expect((await refusal(membership.removePayment(mary.number, payment.id))).kind).toBe('not-found');

  expect((await membership.editMember(mary.number, { status: 'deceased' })).member.status).toBe('deceased');
  expect((await membership.getMember(mary.number)).member.status).toBe('deceased');
  expect((await membership.listMembers({ status: 'deceased' })).counts.deceased).toBe(1);
});

test('the settings are saved; members without e-mail whose renewal is due are listed for letters', async () => {
  const { server, membership } = await membershipAsAdministrator();
  const saved = await membership.saveSettings({ yearStartsOn: '01-01', feeCents: 2500, howToPay: 'By cheque to the Treasurer.', remindersOn: false });
  expect(saved).toEqual({ yearStartsOn: '01-01', feeCents: 2500, howToPay: 'By cheque to the Treasurer.', remindersOn: false });
  expect(await membership.getSettings()).toEqual(saved);
  expect((await refusal(membership.saveSettings({ ...saved, yearStartsOn: '13-01' }))).kind).toBe('invalid-input');

  // Paid until a day long past: the renewal is due; Mary has e-mail, so she gets the reminder instead.
  const tom = await approvedMember(server, membership, { name: 'Tom Walsh', email: undefined });
  const mary = await approvedMember(server, membership);
  await membership.editMember(tom.number, { paidUntil: '2020-12-31' });
  await membership.editMember(mary.number, { paidUntil: '2020-12-31' });
  expect((await membership.listRenewalLetters()).map((one) => one.number)).toEqual([tom.number]);
  await membership.editMember(tom.number, { paidUntil: '2099-12-31' });
  expect(await membership.listRenewalLetters()).toEqual([]);
});

test('an import with a broken row is previewed with its line and refused whole; a good one imports every row', async () => {
  const { membership } = await membershipAsAdministrator();
  const broken = 'Name,Address,E-mail,Status\nAnne Ahern,1 Quay Street,anne@example.org,active\n,2 Quay Street,,active\nBridget Brennan,3 Quay Street,not-an-address,active\n';

  const preview = await membership.previewImport(broken);
  expect(preview.rows).toBeGreaterThanOrEqual(2);
  expect([...new Set(preview.problems.map((one) => one.line))]).toEqual([3, 4]);
  expect(preview.columns.find((one) => one.header === 'Name')?.field).toBe('name');
  expect(preview.imported).toBe(0);

  const refused = await membership.importMembers(broken);
  expect(refused.imported).toBe(0);
  expect(refused.problems.length).toBe(2);
  expect((await membership.listMembers({})).total).toBe(0);

  const good = 'Name,Address,E-mail,Status\nAnne Ahern,1 Quay Street,anne@example.org,active\nBridget Brennan,3 Quay Street,,lapsed\n';
  expect((await membership.previewImport(good)).problems).toEqual([]);
  expect((await membership.importMembers(good)).imported).toBe(2);
  expect((await membership.listMembers({})).counts).toMatchObject({ active: 1, lapsed: 1 });
});
