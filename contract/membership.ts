import { z } from './zod';
import { IRISH_COUNTIES } from '../src-core/domain/branches';
import { isoDateTime, queuedMailSchema } from './wire';

/**
 * Joining online: the application form's request, the admin area's applications, members and
 * branches. Paths, wire shapes and the texts answered, shared by the server and its clients.
 */
export const MEMBERSHIP_PATHS = {
  /** Public POST (JSON); administrators GET the list (`?state=`). */
  applications: '/api/applications',
  /** GET one (recorded), DELETE erases it and its mail's addresses. */
  application: '/api/applications/:id',
  approve: '/api/applications/:id/approve',
  decline: '/api/applications/:id/decline',
  moreInformation: '/api/applications/:id/more-information',
  /** Everything stored about one applicant (an access request). */
  applicationData: '/api/applications/:id/data',
  members: '/api/members',
  /** GET one (recorded), DELETE erases the member and their mail's addresses. */
  member: '/api/members/:number',
  memberData: '/api/members/:number/data',
  /** Marks the welcome letter of a member without e-mail as posted. */
  memberLetterPosted: '/api/members/:number/welcome-letter-posted',
  /** POST records a payment made by hand (it may move 'paid until'). */
  memberPayments: '/api/members/:number/payments',
  /** DELETE removes a payment recorded by mistake. */
  memberPayment: '/api/members/:number/payments/:paymentId',
  /** GET: the list as CSV, with the same filters as the list (recorded in the audit trail). */
  membersExport: '/api/members/export',
  /** POST: the CSV of existing members; `dryRun` gives the preview, otherwise all rows or none. */
  membersImport: '/api/members/import',
  /** GET and PUT: when the membership year starts, the fee, how to pay. */
  membershipSettings: '/api/membership-settings',
  /** GET: members without e-mail whose renewal is due, to post letters to (also as `?format=csv`). */
  renewalLetters: '/api/renewal-letters',
  /** Public GET; administrators POST a new one. */
  branches: '/api/branches',
  /** Administrators PATCH (rename, or change its details) and DELETE. */
  branch: '/api/branches/:id',
} as const;

// The pages, the consent words and the texts live in the core, without zod, so the join page's
// code carries none of the wire schemas (src-core/domain/joining.ts).
export { APPLICATION_CONSENT_WORDING, DECLINED_KEPT_DAYS, JOIN_PAGES, MEMBERSHIP_MESSAGES } from '../src-core/domain/joining';

export const APPLICATION_STATES = ['new', 'more-information', 'approved', 'declined'] as const;
export const MEMBER_STATUSES = ['active', 'lapsed', 'resigned', 'deceased'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const PAYMENT_METHODS = ['cash', 'cheque', 'bank-transfer', 'standing-order', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** The form's fields as sent. Values are checked by the server's rules, so each field error can say how to fix it. */
export const applicationRequestSchema = z.object({
  name: z.string().max(200),
  address: z.string().max(1_000),
  eircode: z.string().max(20).optional(),
  phone: z.string().max(40).optional(),
  email: z.string().max(1_000).optional(),
  background: z.string().max(5_000),
  nmbiPin: z.string().max(20).optional(),
  /** A branch's id, or 'not-sure'. */
  branch: z.string().max(30),
  /** Ticked: the news by e-mail too, confirmed by the subscription's own e-mail. */
  newsletter: z.boolean().optional(),
  consent: z.boolean(),
  /** A hidden field people leave empty. */
  website: z.string().max(10_000).optional(),
});
export type ApplicationRequest = z.infer<typeof applicationRequestSchema>;

export const idParamsSchema = z.object({ id: z.string().min(1).max(30) });
export const numberParamsSchema = z.object({ number: z.string().min(1).max(30) });

export const applicationSchema = z.object({
  id: z.string(),
  state: z.enum(APPLICATION_STATES),
  name: z.string(),
  address: z.string(),
  eircode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  background: z.string(),
  nmbiPin: z.string().nullable(),
  /** Null for 'not sure'. */
  branch: z.object({ id: z.string(), name: z.string() }).nullable(),
  newsletter: z.boolean(),
  consent: z.object({ at: isoDateTime, wording: z.string() }),
  receivedAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  decidedBy: z.string().nullable(),
  /** The note sent with a decline or a request for more information. */
  note: z.string().nullable(),
  /** Set once approved. */
  memberNumber: z.number().int().nullable(),
});
export type WireApplication = z.infer<typeof applicationSchema>;

export const applicationListQuerySchema = z.object({ state: z.enum(APPLICATION_STATES).optional() });

export const applicationListSchema = z.object({
  applications: z.array(applicationSchema),
  counts: z.object({ new: z.number().int(), moreInformation: z.number().int(), approved: z.number().int(), declined: z.number().int() }),
});

export const decisionNoteSchema = z.object({ note: z.string().max(5_000) });

export const memberSchema = z.object({
  number: z.number().int(),
  name: z.string(),
  address: z.string(),
  eircode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  branch: z.object({ id: z.string(), name: z.string() }).nullable(),
  background: z.string(),
  nmbiPin: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  joinedOn: z.iso.date(),
  /** The last day of the last membership year paid for. */
  paidUntil: z.iso.date().nullable(),
  /** Active, and 'paid until' is past or within a month (src-core/domain/membership-year.ts). */
  renewalDue: z.boolean(),
  /** A member without e-mail is welcomed by post; true until the letter is marked posted. */
  welcomeLetterToPost: z.boolean(),
  /** Free text kept by the volunteers ('prefers phone calls'); never sent to the member. */
  notes: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type WireMember = z.infer<typeof memberSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  /** The day the money came in. */
  paidOn: z.iso.date(),
  /** In cent, so sums never round. */
  amountCents: z.number().int().min(0),
  method: z.enum(PAYMENT_METHODS),
  note: z.string(),
  recordedAt: isoDateTime,
  recordedBy: z.string(),
});
export type WirePayment = z.infer<typeof paymentSchema>;

/** One member with their payments, newest first: GET, PATCH and the payment routes answer this. */
export const memberDetailSchema = z.object({ member: memberSchema, payments: z.array(paymentSchema) });

/**
 * The list's filters, shared by the list, the CSV export and the print view. `q` matches the
 * name, membership number, e-mail, phone or Eircode; `renewal=due` is `renewalDue` above.
 */
export const memberListQuerySchema = z.object({
  q: z.string().max(200).optional(),
  /** A branch's id, or 'none' for members without one. */
  branch: z.string().max(30).optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  renewal: z.enum(['due']).optional(),
  /** 'false': only members without an e-mail address (letters by post). */
  hasEmail: z.enum(['true', 'false']).optional(),
  welcomeLetterToPost: z.enum(['true']).optional(),
  /** Ordered by name, then number; 50 to a page. */
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;
export const MEMBERS_PAGE_SIZE = 50;
export const memberListSchema = z.object({
  members: z.array(memberSchema),
  /** Members matching the filters, over every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every member by status, whatever the filters. */
  counts: z.object({ active: z.number().int(), lapsed: z.number().int(), resigned: z.number().int(), deceased: z.number().int() }),
});

/**
 * An edit: only the fields sent change. Values are checked by the server's rules (the same as
 * the join form's for name, address, Eircode, phone and e-mail), each error next to its field.
 * Setting 'deceased' stops every e-mail and reminder to the member at once.
 */
export const memberEditSchema = z.object({
  name: z.string().max(200).optional(),
  address: z.string().max(1_000).optional(),
  eircode: z.string().max(20).optional(),
  phone: z.string().max(40).optional(),
  email: z.string().max(1_000).optional(),
  /** A branch's id, or 'none'. */
  branch: z.string().max(30).optional(),
  background: z.string().max(5_000).optional(),
  nmbiPin: z.string().max(20).optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  joinedOn: z.string().max(20).optional(),
  /** A date, or '' for none. */
  paidUntil: z.string().max(20).optional(),
  notes: z.string().max(5_000).optional(),
});
export type MemberEdit = z.infer<typeof memberEditSchema>;

/** A payment as typed: the amount in euro ('25' or '25.00'), dates as YYYY-MM-DD. */
export const paymentRequestSchema = z.object({
  paidOn: z.string().max(20),
  amount: z.string().max(20),
  method: z.string().max(30),
  note: z.string().max(1_000).optional(),
  /** Moves the member's 'paid until' to the end of the membership year this payment covers. */
  coversYearEnding: z.string().max(20).optional(),
});
export const paymentParamsSchema = z.object({ number: z.string().min(1).max(30), paymentId: z.string().min(1).max(30) });

/** The membership year and how renewals are asked for. */
export const membershipSettingsSchema = z.object({
  /** The day the membership year starts, as MM-DD ('01-01' for 1 January). */
  yearStartsOn: z.string().regex(/^\d{2}-\d{2}$/),
  /** The yearly fee in cent, shown in reminders; null when not set. */
  feeCents: z.number().int().min(0).nullable(),
  /** How to pay, in the association's words; shown in reminders and on the join pages. */
  howToPay: z.string().max(2_000),
  /** Whether the reminder e-mails go out (a month before the year ends and once after). */
  remindersOn: z.boolean(),
});
export type WireMembershipSettings = z.infer<typeof membershipSettingsSchema>;

/** The import's request: the file's text (UTF-8, comma or semicolon separated, a header row). */
export const memberImportRequestSchema = z.object({ csv: z.string().max(5_000_000), dryRun: z.boolean() });

/**
 * One row the import cannot read: its line in the file (the header is line 1) and why, in words.
 * @internal Outside this file only tests use it.
 */
export const importProblemSchema = z.object({ line: z.number().int(), message: z.string() });

/**
 * The preview (and, without `dryRun`, the outcome): how each column was understood, the first
 * rows as they will be stored, and every problem. With any problem nothing is imported (422).
 */
export const memberImportResultSchema = z.object({
  /** Each header as found, and the field it fills, or null when it is ignored. */
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  rows: z.number().int(),
  /** Up to 20 rows as they will be stored. */
  sample: z.array(memberSchema.pick({ number: true, name: true, address: true, eircode: true, email: true, phone: true, status: true, joinedOn: true, paidUntil: true }).extend({ branch: z.string().nullable() })),
  problems: z.array(importProblemSchema),
  /** 0 for a preview or a refusal. */
  imported: z.number().int(),
});

/** A decision's outcome: the application as it is now, and the new member when approved. */
export const decisionSchema = z.object({ application: applicationSchema, member: memberSchema.nullable() });

/** Everything stored about one applicant or member (an access request), their queued mail too. */
export const personDataSchema = z.object({
  application: applicationSchema.nullable(),
  member: memberSchema.nullable(),
  payments: z.array(paymentSchema),
  mail: z.array(queuedMailSchema),
});

/** A branch with everything its page shows (src-core/domain/branches.ts). */
export const branchSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  counties: z.array(z.enum(IRISH_COUNTIES)).readonly(),
  meets: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  description: z.string(),
  active: z.boolean(),
});
export type WireBranch = z.infer<typeof branchSchema>;
export const branchListSchema = z.object({ branches: z.array(branchSchema) });
/** `GET /api/branches?county=Cork`: only the active branches covering that county. */
export const branchListQuerySchema = z.object({ county: z.string().max(100).optional() });
/** Adding a branch: its name; the rest is filled in by changing it. */
export const branchNameSchema = z.object({ name: z.string().max(200) });
/**
 * Changing a branch: the fields sent replace the stored ones, those left out are kept (a rename
 * sends the name only). The shape only: the rules are the core's checkBranch, applied by the server.
 */
export const branchChangeSchema = z.object({
  name: z.string().max(1_000),
  slug: z.string().max(1_000).optional(),
  counties: z.array(z.string().max(100)).max(100).optional(),
  meets: z.string().max(5_000).optional(),
  contactName: z.string().max(1_000).optional(),
  contactPhone: z.string().max(1_000).optional(),
  contactEmail: z.string().max(1_000).optional(),
  description: z.string().max(10_000).optional(),
  active: z.boolean().optional(),
});

/**
 * The address of one application in the admin API, or of one of its actions.
 */
export function applicationPath(id: string, action?: 'approve' | 'decline' | 'more-information' | 'data'): string {
  const base = MEMBERSHIP_PATHS.application.replace(':id', encodeURIComponent(id));
  return action === undefined ? base : `${base}/${action}`;
}

/** The address of one member in the admin API, or of one of their actions. */
export function memberPath(number: number, action?: 'data' | 'welcome-letter-posted' | 'payments'): string {
  const base = MEMBERSHIP_PATHS.member.replace(':number', String(number));
  return action === undefined ? base : `${base}/${action}`;
}

/** The address of one branch in the admin API. */
export function branchPath(id: string): string {
  return MEMBERSHIP_PATHS.branch.replace(':id', encodeURIComponent(id));
}

/** The address of one recorded payment. */
export function paymentPath(number: number, paymentId: string): string {
  return `${memberPath(number, 'payments')}/${encodeURIComponent(paymentId)}`;
}
