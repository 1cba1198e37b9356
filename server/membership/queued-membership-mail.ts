import type { FastifyInstance } from 'fastify';
import type Mail from 'nodemailer/lib/mailer';
import { membershipMail } from '../mail/membership-mail';
import { renewalMail } from '../mail/renewal-mail';
import {
  MEMBERSHIP_MAIL_KINDS,
  RENEWAL_MAIL_KINDS,
  type ClaimedMail,
  type MembershipMailKind,
  type RenewalMailKind,
} from '../repositories/mail-queue.repository';

export function isMembershipMail(mail: ClaimedMail): mail is ClaimedMail & { readonly kind: MembershipMailKind } {
  return (MEMBERSHIP_MAIL_KINDS as readonly string[]).includes(mail.kind);
}

/**
 * The message for a queued membership mail, made when it is sent from what is stored then, but
 * for the note of a decline or a question: that was stored with the mail when it was queued
 * (server/membership/decisions.ts), since a later decision replaces the application's note. Mail
 * queued before the note was stored with it has none, and takes the application's.
 * Undefined when its application has gone (erased, or deleted after a decline): it is not sent.
 */
export function queuedMembershipMail(
  app: FastifyInstance,
  mail: ClaimedMail & { readonly kind: MembershipMailKind },
  from: string,
  origin: string,
  messageId: string,
): Mail.Options | undefined {
  const application = mail.applicationId === undefined ? undefined : app.applications.getById(mail.applicationId);
  if (application === undefined) return undefined;
  const member = app.members.byApplication(application.id);
  const branchId = member?.branch_id ?? application.branch_id;
  const branchName = branchId === null ? undefined : app.branches.get(String(branchId))?.name;
  return membershipMail({
    kind: mail.kind,
    to: mail.address,
    from,
    origin,
    messageId,
    application,
    note: mail.payload ?? application.note,
    member,
    branchName,
    details: app.associationDetails.get(),
  });
}

export function isRenewalMail(mail: ClaimedMail): mail is ClaimedMail & { readonly kind: RenewalMailKind } {
  return (RENEWAL_MAIL_KINDS as readonly string[]).includes(mail.kind);
}

/**
 * A queued renewal reminder, made when it is sent. Undefined when it must not go: the member was
 * erased, is no longer active (a member who died gets nothing), or has paid past the year since.
 */
export function queuedRenewalMail(app: FastifyInstance, mail: ClaimedMail & { readonly kind: RenewalMailKind }, from: string, messageId: string): Mail.Options | undefined {
  const member = mail.memberNumber === undefined ? undefined : app.members.getByNumber(mail.memberNumber);
  const yearEnd = mail.payload;
  if (member === undefined || yearEnd === undefined || member.status !== 'active') return undefined;
  if (member.paid_until !== null && member.paid_until > yearEnd) return undefined;
  return renewalMail({
    kind: mail.kind,
    to: mail.address,
    from,
    messageId,
    member,
    yearEnd,
    settings: app.membershipSettings.get(),
    details: app.associationDetails.get(),
  });
}
