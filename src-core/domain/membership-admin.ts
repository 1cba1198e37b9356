/**
 * Joining online, as the admin area sees it: the applications by state, the members made from
 * them, and the branches they belong to. Every person here is personal data (docs/behaviour.md).
 */

export type ApplicationState = 'new' | 'more-information' | 'approved' | 'declined';

export interface BranchRef {
  readonly id: string;
  readonly name: string;
}

export interface Application {
  readonly id: string;
  readonly state: ApplicationState;
  readonly name: string;
  readonly address: string;
  readonly eircode: string | null;
  readonly phone: string | null;
  readonly email: string | null;
  readonly background: string;
  readonly nmbiPin: string | null;
  /** Null when the applicant was not sure. */
  readonly branch: BranchRef | null;
  readonly newsletter: boolean;
  readonly consent: { readonly at: string; readonly wording: string };
  readonly receivedAt: string;
  readonly decidedAt: string | null;
  readonly decidedBy: string | null;
  /** The note sent with a decline or a request for more information. */
  readonly note: string | null;
  readonly memberNumber: number | null;
  /** The link that downloads everything stored about the applicant (a JSON file): an access request. */
  readonly dataHref: string;
}

export interface ApplicationCounts {
  readonly new: number;
  readonly moreInformation: number;
  readonly approved: number;
  readonly declined: number;
}

export interface ApplicationList {
  readonly applications: readonly Application[];
  readonly counts: ApplicationCounts;
}

export interface Member {
  readonly number: number;
  readonly name: string;
  readonly address: string;
  readonly eircode: string | null;
  readonly phone: string | null;
  readonly email: string | null;
  readonly branch: BranchRef | null;
  readonly background: string;
  readonly nmbiPin: string | null;
  readonly joinedOn: string;
  readonly paidUntil: string | null;
  /** A member without e-mail is welcomed by post: true until the letter is marked posted. */
  readonly welcomeLetterToPost: boolean;
  /** The link that downloads everything stored about the member (a JSON file). */
  readonly dataHref: string;
}

/** What one approval made. */
export interface Approval {
  readonly application: Application;
  readonly member: Member;
}

/** The states shown as lists of their own, each with its heading and its count's name. */
export const DECIDED_LISTS = [
  { state: 'more-information', title: 'Waiting for more information', count: 'moreInformation' },
  { state: 'approved', title: 'Approved', count: 'approved' },
  { state: 'declined', title: 'Declined', count: 'declined' },
] as const satisfies readonly { state: ApplicationState; title: string; count: keyof ApplicationCounts }[];

/** Days a declined application is kept after the decision (contract/membership.ts says the same to the server). */
const DECLINED_KEPT_DAYS_SHOWN = 90;

/** What an approval means for the new member's welcome, in words for the volunteer. */
export function approvalText({ member }: Approval): string {
  const welcome =
    member.email === null
      ? `They gave no e-mail address, so please post them a welcome letter: they are listed under 'Welcome letters to post'.`
      : `A welcome e-mail is on its way to ${member.email}.`;
  return `${member.name} is now a member. Their membership number is ${member.number}. ${welcome}`;
}

/** What declining tells the administrator before they decide. */
export function declineText(application: Pick<Application, 'email'>): string {
  const mail =
    application.email === null
      ? 'They gave no e-mail address, so nothing is sent: let them know by post or phone.'
      : 'They get a kind e-mail saying so, with your note.';
  return `${mail} The application is deleted ${DECLINED_KEPT_DAYS_SHOWN} days after the decision.`;
}

/** What asking for more information sends, before the administrator asks. */
export function moreInformationText(application: Pick<Application, 'email'>): string {
  return application.email === null
    ? 'They gave no e-mail address, so ask them by post or phone as well.'
    : 'They get your note by e-mail, asking them for the answer.';
}
