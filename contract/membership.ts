import { z } from 'zod';

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
  /** Public GET; administrators POST a new one. */
  branches: '/api/branches',
  /** Administrators PATCH (rename) and DELETE. */
  branch: '/api/branches/:id',
} as const;

// The pages, the consent words and the texts live in the core, without zod, so the join page's
// code carries none of the wire schemas (src-core/domain/joining.ts).
export { APPLICATION_CONSENT_WORDING, DECLINED_KEPT_DAYS, JOIN_PAGES, MEMBERSHIP_MESSAGES } from '../src-core/domain/joining';

export const APPLICATION_STATES = ['new', 'more-information', 'approved', 'declined'] as const;
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

const isoDateTime = z.iso.datetime({ offset: true });

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
  status: z.enum(['active']),
  joinedOn: z.iso.date(),
  paidUntil: z.iso.date().nullable(),
  /** A member without e-mail is welcomed by post; true until the letter is marked posted. */
  welcomeLetterToPost: z.boolean(),
  createdAt: isoDateTime,
});
export type WireMember = z.infer<typeof memberSchema>;

export const memberListQuerySchema = z.object({ welcomeLetterToPost: z.enum(['true']).optional() });
export const memberListSchema = z.object({ members: z.array(memberSchema) });

/** A decision's outcome: the application as it is now, and the new member when approved. */
export const decisionSchema = z.object({ application: applicationSchema, member: memberSchema.nullable() });

const queuedMailSchema = z.object({
  kind: z.string(),
  state: z.string(),
  attempts: z.number().int(),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  lastError: z.string().nullable(),
});

/** Everything stored about one applicant or member (an access request), their queued mail too. */
export const personDataSchema = z.object({
  application: applicationSchema.nullable(),
  member: memberSchema.nullable(),
  mail: z.array(queuedMailSchema),
});

export const branchSchema = z.object({ id: z.string(), name: z.string() });
export type WireBranch = z.infer<typeof branchSchema>;
export const branchListSchema = z.object({ branches: z.array(branchSchema) });
export const branchNameSchema = z.object({ name: z.string().max(200) });

/**
 * The address of one application in the admin API, or of one of its actions.
 */
export function applicationPath(id: string, action?: 'approve' | 'decline' | 'more-information' | 'data'): string {
  const base = MEMBERSHIP_PATHS.application.replace(':id', encodeURIComponent(id));
  return action === undefined ? base : `${base}/${action}`;
}

/** The address of one member in the admin API, or of one of their actions. */
export function memberPath(number: number, action?: 'data' | 'welcome-letter-posted'): string {
  const base = MEMBERSHIP_PATHS.member.replace(':number', String(number));
  return action === undefined ? base : `${base}/${action}`;
}

/** The address of one branch in the admin API. */
export function branchPath(id: string): string {
  return MEMBERSHIP_PATHS.branch.replace(':id', encodeURIComponent(id));
}
