/**
 * The self-hosted server's joining-online routes for administrators, as the MSW fake answers
 * them (mocks/self-hosted-api.ts holds the state and the sign-in): applications by state and
 * their decisions, members, welcome letters and branches. Mail is not sent here.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { ApiHelpers } from './self-hosted-api';
import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_PATHS,
  MEMBERS_PAGE_SIZE,
  MEMBER_STATUSES,
  PAYMENT_METHODS,
  applicationListQuerySchema,
  memberEditSchema,
  memberImportRequestSchema,
  memberListQuerySchema,
  membershipSettingsSchema,
  paymentRequestSchema,
  type ApplicationState,
  type MemberListQuery,
  type WireApplication,
  type WireBranch,
  type WireMember,
  type WireMembershipSettings,
  type WirePayment,
} from '../contract/membership';
import { MEMBER_FIELD_MESSAGES, euroToCents, validateMemberEdit, validatePayment } from '../src-core/domain/member-records';
import { normaliseEircode } from '../src-core/domain/membership-application';
import { parseLocalDate } from '../src-core/domain/zoned-time';

export interface MembershipState {
  applications: WireApplication[];
  members: WireMember[];
  branches: WireBranch[];
  /** Each member's payments (by membership number), newest first. */
  payments: Record<number, WirePayment[]>;
  membershipSettings: WireMembershipSettings;
  now: () => Date;
  signedInAs: string | null;
}

const STATE_WORDS: Readonly<Record<ApplicationState, string>> = {
  new: 'new',
  'more-information': 'waiting for more information',
  approved: 'approved',
  declined: 'declined',
};

/** A branch as the server lists it; only the name is required of a test. */
export function sampleBranch(id: string, name: string, overrides: Partial<WireBranch> = {}): WireBranch {
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    counties: [],
    meets: '',
    contactName: '',
    contactPhone: '',
    contactEmail: '',
    description: '',
    active: true,
    ...overrides,
  };
}

/** An application as the join form leaves it, for seeding tests. */
export function sampleApplication(overrides: Partial<WireApplication> = {}): WireApplication {
  return {
    id: '1',
    state: 'new',
    name: 'Mary Byrne',
    address: '12 Main Street\nBallincollig, Co. Cork',
    eircode: 'P31 XY12',
    phone: '021 555 0101',
    email: 'mary@example.org',
    background: 'Staff nurse, Cork University Hospital, 1978 to 2016.',
    nmbiPin: '123456',
    branch: { id: '1', name: 'Sample Branch North' },
    newsletter: true,
    consent: { at: '2026-03-02T10:00:00.000Z', wording: 'I have read how the association uses my details.' },
    receivedAt: '2026-03-02T10:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    note: null,
    memberNumber: null,
    ...overrides,
  };
}

/** A member as the list keeps them, for seeding tests. */
export function sampleMember(overrides: Partial<WireMember> = {}): WireMember {
  return {
    number: 101,
    name: 'Mary Byrne',
    address: '12 Main Street\nBallincollig, Co. Cork',
    eircode: 'P31 XY12',
    phone: '021 555 0101',
    email: 'mary@example.org',
    branch: { id: '1', name: 'Sample Branch North' },
    background: 'Staff nurse, Cork University Hospital, 1978 to 2016.',
    nmbiPin: '123456',
    status: 'active',
    joinedOn: '2019-03-31',
    paidUntil: '2026-12-31',
    renewalDue: false,
    welcomeLetterToPost: false,
    notes: '',
    createdAt: '2019-03-31T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const FIRST_NAMES = ['Anne', 'Bridget', 'Catherine', 'Deirdre', 'Eileen', 'Frances', 'Geraldine', 'Helen', 'Joan', 'Kathleen', 'Margaret', 'Nuala', 'Patricia', 'Rita', 'Sheila', 'Teresa'];
const SURNAMES = ['Ahern', 'Brennan', 'Cullen', 'Doyle', 'Egan', 'Flynn', 'Gallagher', 'Hogan', 'Kelly', 'Lynch', 'Murphy', 'Nolan', "O'Brien", 'Quinn', 'Ryan', 'Walsh'];

/** `count` made-up members numbered from 1,000, a mix of statuses, some without e-mail: a long list. */
export function manyMembers(count: number): WireMember[] {
  return Array.from({ length: count }, (_, index) => {
    const name = `${FIRST_NAMES[index % FIRST_NAMES.length] ?? ''} ${SURNAMES[Math.floor(index / FIRST_NAMES.length) % SURNAMES.length] ?? ''}`;
    const status = MEMBER_STATUSES[index % 17 === 0 ? 1 : index % 41 === 0 ? 2 : index % 97 === 0 ? 3 : 0] ?? 'active';
    const number = 1_000 + index;
    return sampleMember({
      number,
      name,
      email: index % 5 === 0 ? null : `member${number}@example.org`,
      phone: `01 555 ${String(number).padStart(4, '0')}`,
      eircode: null,
      address: `${1 + (index % 90)} Sample Road\nSampletown`,
      branch: index % 3 === 0 ? { id: '2', name: 'Sample Branch South' } : { id: '1', name: 'Sample Branch North' },
      status,
      paidUntil: index % 7 === 0 ? '2025-12-31' : '2026-12-31',
      renewalDue: status === 'active' && index % 7 === 0,
    });
  });
}

export const SAMPLE_MEMBERSHIP_SETTINGS: WireMembershipSettings = {
  yearStartsOn: '01-01',
  feeCents: 2500,
  howToPay: 'By cheque to the Treasurer, by bank transfer, or in cash at your branch meeting.',
  remindersOn: true,
};

/** The words the fake answers an import's problems with (the server words its own). */
export const IMPORT_MESSAGES = {
  noNameColumn: "This file has no 'Name' column, so it cannot be read as a list of members. Please save the spreadsheet as CSV with a header row.",
  nameMissing: 'The name is empty.',
  email: 'The e-mail address is not a valid one.',
  status: "The status is not one of active, lapsed, resigned or deceased.",
  date: (header: string) => `The '${header}' date is not a date like 2019-03-31.`,
  eircode: 'The Eircode is not an Eircode.',
  numberTaken: (number: number) => `Membership number ${number} is already taken.`,
  numberShape: 'The membership number is not a whole number.',
} as const;

const IMPORT_FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  'full name': 'name',
  number: 'number',
  'membership number': 'number',
  'member number': 'number',
  address: 'address',
  eircode: 'eircode',
  phone: 'phone',
  telephone: 'phone',
  email: 'email',
  'e-mail': 'email',
  branch: 'branch',
  status: 'status',
  joined: 'joinedOn',
  'joined on': 'joinedOn',
  'paid until': 'paidUntil',
};

/** One CSV line's cells, with quotes ("a, b") and doubled quotes inside them. */
function cells(line: string, separator: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      out.push(cell.trim());
      cell = '';
    } else cell += char ?? '';
  }
  out.push(cell.trim());
  return out;
}

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export function membershipHandlers(state: MembershipState, { forAdministrator, fail, jsonBody }: ApiHelpers): HttpHandler[] {
  const find = (id: unknown) => state.applications.find((one) => one.id === id);
  const findMember = (number: unknown) => state.members.find((one) => String(one.number) === number);
  const counts = () => {
    const of = (wanted: ApplicationState) => state.applications.filter((one) => one.state === wanted).length;
    return { new: of('new'), moreInformation: of('more-information'), approved: of('approved'), declined: of('declined') };
  };
  const change = (changed: WireApplication) => {
    state.applications = state.applications.map((one) => (one.id === changed.id ? changed : one));
    return changed;
  };
  const notFound = () => fail('not-found', MEMBERSHIP_MESSAGES.applicationNotFound, 404);
  const undecided = (application: WireApplication) => application.state === 'new' || application.state === 'more-information';

  const sorted = (members: readonly WireMember[]) => [...members].sort((a, b) => a.name.localeCompare(b.name, 'en-IE') || a.number - b.number);
  const listQuery = (request: Request): MemberListQuery => {
    const query = memberListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    return query.success ? query.data : {};
  };
  const compact = (text: string) => text.toLowerCase().replace(/\s+/g, '');
  /** The list's filters and search, as contract/membership.ts describes them. */
  const filtered = (query: MemberListQuery) => {
    const q = compact(query.q ?? '');
    return sorted(
      state.members.filter(
        (one) =>
          (q === '' ||
            compact(one.name).includes(q) ||
            String(one.number) === q ||
            compact(one.email ?? '').includes(q) ||
            compact(one.phone ?? '').includes(q) ||
            compact(one.eircode ?? '').includes(q)) &&
          (query.branch === undefined || (query.branch === 'none' ? one.branch === null : one.branch?.id === query.branch)) &&
          (query.status === undefined || one.status === query.status) &&
          (query.renewal === undefined || one.renewalDue) &&
          (query.hasEmail === undefined || (one.email !== null) === (query.hasEmail === 'true')) &&
          (query.welcomeLetterToPost === undefined || one.welcomeLetterToPost),
      ),
    );
  };
  const detail = (member: WireMember) => ({ member, payments: state.payments[member.number] ?? [] });
  const replaceMember = (changed: WireMember) => {
    state.members = state.members.map((one) => (one.number === changed.number ? changed : one));
    return changed;
  };
  /** Active, and 'paid until' is past or within a month. */
  const renewalDue = (status: WireMember['status'], paidUntil: string | null) => {
    if (status !== 'active') return false;
    if (paidUntil === null) return true;
    return Date.parse(`${paidUntil}T00:00:00Z`) - state.now().getTime() < 31 * 24 * 3_600_000;
  };

  /** The CSV's members and what the preview says about them; null when it has no name column at all. */
  const readImport = (csv: string) => {
    const lines = csv.replace(/^\uFEFF/, '').split(/\r\n?|\n/);
    const headerLine = lines[0] ?? '';
    const separator = headerLine.split(';').length > headerLine.split(',').length ? ';' : ',';
    const headers = cells(headerLine, separator);
    const columns = headers.map((header) => ({ header, field: IMPORT_FIELDS[header.toLowerCase()] ?? null }));
    if (!columns.some((column) => column.field === 'name')) return null;
    const problems: { line: number; message: string }[] = [];
    const members: WireMember[] = [];
    let next = Math.max(100, ...state.members.map((one) => one.number)) + 1;
    const taken = new Set(state.members.map((one) => one.number));
    lines.slice(1).forEach((text, index) => {
      const line = index + 2;
      if (text.trim() === '') return;
      const row: Record<string, string> = {};
      cells(text, separator).forEach((value, column) => {
        const field = columns[column]?.field;
        if (field !== null && field !== undefined) row[field] = value;
      });
      const problem = (message: string) => problems.push({ line, message });
      const name = row.name ?? '';
      if (name === '') problem(IMPORT_MESSAGES.nameMissing);
      const email = row.email ?? '';
      if (email !== '' && !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)) problem(IMPORT_MESSAGES.email);
      const status = (row.status ?? 'active').toLowerCase() || 'active';
      const knownStatus = MEMBER_STATUSES.find((one) => one === status);
      if (knownStatus === undefined) problem(IMPORT_MESSAGES.status);
      for (const [field, header] of [['joinedOn', 'Joined'], ['paidUntil', 'Paid until']] as const) {
        const value = row[field] ?? '';
        if (value !== '' && parseLocalDate(value) === null) problem(IMPORT_MESSAGES.date(header));
      }
      const eircode = row.eircode ?? '';
      if (eircode !== '' && normaliseEircode(eircode) === undefined) problem(IMPORT_MESSAGES.eircode);
      let number = next;
      if ((row.number ?? '') !== '') {
        number = Number(row.number);
        if (!Number.isInteger(number)) problem(IMPORT_MESSAGES.numberShape);
        else if (taken.has(number)) problem(IMPORT_MESSAGES.numberTaken(number));
      } else next += 1;
      taken.add(number);
      const branchName = row.branch ?? '';
      const now = state.now().toISOString();
      // A row with a problem is never stored; its dates are only shown, so a broken one shows as none.
      const paidUntil = parseLocalDate(row.paidUntil ?? '') === null ? null : (row.paidUntil ?? null);
      members.push({
        ...sampleMember(),
        number,
        name,
        address: (row.address ?? '').replaceAll(', ', '\n'),
        eircode: eircode === '' ? null : (normaliseEircode(eircode) ?? null),
        phone: (row.phone ?? '') === '' ? null : (row.phone ?? null),
        email: email === '' ? null : email,
        branch: state.branches.find((one) => one.name.toLowerCase() === branchName.toLowerCase()) ?? null,
        background: '',
        nmbiPin: null,
        status: knownStatus ?? 'active',
        joinedOn: parseLocalDate(row.joinedOn ?? '') === null ? now.slice(0, 10) : (row.joinedOn ?? ''),
        paidUntil,
        renewalDue: renewalDue(knownStatus ?? 'active', paidUntil),
        welcomeLetterToPost: false,
        notes: '',
        createdAt: now,
        updatedAt: now,
      });
    });
    const sample = members.slice(0, 20).map((one) => ({
      number: one.number,
      name: one.name,
      address: one.address,
      eircode: one.eircode,
      email: one.email,
      phone: one.phone,
      status: one.status,
      joinedOn: one.joinedOn,
      paidUntil: one.paidUntil,
      branch: one.branch?.name ?? null,
    }));
    return { members, outcome: { columns, rows: members.length, sample, problems } };
  };

  const decideWithNote = (to: ApplicationState) =>
    forAdministrator(async ({ params, request }: { params: Record<string, unknown>; request: Request }) => {
      const application = find(params.id);
      if (application === undefined) return notFound();
      const body = (await jsonBody(request)) as { note?: unknown };
      const note = typeof body.note === 'string' ? body.note.trim() : '';
      if (note === '') return fail('invalid-input', MEMBERSHIP_MESSAGES.noteRequired, 400, { fieldErrors: { note: MEMBERSHIP_MESSAGES.noteRequired } });
      if (!undecided(application)) return fail('conflict', MEMBERSHIP_MESSAGES.alreadyDecided(STATE_WORDS[application.state]), 409);
      const decided = change({ ...application, state: to, note, decidedAt: state.now().toISOString(), decidedBy: state.signedInAs });
      return HttpResponse.json({ application: decided, member: null });
    });

  return [
    http.get(`*${MEMBERSHIP_PATHS.applications}`, forAdministrator(({ request }) => {
      const query = applicationListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      const wanted = query.success ? query.data.state : undefined;
      const applications = state.applications.filter((one) => wanted === undefined || one.state === wanted);
      return HttpResponse.json({ applications, counts: counts() });
    })),

    http.post(`*${MEMBERSHIP_PATHS.approve}`, forAdministrator(({ params }) => {
      const application = find(params.id);
      if (application === undefined) return notFound();
      if (!undecided(application)) return fail('conflict', MEMBERSHIP_MESSAGES.alreadyDecided(STATE_WORDS[application.state]), 409);
      const now = state.now();
      const number = Math.max(100, ...state.members.map((one) => one.number)) + 1;
      const member: WireMember = {
        number,
        name: application.name,
        address: application.address,
        eircode: application.eircode,
        phone: application.phone,
        email: application.email,
        branch: application.branch,
        background: application.background,
        nmbiPin: application.nmbiPin,
        status: 'active',
        joinedOn: now.toISOString().slice(0, 10),
        paidUntil: null,
        renewalDue: false,
        welcomeLetterToPost: application.email === null,
        notes: '',
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      };
      state.members = [...state.members, member];
      const approved = change({ ...application, state: 'approved', memberNumber: number, decidedAt: now.toISOString(), decidedBy: state.signedInAs });
      return HttpResponse.json({ application: approved, member });
    })),

    http.post(`*${MEMBERSHIP_PATHS.decline}`, decideWithNote('declined')),
    http.post(`*${MEMBERSHIP_PATHS.moreInformation}`, decideWithNote('more-information')),

    http.get(`*${MEMBERSHIP_PATHS.applicationData}`, forAdministrator(({ params }) => {
      const application = find(params.id);
      if (application === undefined) return notFound();
      const member = state.members.find((one) => one.number === application.memberNumber) ?? null;
      return HttpResponse.json({ application, member, payments: member === null ? [] : (state.payments[member.number] ?? []), mail: [] });
    })),

    http.delete(`*${MEMBERSHIP_PATHS.application}`, forAdministrator(({ params }) => {
      const application = find(params.id);
      if (application === undefined) return notFound();
      state.applications = state.applications.filter((one) => one.id !== application.id);
      state.members = state.members.filter((one) => one.number !== application.memberNumber);
      return new HttpResponse(null, { status: 204 });
    })),

    http.get(`*${MEMBERSHIP_PATHS.members}`, forAdministrator(({ request }) => {
      const query = listQuery(request);
      const matching = filtered(query);
      const page = query.page ?? 1;
      const members = matching.slice((page - 1) * MEMBERS_PAGE_SIZE, page * MEMBERS_PAGE_SIZE);
      const of = (status: WireMember['status']) => state.members.filter((one) => one.status === status).length;
      return HttpResponse.json({
        members,
        total: matching.length,
        page,
        pageSize: MEMBERS_PAGE_SIZE,
        counts: { active: of('active'), lapsed: of('lapsed'), resigned: of('resigned'), deceased: of('deceased') },
      });
    })),

    http.get(`*${MEMBERSHIP_PATHS.membersExport}`, forAdministrator(({ request }) => {
      const header = 'Number,Name,Address,Eircode,Phone,E-mail,Branch,Status,Joined,Paid until';
      const lines = filtered(listQuery(request)).map((one) =>
        [String(one.number), one.name, one.address.replaceAll('\n', ', '), one.eircode ?? '', one.phone ?? '', one.email ?? '', one.branch?.name ?? '', one.status, one.joinedOn, one.paidUntil ?? '']
          .map(csvCell)
          .join(','),
      );
      return new HttpResponse([header, ...lines].join('\r\n'), { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    })),

    http.post(`*${MEMBERSHIP_PATHS.membersImport}`, forAdministrator(async ({ request }) => {
      const body = memberImportRequestSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', 'The file could not be read.', 400);
      const result = readImport(body.data.csv);
      if (result === null) return fail('invalid-input', IMPORT_MESSAGES.noNameColumn, 400);
      if (body.data.dryRun) return HttpResponse.json({ ...result.outcome, imported: 0 });
      if (result.outcome.problems.length > 0) return HttpResponse.json({ ...result.outcome, imported: 0 }, { status: 422 });
      state.members = [...state.members, ...result.members];
      return HttpResponse.json({ ...result.outcome, imported: result.members.length });
    })),

    http.get(`*${MEMBERSHIP_PATHS.member}`, forAdministrator(({ params }) => {
      const member = findMember(params.number);
      if (member === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.memberNotFound, 404);
      return HttpResponse.json(detail(member));
    })),

    http.patch(`*${MEMBERSHIP_PATHS.member}`, forAdministrator(async ({ params, request }) => {
      const member = findMember(params.number);
      if (member === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.memberNotFound, 404);
      const body = memberEditSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', 'The changes could not be read.', 400);
      const edit = body.data;
      const errors: Record<string, string> = { ...validateMemberEdit(edit) };
      if (edit.branch !== undefined && edit.branch !== 'none' && !state.branches.some((one) => one.id === edit.branch)) errors.branch = MEMBERSHIP_MESSAGES.branch;
      if (Object.keys(errors).length > 0) return fail('invalid-input', MEMBERSHIP_MESSAGES.checkFields, 400, { fieldErrors: errors });
      const optional = (value: string | undefined, was: string | null) => (value === undefined ? was : value.trim() === '' ? null : value.trim());
      const branch = edit.branch === undefined ? member.branch : edit.branch === 'none' ? null : (state.branches.find((one) => one.id === edit.branch) ?? null);
      const status = edit.status ?? member.status;
      const paidUntil = optional(edit.paidUntil, member.paidUntil);
      const changed: WireMember = {
        ...member,
        name: edit.name?.trim() ?? member.name,
        address: edit.address?.trim() ?? member.address,
        eircode: edit.eircode === undefined ? member.eircode : (normaliseEircode(edit.eircode) ?? null),
        phone: optional(edit.phone, member.phone),
        email: optional(edit.email, member.email),
        branch,
        background: edit.background ?? member.background,
        nmbiPin: optional(edit.nmbiPin, member.nmbiPin),
        status,
        joinedOn: edit.joinedOn?.trim() ?? member.joinedOn,
        paidUntil,
        renewalDue: renewalDue(status, paidUntil),
        notes: edit.notes ?? member.notes,
        updatedAt: state.now().toISOString(),
      };
      return HttpResponse.json(detail(replaceMember(changed)));
    })),

    http.post(`*${MEMBERSHIP_PATHS.memberPayments}`, forAdministrator(async ({ params, request }) => {
      const member = findMember(params.number);
      if (member === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.memberNotFound, 404);
      const body = paymentRequestSchema.safeParse(await jsonBody(request));
      if (!body.success) return fail('invalid-input', 'The payment could not be read.', 400);
      const payment = body.data;
      const errors = validatePayment(payment);
      if (Object.keys(errors).length > 0) return fail('invalid-input', MEMBERSHIP_MESSAGES.checkFields, 400, { fieldErrors: errors as Record<string, string> });
      const method = PAYMENT_METHODS.find((one) => one === payment.method) ?? 'cash';
      const recorded: WirePayment = {
        id: `p${Object.values(state.payments).flat().length + 1}`,
        paidOn: payment.paidOn.trim(),
        amountCents: euroToCents(payment.amount) ?? 0,
        method,
        note: payment.note?.trim() ?? '',
        recordedAt: state.now().toISOString(),
        recordedBy: state.signedInAs ?? '',
      };
      state.payments = { ...state.payments, [member.number]: [recorded, ...(state.payments[member.number] ?? [])] };
      const covers = payment.coversYearEnding?.trim() ?? '';
      const paidUntil = covers !== '' && (member.paidUntil === null || covers > member.paidUntil) ? covers : member.paidUntil;
      const status = member.status === 'lapsed' && covers !== '' ? 'active' : member.status;
      return HttpResponse.json(detail(replaceMember({ ...member, status, paidUntil, renewalDue: renewalDue(status, paidUntil), updatedAt: state.now().toISOString() })), { status: 201 });
    })),

    http.delete(`*${MEMBERSHIP_PATHS.memberPayment}`, forAdministrator(({ params }) => {
      const member = findMember(params.number);
      if (member === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.memberNotFound, 404);
      const payments = state.payments[member.number] ?? [];
      if (!payments.some((one) => one.id === params.paymentId)) return fail('not-found', 'This payment could not be found. It may have been removed already.', 404);
      state.payments = { ...state.payments, [member.number]: payments.filter((one) => one.id !== params.paymentId) };
      return HttpResponse.json(detail(member));
    })),

    http.get(`*${MEMBERSHIP_PATHS.membershipSettings}`, forAdministrator(() => HttpResponse.json(state.membershipSettings))),

    http.put(`*${MEMBERSHIP_PATHS.membershipSettings}`, forAdministrator(async ({ request }) => {
      const raw = (await jsonBody(request)) as Partial<WireMembershipSettings>;
      const errors: Record<string, string> = {};
      const [month, day] = (raw.yearStartsOn ?? '').split('-');
      if (parseLocalDate(`2024-${month ?? ''}-${day ?? ''}`) === null) errors.yearStartsOn = MEMBER_FIELD_MESSAGES.yearStartsOn;
      if (raw.feeCents !== null && (typeof raw.feeCents !== 'number' || raw.feeCents < 0)) errors.feeCents = MEMBER_FIELD_MESSAGES.fee;
      const body = membershipSettingsSchema.safeParse(raw);
      if (Object.keys(errors).length > 0 || !body.success) return fail('invalid-input', MEMBERSHIP_MESSAGES.checkFields, 400, { fieldErrors: errors });
      state.membershipSettings = body.data;
      return HttpResponse.json(body.data);
    })),

    http.get(`*${MEMBERSHIP_PATHS.renewalLetters}`, forAdministrator(() => HttpResponse.json({ members: sorted(state.members.filter((one) => one.email === null && one.renewalDue)) }))),

    http.post(`*${MEMBERSHIP_PATHS.memberLetterPosted}`, forAdministrator(({ params }) => {
      const member = findMember(params.number);
      if (member === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.memberNotFound, 404);
      if (!member.welcomeLetterToPost) return fail('conflict', MEMBERSHIP_MESSAGES.letterNotWaiting, 409);
      const posted = { ...member, welcomeLetterToPost: false };
      state.members = state.members.map((one) => (one.number === member.number ? posted : one));
      return HttpResponse.json(posted);
    })),

    http.get(`*${MEMBERSHIP_PATHS.memberData}`, forAdministrator(({ params }) => {
      const member = findMember(params.number);
      if (member === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.memberNotFound, 404);
      return HttpResponse.json({ application: state.applications.find((one) => one.memberNumber === member.number) ?? null, member, payments: state.payments[member.number] ?? [], mail: [] });
    })),

    http.delete(`*${MEMBERSHIP_PATHS.member}`, forAdministrator(({ params }) => {
      const member = findMember(params.number);
      if (member === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.memberNotFound, 404);
      state.members = state.members.filter((one) => one.number !== member.number);
      return new HttpResponse(null, { status: 204 });
    })),

    http.get(`*${MEMBERSHIP_PATHS.branches}`, () => HttpResponse.json({ branches: state.branches })),

    http.post(`*${MEMBERSHIP_PATHS.branches}`, forAdministrator(async ({ request }) => {
      const body = (await jsonBody(request)) as { name?: unknown };
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (name === '') return fail('invalid-input', MEMBERSHIP_MESSAGES.branchName, 400, { fieldErrors: { name: MEMBERSHIP_MESSAGES.branchName } });
      if (state.branches.some((one) => one.name.toLowerCase() === name.toLowerCase())) return fail('conflict', MEMBERSHIP_MESSAGES.branchNameTaken, 409);
      const added = sampleBranch(`b${state.branches.length + 1}`, name);
      state.branches = [...state.branches, added];
      return HttpResponse.json(added, { status: 201 });
    })),

    http.patch(`*${MEMBERSHIP_PATHS.branch}`, forAdministrator(async ({ params, request }) => {
      const branch = state.branches.find((one) => one.id === params.id);
      if (branch === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.branchNotFound, 404);
      const body = (await jsonBody(request)) as Partial<WireBranch>;
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (name === '') return fail('invalid-input', MEMBERSHIP_MESSAGES.branchName, 400, { fieldErrors: { name: MEMBERSHIP_MESSAGES.branchName } });
      if (state.branches.some((one) => one.id !== branch.id && one.name.toLowerCase() === name.toLowerCase())) return fail('conflict', MEMBERSHIP_MESSAGES.branchNameTaken, 409);
      // The details' rules are the server's (tests/server/branches.test.ts); here they are kept as sent.
      const renamed = { ...branch, ...body, name };
      state.branches = state.branches.map((one) => (one.id === branch.id ? renamed : one));
      return HttpResponse.json(renamed);
    })),

    http.delete(`*${MEMBERSHIP_PATHS.branch}`, forAdministrator(({ params }) => {
      const branch = state.branches.find((one) => one.id === params.id);
      if (branch === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.branchNotFound, 404);
      const applications = state.applications.filter((one) => one.branch?.id === branch.id).length;
      const members = state.members.filter((one) => one.branch?.id === branch.id).length;
      if (applications + members > 0) return fail('conflict', MEMBERSHIP_MESSAGES.branchInUse(applications, members), 409);
      state.branches = state.branches.filter((one) => one.id !== branch.id);
      return new HttpResponse(null, { status: 204 });
    })),
  ];
}
