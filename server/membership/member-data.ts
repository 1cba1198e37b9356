import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { MemberListQuery, personDataSchema } from '../../contract/membership';
import { dayIn, renewalDueBefore } from '../../src-core/domain/membership-year';
import type { ApplicationRow } from '../repositories/applications.repository';
import type { MemberFilters, MemberRow } from '../repositories/members.repository';
import { applicationToWire, memberToWire, paymentToWire } from './membership-wire';

/** Today in the association's zone (YYYY-MM-DD): the day renewals are reckoned from. */
export function todayOf(app: FastifyInstance): string {
  return dayIn(app.config.timeZone, app.clock());
}

/** Renewal is due today for every active member paid until this day or earlier. */
export function renewalDueByOf(app: FastifyInstance): string {
  return renewalDueBefore(todayOf(app));
}

/** The list's query as the repository's filters, shared by the list and its export; `dueBy` from renewalDueByOf. */
export function filtersOf(query: MemberListQuery, dueBy: string): MemberFilters {
  const { page: _page, renewal, ...rest } = query;
  return renewal === 'due' ? { ...rest, renewalDueBy: dueBy } : rest;
}

/** One member with their payments, newest first: what GET, PATCH and the payment routes answer. */
export function memberDetail(app: FastifyInstance, row: MemberRow) {
  return { member: memberToWire(row, app.branches, renewalDueByOf(app)), payments: app.members.payments(row.number).map(paymentToWire) };
}

/**
 * Everything stored about one person (an access request): the application, the member made from
 * it, their payments, and every mail queued about them, membership and renewal mail alike.
 */
export function personData(app: FastifyInstance, application: ApplicationRow | undefined, member: MemberRow | undefined): z.infer<typeof personDataSchema> {
  const applicationMail = application === undefined ? [] : app.mailQueue.forApplication(application.id);
  const memberMail = member === undefined ? [] : app.mailQueue.forMember(member.number);
  return {
    application: application === undefined ? null : applicationToWire(application, app.branches),
    member: member === undefined ? null : memberToWire(member, app.branches, renewalDueByOf(app)),
    payments: member === undefined ? [] : app.members.payments(member.number).map(paymentToWire),
    mail: [...applicationMail, ...memberMail].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
  };
}

/**
 * Erases one member in the caller's transaction: their payments and reminders go with the row,
 * the address of every mail about them is blanked, and the application they came from goes too
 * (or only the application, for an applicant who never became a member).
 */
export function eraseMembershipRows(app: FastifyInstance, application: ApplicationRow | undefined, member: MemberRow | undefined): void {
  if (member !== undefined) {
    app.mailQueue.forgetMember(member.number);
    app.members.remove(member.number);
  }
  const applicationId = application?.id ?? member?.application_id ?? null;
  if (applicationId !== null) app.applications.erase(applicationId);
}

/**
 * An erasure request, in the caller's transaction: everything eraseMembershipRows erases, and
 * the person's place on the news list under any address they gave (past mailings keep no trace).
 */
export function erasePersonRows(app: FastifyInstance, application: ApplicationRow | undefined, member: MemberRow | undefined): void {
  eraseMembershipRows(app, application, member);
  for (const key of new Set([application?.email_key, member?.email_key])) if (typeof key === 'string') app.subscribers.eraseAddress(key);
}
