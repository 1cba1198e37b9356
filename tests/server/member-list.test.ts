import { expect, test } from 'vitest';
import {
  MEMBERSHIP_PATHS,
  importProblemSchema,
  memberDetailSchema,
  memberListSchema,
  memberPath,
  membershipSettingsSchema,
  paymentPath,
  personDataSchema,
} from '../../contract/membership';
import { ADMIN, ADMIN_ENV, MEMBER, addTestAccounts, json, signedIn } from './helpers/accounts';
import type { CookieJarFetch } from './helpers/cookie-jar';
import { auditEntries, importCsv, imported } from './helpers/member-list';
import { addBranch } from './helpers/membership';
import { createTestClock } from './helpers/test-clock';
import { startTestServer, type TestServer } from './helpers/test-server';

// 21 November 2026 (the test clock's start): renewal is due for anyone paid until 22 December or before.
const clock = () => createTestClock().now;

async function adminOf(server: TestServer): Promise<CookieJarFetch> {
  await addTestAccounts(server.app);
  return signedIn(server.baseUrl, ADMIN);
}

async function listOf(server: TestServer, admin: CookieJarFetch, query = '') {
  const response = await admin.fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.members}${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return memberListSchema.parse(await response.json());
}

/** 120 fictional members, numbered 1 to 120, every third without e-mail, every tenth lapsed. */
function generatedCsv(): string {
  const rows = Array.from({ length: 120 }, (_, index) => {
    const n = index + 1;
    const padded = String(n).padStart(3, '0');
    const email = n % 3 === 0 ? '' : `member${padded}@example.org`;
    const status = n % 10 === 0 ? 'lapsed' : 'active';
    const paidUntil = n % 2 === 0 ? '2025-12-31' : '2027-12-31';
    return [n, `Member ${padded}`, `${n} Main Street`, 'Ballymore', email, `087 555 ${padded.padStart(4, '0')}`, status, '2020-01-01', paidUntil].join(',');
  });
  return ['Membership number,Name,Address line 1,Address line 2,Email,Mobile,Status,Joined,Paid until', ...rows].join('\n');
}

test('the list comes 50 to a page by name then number, with counts by status; search finds by name, number, e-mail, phone or Eircode; filters combine', async () => {
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock() });
  const admin = await adminOf(server);
  const cork = await addBranch(server, admin, 'Cork Branch');
  await imported(server, admin, generatedCsv());
  await imported(
    server,
    admin,
    [
      'Number,First name,Surname,Address,Eircode,Phone,E-mail,Branch,Status',
      '500,Nora,Walsh,"1 Quay Street\nCork",T12 RX34,021 455 1234,nora.walsh@example.org,cork branch,active',
      '501,Nora,Walsh,"2 Quay Street\nCork",,,,Cork Branch,deceased',
    ].join('\n'),
  );

  const first = await listOf(server, admin);
  const third = await listOf(server, admin, '?page=3');
  const byName = await listOf(server, admin, '?q=nora%20WALSH');
  const byNumber = await listOf(server, admin, '?q=57');
  const byEmail = await listOf(server, admin, '?q=MEMBER041@example');
  const byPhone = await listOf(server, admin, '?q=0214551234');
  const byEircode = await listOf(server, admin, '?q=t12rx34');
  const inCork = await listOf(server, admin, `?branch=${cork}`);
  const withoutBranch = await listOf(server, admin, '?branch=none&status=lapsed');
  const due = await listOf(server, admin, '?renewal=due&hasEmail=false');

  expect(first.counts).toEqual({ active: 109, lapsed: 12, resigned: 0, deceased: 1 });
  expect(first.total).toBe(122);
  expect(first.pageSize).toBe(50);
  expect(first.members).toHaveLength(50);
  expect(first.members.slice(0, 2).map((m) => [m.number, m.name])).toEqual([
    [1, 'Member 001'],
    [2, 'Member 002'],
  ]);
  expect(third.members.map((m) => m.name).slice(-3)).toEqual(['Member 120', 'Nora Walsh', 'Nora Walsh']);
  expect(third.members.map((m) => m.number).slice(-2)).toEqual([500, 501]);
  expect(byName.members.map((m) => [m.number, m.status])).toEqual([
    [500, 'active'],
    [501, 'deceased'],
  ]);
  expect(byName.members[0]).toMatchObject({ address: '1 Quay Street\nCork', eircode: 'T12 RX34', branch: { id: cork, name: 'Cork Branch' } });
  expect(byNumber.members.map((m) => m.number)).toEqual([57]);
  expect(byEmail.members.map((m) => m.number)).toEqual([41]);
  expect(byPhone.members.map((m) => m.number)).toEqual([500]);
  expect(byEircode.members.map((m) => m.number)).toEqual([500]);
  expect(inCork.members.map((m) => m.number)).toEqual([500, 501]);
  expect(withoutBranch.members.map((m) => m.number)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120]);
  // Active, without e-mail (every third), paid until 31 December 2025 (even numbers): 6, 12, 18 … and never lapsed ones.
  expect(due.members.map((m) => m.number)).toEqual([6, 12, 18, 24, 36, 42, 48, 54, 66, 72, 78, 84, 96, 102, 108, 114]);
  expect(due.members.every((m) => m.renewalDue && m.email === null)).toBe(true);
  expect(auditEntries(server).filter((entry) => entry.kind === 'members-read').map((entry) => entry.detail)).toEqual(
    expect.arrayContaining(['all members: 122 members, page 1', 'filtered by a search: 2 members, page 1']),
  );
  // The words searched for may be a name: the audit trail never keeps them.
  expect(JSON.stringify(auditEntries(server))).not.toMatch(/nora|walsh/i);
});

test('an edit with wrong fields changes nothing and names each field; a good edit is recorded by field names, never values', async () => {
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock() });
  const admin = await adminOf(server);
  await imported(server, admin, 'Name,Address,Email,Phone\nMary Byrne,12 Main Street,mary@example.org,044 123 4567\n');
  const url = `${server.baseUrl}${memberPath(1)}`;

  const refused = await admin.fetch(url, { method: 'PATCH', ...json({ name: '  ', email: 'mary@', eircode: 'XYZ', joinedOn: '31/02/2020', branch: '999', notes: 'kept?' }) });
  const refusedBody = (await refused.json()) as { error: { kind: string; fieldErrors: Record<string, string> } };
  const unchanged = memberDetailSchema.parse(await (await admin.fetch(url)).json());
  const edited = await admin.fetch(url, { method: 'PATCH', ...json({ name: 'Mary  Byrne-Walsh', phone: '+353 44 765 4321', eircode: 'n91f4e2', notes: 'Prefers phone calls' }) });
  const after = memberDetailSchema.parse(await edited.json());

  expect(refused.status).toBe(400);
  expect(refusedBody.error.kind).toBe('invalid-input');
  expect(Object.keys(refusedBody.error.fieldErrors).sort()).toEqual(['branch', 'eircode', 'email', 'joinedOn', 'name']);
  expect(refusedBody.error.fieldErrors.eircode).toContain('Eircode');
  expect(unchanged.member).toMatchObject({ name: 'Mary Byrne', email: 'mary@example.org', eircode: null, notes: '' });
  expect(edited.status).toBe(200);
  expect(after.member).toMatchObject({ name: 'Mary Byrne-Walsh', phone: '+353 44 765 4321', eircode: 'N91 F4E2', notes: 'Prefers phone calls', email: 'mary@example.org' });
  const edits = auditEntries(server).filter((entry) => entry.kind === 'member-edited');
  expect(edits.map((entry) => entry.detail)).toEqual(['member 1: name, Eircode, phone, notes']);
  expect(JSON.stringify(auditEntries(server))).not.toMatch(/Walsh|765|phone calls|N91/);
});

test('payments: a payment in euro is kept in cent and moves "paid until" to the year it covers; wrong fields are named; removing one leaves "paid until"', async () => {
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock() });
  const admin = await adminOf(server);
  await imported(server, admin, 'Number,Name,Address,Paid until\n7,Mary Byrne,12 Main Street,31/12/2025\n');
  const payments = `${server.baseUrl}${memberPath(7, 'payments')}`;

  const before = memberDetailSchema.parse(await (await admin.fetch(`${server.baseUrl}${memberPath(7)}`)).json());
  const wrong = await admin.fetch(payments, { method: 'POST', ...json({ paidOn: 'yesterday', amount: 'twenty', method: 'bitcoin', coversYearEnding: '2026-06-30' }) });
  const wrongBody = (await wrong.json()) as { error: { fieldErrors: Record<string, string> } };
  const paid = await admin.fetch(payments, {
    method: 'POST',
    ...json({ paidOn: '2026-11-21', amount: '€25.50', method: 'cheque', note: 'Cheque 004512', coversYearEnding: '2026-12-31' }),
  });
  const afterPayment = memberDetailSchema.parse(await paid.json());
  // An older payment entered late never shortens 'paid until'.
  const late = memberDetailSchema.parse(
    await (await admin.fetch(payments, { method: 'POST', ...json({ paidOn: '2025-02-01', amount: '25', method: 'cash', coversYearEnding: '2025-12-31' }) })).json(),
  );
  const paymentId = afterPayment.payments[0]?.id ?? '';
  const removed = await admin.fetch(`${server.baseUrl}${paymentPath(7, paymentId)}`, { method: 'DELETE' });
  const afterRemoval = memberDetailSchema.parse(await removed.json());
  const removedAgain = await admin.fetch(`${server.baseUrl}${paymentPath(7, paymentId)}`, { method: 'DELETE' });

  expect(before.member).toMatchObject({ paidUntil: '2025-12-31', renewalDue: true });
  expect(wrong.status).toBe(400);
  expect(Object.keys(wrongBody.error.fieldErrors).sort()).toEqual(['amount', 'coversYearEnding', 'method', 'paidOn']);
  expect(paid.status).toBe(201);
  // Paid until 31 December, more than 31 days away: renewal is no longer due.
  expect(afterPayment.member).toMatchObject({ paidUntil: '2026-12-31', renewalDue: false });
  expect(afterPayment.payments).toEqual([
    expect.objectContaining({ paidOn: '2026-11-21', amountCents: 2550, method: 'cheque', note: 'Cheque 004512', recordedBy: ADMIN.email }),
  ]);
  expect(late.member.paidUntil).toBe('2026-12-31');
  expect(late.payments.map((p) => p.paidOn)).toEqual(['2026-11-21', '2025-02-01']);
  expect(removed.status).toBe(200);
  expect(afterRemoval.payments.map((p) => p.paidOn)).toEqual(['2025-02-01']);
  expect(afterRemoval.member.paidUntil).toBe('2026-12-31');
  expect(removedAgain.status).toBe(404);
  expect(auditEntries(server).map((entry) => entry.kind)).toEqual(expect.arrayContaining(['payment-recorded', 'payment-removed']));
});

test('the CSV export has every matching member over every page, keeps formulas as text, and is recorded', async () => {
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock() });
  const admin = await adminOf(server);
  const cork = await addBranch(server, admin, 'Cork Branch');
  await imported(server, admin, generatedCsv());
  await imported(
    server,
    admin,
    'Number,Name,Address,Branch,Notes,Phone\n200,"=HYPERLINK(""http://example.com"")","1 Quay Street\nDouglas\nCork\nCo. Cork\nIreland",Cork Branch,"@SUM(1,2)",+353 21 455 1234\n',
  );

  const everyone = await admin.fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.membersExport}`);
  const text = await everyone.text();
  const lines = text.trimEnd().split('\r\n');
  const inCork = await (await admin.fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.membersExport}?branch=${cork}`)).text();
  const lapsed = await (await admin.fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.membersExport}?status=lapsed`)).text();

  expect(everyone.status).toBe(200);
  expect(everyone.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(everyone.headers.get('content-disposition')).toBe('attachment; filename="members-2026-11-21.csv"');
  expect(everyone.headers.get('cache-control')).toBe('no-store');
  expect(lines[0]).toBe('Membership number,Name,Address line 1,Address line 2,Address line 3,Address line 4,Eircode,Phone,E-mail,Branch,Status,Joined,Paid until,Renewal due,NMBI PIN,Notes');
  expect(lines).toHaveLength(122);
  // By name: '=HYPERLINK…' sorts first.
  expect(lines[1]).toMatch(/^200,/);
  expect(lines[3]).toBe('2,Member 002,2 Main Street,Ballymore,,,,087 555 0002,member002@example.org,,active,2020-01-01,2025-12-31,yes,,');
  expect(inCork.trimEnd().split('\r\n')).toEqual([
    lines[0],
    `200,"'=HYPERLINK(""http://example.com"")",1 Quay Street,Douglas,Cork,"Co. Cork, Ireland",,'+353 21 455 1234,,Cork Branch,active,2026-11-21,,yes,,"'@SUM(1,2)"`,
  ]);
  expect(lapsed.trimEnd().split('\r\n')).toHaveLength(13);
  expect(auditEntries(server).filter((entry) => entry.kind === 'members-exported').map((entry) => entry.detail)).toEqual([
    'all members: 121 members',
    'filtered by branch: 1 members',
    'filtered by status lapsed: 12 members',
  ]);
});

test('an import with any row it cannot read is refused whole, naming each row and why; the preview says the same and stores nothing', async () => {
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock() });
  const admin = await adminOf(server);
  await addBranch(server, admin, 'Cork Branch');
  await imported(server, admin, 'Number,Name,Address\n3,Sean Daly,1 Main Street\n');
  const broken = [
    'Member No,Name,Address,E-mail,Branch,Joined,Status',
    '10,Mary Byrne,12 Main Street,mary@example.org,Cork Branch,15/03/2019,active',
    '11,,1 Quay Street,,,2019-03-15,active',
    '12,Nora Walsh,2 Quay Street,nora@,Korc Branch,2019-02-30,retired',
    '3,Eileen Ryan,3 Quay Street,,,,',
    '10,Kate Ryan,4 Quay Street,,,,',
  ].join('\r\n');

  const preview = await importCsv(server, admin, broken, true);
  const refused = await importCsv(server, admin, broken);
  const list = await listOf(server, admin);
  const problems = refused.result.problems.map((problem) => importProblemSchema.parse(problem));

  expect(preview.status).toBe(200);
  expect(preview.result.problems).toEqual(refused.result.problems);
  expect(preview.result.columns.map((column) => column.field)).toEqual(['number', 'name', 'address', 'email', 'branch', 'joinedOn', 'status']);
  expect(refused.status).toBe(422);
  expect(refused.result.imported).toBe(0);
  expect(problems.map((problem) => problem.line)).toEqual([3, 4, 4, 4, 4, 5, 6]);
  const messages = problems.map((problem) => problem.message).join('\n');
  expect(messages).toContain("The branch 'Korc Branch' is not one of the branches");
  expect(messages).toContain('The membership number 3 is already given to a member');
  expect(messages).toContain('The membership number 10 is used on line 2 as well');
  expect(messages).toContain("Please enter the member's full name");
  expect(messages).toContain('Please choose a status');
  expect(list.total).toBe(1);
  expect(auditEntries(server).filter((entry) => entry.kind === 'members-imported')).toHaveLength(1);
});

test('a file over 5 MB is refused with what to do about it', async () => {
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock() });
  const admin = await adminOf(server);

  const response = await admin.fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.membersImport}`, {
    method: 'POST',
    ...json({ csv: `Name,Address\n${'Mary Byrne,12 Main Street\n'.repeat(210_000)}`, dryRun: true }),
  });

  expect(response.status).toBe(413);
  expect(((await response.json()) as { error: { message: string } }).error.message).toBe('This file is larger than 5 MB. Please split it into smaller files and import each.');
});

test('a good import with semicolons, split names and addresses, Irish dates and missing numbers is stored whole, the new numbers after every one in use', async () => {
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock() });
  const admin = await adminOf(server);
  await addBranch(server, admin, 'Cork Branch');
  const csv = [
    '\uFEFFMember no;First name;Surname;Address line 1;Address line 2;Eircode;Telephone;E-mail;Branch;Status;Joined;Paid until;NMBI PIN;Notes;Shoe size',
    '40;Mary;Byrne;12 Main Street;Ballymore;n91f4e2;044 123 4567;Mary.Byrne@Example.org;cork branch;Active;15/03/2019;31/12/2026;123456;Committee;7',
    ';Sean;Daly;1 Quay Street;;;;;;;2020-01-01;;;;',
    ';Nora;Walsh;2 Quay Street;;;;;;lapsed;2021-06-30;;;;',
  ].join('\n');

  const preview = await importCsv(server, admin, csv, true);
  const done = await importCsv(server, admin, csv);
  const list = await listOf(server, admin);
  const mary = memberDetailSchema.parse(await (await admin.fetch(`${server.baseUrl}${memberPath(40)}`)).json());

  expect(preview.result).toMatchObject({ rows: 3, problems: [], imported: 0 });
  expect(preview.result.columns.at(-1)).toEqual({ header: 'Shoe size', field: null });
  expect(preview.result.sample.map((m) => [m.number, m.name])).toEqual([
    [40, 'Mary Byrne'],
    [41, 'Sean Daly'],
    [42, 'Nora Walsh'],
  ]);
  expect(done.status).toBe(200);
  expect(done.result.imported).toBe(3);
  expect(list.members.map((m) => [m.number, m.name, m.status])).toEqual([
    [40, 'Mary Byrne', 'active'],
    [42, 'Nora Walsh', 'lapsed'],
    [41, 'Sean Daly', 'active'],
  ]);
  expect(mary.member).toMatchObject({
    address: '12 Main Street\nBallymore',
    eircode: 'N91 F4E2',
    phone: '044 123 4567',
    email: 'Mary.Byrne@Example.org',
    branch: { name: 'Cork Branch' },
    joinedOn: '2019-03-15',
    paidUntil: '2026-12-31',
    nmbiPin: '123456',
    notes: 'Committee',
    welcomeLetterToPost: false,
  });
  expect(auditEntries(server).filter((entry) => entry.kind === 'members-imported').map((entry) => entry.detail)).toEqual(['3 members']);
});

test('the membership settings are read and changed by administrators; a year cannot start on a day every year lacks', async () => {
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock() });
  const admin = await adminOf(server);
  const url = `${server.baseUrl}${MEMBERSHIP_PATHS.membershipSettings}`;

  const defaults = membershipSettingsSchema.parse(await (await admin.fetch(url)).json());
  const leapDay = await admin.fetch(url, { method: 'PUT', ...json({ ...defaults, yearStartsOn: '02-29' }) });
  const saved = await admin.fetch(url, { method: 'PUT', ...json({ yearStartsOn: '09-01', feeCents: 2500, howToPay: '  By cheque to the treasurer.  ', remindersOn: false }) });
  const after = membershipSettingsSchema.parse(await (await admin.fetch(url)).json());

  expect(defaults).toEqual({ yearStartsOn: '01-01', feeCents: null, howToPay: '', remindersOn: true });
  expect(leapDay.status).toBe(400);
  expect(saved.status).toBe(200);
  expect(after).toEqual({ yearStartsOn: '09-01', feeCents: 2500, howToPay: 'By cheque to the treasurer.', remindersOn: false });
  expect(auditEntries(server).filter((entry) => entry.kind === 'membership-settings-changed').map((entry) => entry.detail)).toEqual([
    'year starts on, fee, how to pay, reminders',
  ]);
});

test('renewal letters list the active members without e-mail whose renewal is due, as JSON and CSV, each look recorded', async () => {
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock() });
  const admin = await adminOf(server);
  await imported(server, admin, generatedCsv());

  const letters = memberListSchema.parse(await (await admin.fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.renewalLetters}`)).json());
  const csv = await admin.fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.renewalLetters}?format=csv`);
  const csvLines = (await csv.text()).trimEnd().split('\r\n');

  expect(letters.members.map((m) => m.number)).toEqual([6, 12, 18, 24, 36, 42, 48, 54, 66, 72, 78, 84, 96, 102, 108, 114]);
  expect(letters.total).toBe(16);
  expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(csvLines).toHaveLength(17);
  expect(csvLines[1]).toMatch(/^6,Member 006,6 Main Street,Ballymore,/);
  expect(auditEntries(server).filter((entry) => entry.kind === 'renewal-letters-read').map((entry) => entry.detail)).toEqual(['16 members', '16 members, as CSV']);
});

test('an access export holds the member, their payments and their mail; erasure removes the payments in one step', async () => {
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock() });
  const admin = await adminOf(server);
  await imported(server, admin, 'Number,Name,Address,Email\n5,Mary Byrne,12 Main Street,mary@example.org\n');
  await admin.fetch(`${server.baseUrl}${memberPath(5, 'payments')}`, { method: 'POST', ...json({ paidOn: '2026-11-21', amount: '25', method: 'cash' }) });

  const data = personDataSchema.parse(await (await admin.fetch(`${server.baseUrl}${memberPath(5, 'data')}`)).json());
  const erased = await admin.fetch(`${server.baseUrl}${memberPath(5)}`, { method: 'DELETE' });
  const payments = server.app.db.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM payments').get();

  expect(data.application).toBeNull();
  expect(data.member).toMatchObject({ number: 5, name: 'Mary Byrne' });
  expect(data.payments.map((p) => [p.amountCents, p.method])).toEqual([[2500, 'cash']]);
  expect(erased.status).toBe(204);
  expect(payments?.count).toBe(0);
});

test('every member list route refuses a visitor (401) and a signed-in non-administrator (403), and changes nothing', async () => {
  const routes: { method: string; url: string }[] = [];
  const server = await startTestServer({
    env: ADMIN_ENV,
    clock: clock(),
    onRoute: ({ method, url }) => {
      for (const each of [method].flat()) routes.push({ method: each, url });
    },
  });
  const admin = await adminOf(server);
  await imported(server, admin, 'Number,Name,Address,Email\n1,Mary Byrne,12 Main Street,mary@example.org\n');
  await admin.fetch(`${server.baseUrl}${memberPath(1, 'payments')}`, { method: 'POST', ...json({ paidOn: '2026-11-21', amount: '25', method: 'cash' }) });
  const member = await signedIn(server.baseUrl, MEMBER);
  const guarded = routes.filter((route) => /^\/api\/(members|membership-settings|renewal-letters)(\/|$)/.test(route.url) && route.method !== 'HEAD');
  const body = { name: 'Someone Else', status: 'deceased', csv: 'Name\nX\n', dryRun: false, yearStartsOn: '06-01', feeCents: 1, howToPay: 'x', remindersOn: false, paidOn: '2026-01-01', amount: '1', method: 'cash' };

  const statuses = [];
  for (const route of guarded) {
    const url = `${server.baseUrl}${route.url.replace(':number', '1').replace(':paymentId', '1')}`;
    const init: RequestInit = route.method === 'GET' || route.method === 'DELETE' ? { method: route.method } : { method: route.method, ...json(body) };
    statuses.push([route.method, route.url, (await fetch(url, init)).status, (await member.fetch(url, init)).status]);
  }
  const after = memberDetailSchema.parse(await (await admin.fetch(`${server.baseUrl}${memberPath(1)}`)).json());

  expect(guarded.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
    [
      `DELETE ${MEMBERSHIP_PATHS.member}`,
      `DELETE ${MEMBERSHIP_PATHS.memberPayment}`,
      `GET ${MEMBERSHIP_PATHS.member}`,
      `GET ${MEMBERSHIP_PATHS.memberData}`,
      `GET ${MEMBERSHIP_PATHS.members}`,
      `GET ${MEMBERSHIP_PATHS.membersExport}`,
      `GET ${MEMBERSHIP_PATHS.membershipSettings}`,
      `GET ${MEMBERSHIP_PATHS.renewalLetters}`,
      `PATCH ${MEMBERSHIP_PATHS.member}`,
      `POST ${MEMBERSHIP_PATHS.memberLetterPosted}`,
      `POST ${MEMBERSHIP_PATHS.memberPayments}`,
      `POST ${MEMBERSHIP_PATHS.membersImport}`,
      `PUT ${MEMBERSHIP_PATHS.membershipSettings}`,
    ].sort(),
  );
  expect(statuses).toEqual(guarded.map((route) => [route.method, route.url, 401, 403]));
  expect(after.member).toMatchObject({ name: 'Mary Byrne', status: 'active' });
  expect(after.payments).toHaveLength(1);
  expect(server.app.membershipSettings.get().yearStartsOn).toBe('01-01');
  expect(server.app.members.all({})).toHaveLength(1);
});
