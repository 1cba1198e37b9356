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

export type MemberStatus = 'active' | 'lapsed' | 'resigned' | 'deceased';
export type PaymentMethod = 'cash' | 'cheque' | 'bank-transfer' | 'standing-order' | 'card';

/** A member: the person as their application gave them, then the membership's own facts. */
export interface Member extends Pick<Application, 'name' | 'address' | 'eircode' | 'phone' | 'email' | 'branch' | 'background' | 'nmbiPin'> {
  readonly number: number;
  readonly status: MemberStatus;
  readonly joinedOn: string;
  /** The last day of the last membership year paid for (YYYY-MM-DD). */
  readonly paidUntil: string | null;
  /** Active, and 'paid until' is past or within a month. */
  readonly renewalDue: boolean;
  /** A member without e-mail is welcomed by post: true until the letter is marked posted. */
  readonly welcomeLetterToPost: boolean;
  /** The volunteers' own notes about the member; never sent to them. */
  readonly notes: string;
  readonly updatedAt: string;
  /** The link that downloads everything stored about the member (a JSON file). */
  readonly dataHref: string;
}

export interface Payment {
  readonly id: string;
  readonly paidOn: string;
  readonly amountCents: number;
  readonly method: PaymentMethod;
  readonly note: string;
  readonly recordedAt: string;
  readonly recordedBy: string;
}

/** One member with their payments, newest first. */
export interface MemberDetail {
  readonly member: Member;
  readonly payments: readonly Payment[];
}

/** The member list's filters (the list, its CSV export and its print view share them). */
export interface MemberFilters {
  /** Matches the name, membership number, e-mail, phone or Eircode. */
  readonly q?: string;
  /** A branch's id, or 'none'. */
  readonly branch?: string;
  readonly status?: MemberStatus;
  readonly renewalDue?: boolean;
  /** False: only members without e-mail (letters by post). */
  readonly hasEmail?: boolean;
  readonly welcomeLetterToPost?: boolean;
  readonly page?: number;
}

export interface MemberPage {
  readonly members: readonly Member[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly counts: Readonly<Record<MemberStatus, number>>;
}

/** An edit as typed: only the fields given change ('' clears an optional one). */
export type MemberEdit = Partial<
  Record<'name' | 'address' | 'eircode' | 'phone' | 'email' | 'branch' | 'background' | 'nmbiPin' | 'joinedOn' | 'paidUntil' | 'notes', string>
> & { readonly status?: MemberStatus };

/** A payment as typed: the amount in euro, dates as YYYY-MM-DD. */
export interface PaymentRequest {
  readonly paidOn: string;
  readonly amount: string;
  readonly method: string;
  readonly note?: string;
  /** Moves 'paid until' to the end of the membership year this payment covers. */
  readonly coversYearEnding?: string;
}

export interface MembershipSettings {
  /** MM-DD: '01-01' for 1 January. */
  readonly yearStartsOn: string;
  readonly feeCents: number | null;
  readonly howToPay: string;
  readonly remindersOn: boolean;
}

export interface ImportResult {
  readonly columns: readonly { readonly header: string; readonly field: string | null }[];
  readonly rows: number;
  readonly sample: readonly (Pick<Member, 'number' | 'name' | 'address' | 'eircode' | 'email' | 'phone' | 'status' | 'joinedOn' | 'paidUntil'> & {
    readonly branch: string | null;
  })[];
  /** Every row that cannot be read (the header is line 1), and why. With any, nothing is imported. */
  readonly problems: readonly { readonly line: number; readonly message: string }[];
  readonly imported: number;
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
