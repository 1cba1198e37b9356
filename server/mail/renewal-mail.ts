import type Mail from 'nodemailer/lib/mailer';
import type { WireMembershipSettings } from '../../contract/membership';
import type { AssociationDetails } from '../../src-core/domain/association-details';
import { dayInWords, euroOf } from '../../src-core/domain/membership-year';
import type { RenewalMailKind } from '../repositories/mail-queue.repository';
import type { MemberRow } from '../repositories/members.repository';
import { ASSOCIATION, letterMail, paragraphsOf, type LetterContent, type LetterEnvelope } from './member-mail';
import { contactLines } from './membership-mail';

export interface RenewalMailContext extends LetterEnvelope {
  readonly kind: RenewalMailKind;
  readonly member: MemberRow;
  /** The last day of the membership year the reminder is about (YYYY-MM-DD). */
  readonly yearEnd: string;
  readonly settings: WireMembershipSettings;
  readonly details: AssociationDetails;
}

/** The fee and how to pay, in the association's words from the membership settings. */
function howToRenew(settings: WireMembershipSettings): string[] {
  const fee = settings.feeCents === null ? [] : [`The yearly membership fee is ${euroOf(settings.feeCents)}.`];
  const how = paragraphsOf(settings.howToPay);
  return [...fee, ...(how.length === 0 ? ['Please contact us to renew, and we will tell you how to pay.'] : how)];
}

function contentOf(context: RenewalMailContext): LetterContent {
  const { member, settings, details } = context;
  const end = dayInWords(context.yearEnd);
  const common = [`Your membership number is ${member.number}.`, ...howToRenew(settings), ...contactLines(details)];
  if (context.kind === 'renewal-before') {
    return {
      subject: 'Time to renew your membership',
      heading: `Your membership year ends on ${end}`,
      paragraphs: [
        `Dear ${member.name},`,
        `Thank you for being a member of the ${ASSOCIATION}. Your membership year ends on ${end}, and we would be glad to have you with us for the year to come.`,
        ...common,
        'If you have renewed already, thank you: please ignore this e-mail.',
      ],
    };
  }
  return {
    subject: 'Your membership is due for renewal',
    heading: `Your membership year ended on ${end}`,
    paragraphs: [
      `Dear ${member.name},`,
      `Your membership year of the ${ASSOCIATION} ended on ${end}, and we have not had your renewal yet. We would be sorry to lose you.`,
      ...common,
      'If you have renewed in the meantime, thank you: please ignore this e-mail. This is the last reminder we send about this year.',
    ],
  };
}

/** One renewal reminder, made when it is sent from what is stored then. */
export function renewalMail(context: RenewalMailContext): Mail.Options {
  return letterMail(context, contentOf(context));
}
