import type Mail from 'nodemailer/lib/mailer';
import type { AssociationDetails } from '../../src-core/domain/association-details';
import type { ApplicationRow } from '../repositories/applications.repository';
import type { MembershipMailKind } from '../repositories/mail-queue.repository';
import type { MemberRow } from '../repositories/members.repository';
import { ASSOCIATION, letterMail, paragraphsOf, type LetterContent } from './member-mail';

/** Where the committee reads applications in the admin area. */
const ADMIN_APPLICATIONS_PAGE = '/admin/applications';

export interface MembershipMailContext {
  readonly kind: MembershipMailKind;
  readonly to: string;
  readonly from: string;
  readonly origin: string;
  readonly messageId: string;
  readonly application: ApplicationRow;
  readonly member: MemberRow | undefined;
  readonly branchName: string | undefined;
  readonly details: AssociationDetails;
}

/** Who to contact, in the words the association's details give; nothing when none are set. */
export function contactLines(details: AssociationDetails): string[] {
  const ways = [details.phone === '' ? '' : `phone ${details.phone}`, details.email === '' ? '' : `e-mail ${details.email}`].filter((way) => way !== '');
  if (ways.length === 0) return [];
  const who = details.contactName === '' ? 'us' : details.contactName;
  return [`If you have a question, please contact ${who}: ${ways.join(' or ')}.`];
}

function contentOf(context: MembershipMailContext): LetterContent {
  const { application, details } = context;
  const greeting = `Dear ${application.name},`;
  switch (context.kind) {
    case 'application-received':
      return {
        subject: 'We have your application to join',
        heading: 'Thank you for applying to join',
        paragraphs: [
          greeting,
          `Thank you for applying to join the ${ASSOCIATION}. We have your application.`,
          'What happens next: a member of our committee will read it and be in touch with you by post, phone or e-mail.',
          ...contactLines(details),
          'If you did not apply, please tell us, and we will delete the application.',
        ],
      };
    case 'application-notice':
      return {
        subject: 'New membership application',
        heading: 'A new membership application arrived',
        // Only the name: the application itself stays in the admin area, behind sign-in.
        paragraphs: [`A new membership application arrived on the website from ${application.name}.`, 'Please read it and decide in the admin area.'],
        action: { text: 'Open the applications', href: `${context.origin}${ADMIN_APPLICATIONS_PAGE}` },
      };
    case 'welcome':
      return {
        subject: `Welcome to the ${ASSOCIATION}`,
        heading: 'Welcome, and thank you for joining',
        paragraphs: [
          greeting,
          `Your application was approved, and you are now a member of the ${ASSOCIATION}.`,
          `Your membership number is ${context.member?.number ?? ''}. Please keep it for when you contact us.`,
          ...(context.branchName === undefined ? ['We will let you know which branch is nearest to you.'] : [`Your branch is ${context.branchName}.`]),
          ...contactLines(details),
        ],
      };
    case 'declined':
      return {
        subject: 'Your application to join',
        heading: 'About your application',
        paragraphs: [
          greeting,
          'Thank you for your interest in joining us. We are sorry, but we cannot accept your application at this time.',
          ...paragraphsOf(application.note ?? ''),
          ...contactLines(details),
        ],
      };
    case 'more-information':
      return {
        subject: 'Your application to join: a question',
        heading: 'We need a little more information',
        paragraphs: [
          greeting,
          'Thank you for applying to join. Before we can decide, we need a little more information from you:',
          ...paragraphsOf(application.note ?? ''),
          // A reply reaches the association only where its own address is set (replyTo below).
          details.email === '' ? 'Please contact us with the answer.' : 'Please reply to this e-mail with the answer.',
          ...contactLines(details),
        ],
      };
  }
}

/** One membership mail. */
export function membershipMail(context: MembershipMailContext): Mail.Options {
  return letterMail(context, contentOf(context));
}
