import type Mail from 'nodemailer/lib/mailer';
import type { AssociationDetails } from '../../src-core/domain/association-details';
import type { ApplicationRow } from '../repositories/applications.repository';
import type { MembershipMailKind } from '../repositories/mail-queue.repository';
import type { MemberRow } from '../repositories/members.repository';
import { contactLines, membershipLetter, type LetterContent } from '../../src-core/domain/membership-mail-text';
import { letterMail, type LetterEnvelope } from './member-mail';

export interface MembershipMailContext extends LetterEnvelope {
  readonly kind: MembershipMailKind;
  readonly origin: string;
  readonly application: ApplicationRow;
  /** The administrator's note with a decline or a question, as it was when the mail was queued. */
  readonly note: string | null;
  readonly member: MemberRow | undefined;
  readonly branchName: string | undefined;
  readonly details: AssociationDetails;
}

export { contactLines };

function contentOf(context: MembershipMailContext): LetterContent {
  const { application } = context;
  return membershipLetter({
    kind: context.kind,
    origin: context.origin,
    name: application.name,
    note: context.note,
    memberNumber: context.member?.number,
    branchName: context.branchName,
    details: context.details,
  });
}

/** One membership mail. */
export function membershipMail(context: MembershipMailContext): Mail.Options {
  return letterMail(context, contentOf(context));
}
