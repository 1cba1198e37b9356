/**
 * The words of the membership letters (received, notice, welcome, declined, a question), for both
 * backends: the self-hosted server queues them (server/mail/membership-mail.ts), the hosted backend
 * writes them to Firestore for the Trigger Email extension (adapters/firebase/firestore-membership.adapter.ts).
 */
import type { AssociationDetails } from './association-details';
import { ASSOCIATION, page, paragraphsOf, type MessageText } from './mail-text';

/** Where the committee reads applications in the admin area. */
const ADMIN_APPLICATIONS_PAGE = '/admin/applications';

export type MembershipLetterKind = 'application-received' | 'application-notice' | 'welcome' | 'declined' | 'more-information';

/** What a letter to one person says: a subject, a heading, paragraphs, and at most one link as a button. */
export interface LetterContent {
  readonly subject: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly action?: { readonly text: string; readonly href: string };
}

/** What a membership letter is about. */
export interface MembershipLetterFacts {
  readonly kind: MembershipLetterKind;
  readonly origin: string;
  /** The applicant's name. */
  readonly name: string;
  /** The administrator's note with a decline or a question. */
  readonly note: string | null;
  readonly memberNumber: number | undefined;
  readonly branchName: string | undefined;
  readonly details: AssociationDetails;
}

/** Who to contact, in the words the association's details give; nothing when none are set. */
export function contactLines(details: Pick<AssociationDetails, 'phone' | 'email' | 'contactName'>): string[] {
  const ways = [details.phone === '' ? '' : `phone ${details.phone}`, details.email === '' ? '' : `e-mail ${details.email}`].filter((way) => way !== '');
  if (ways.length === 0) return [];
  const who = details.contactName === '' ? 'us' : details.contactName;
  return [`If you have a question, please contact ${who}: ${ways.join(' or ')}.`];
}

export function membershipLetter(facts: MembershipLetterFacts): LetterContent {
  const { details } = facts;
  const greeting = `Dear ${facts.name},`;
  switch (facts.kind) {
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
        paragraphs: [`A new membership application arrived on the website from ${facts.name}.`, 'Please read it and decide in the admin area.'],
        action: { text: 'Open the applications', href: `${facts.origin}${ADMIN_APPLICATIONS_PAGE}` },
      };
    case 'welcome':
      return {
        subject: `Welcome to the ${ASSOCIATION}`,
        heading: 'Welcome, and thank you for joining',
        paragraphs: [
          greeting,
          `Your application was approved, and you are now a member of the ${ASSOCIATION}.`,
          `Your membership number is ${facts.memberNumber ?? ''}. Please keep it for when you contact us.`,
          ...(facts.branchName === undefined ? ['We will let you know which branch is nearest to you.'] : [`Your branch is ${facts.branchName}.`]),
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
          ...paragraphsOf(facts.note ?? ''),
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
          ...paragraphsOf(facts.note ?? ''),
          // A reply reaches the association only where its own address is set (the mail's reply-to).
          details.email === '' ? 'Please contact us with the answer.' : 'Please reply to this e-mail with the answer.',
          ...contactLines(details),
        ],
      };
  }
}

/** A letter's subject, HTML page and plain-text part every mail program can show. */
export function letterText(content: LetterContent): MessageText {
  const action = content.action === undefined ? undefined : { ...content.action };
  const text = [
    ASSOCIATION,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action === undefined ? [] : [`${action.text}: ${action.href}`, '']),
  ].join('\n');
  return { subject: content.subject, text, html: page(content.subject, content.heading, content.paragraphs, action, []) };
}
