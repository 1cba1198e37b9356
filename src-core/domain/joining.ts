/**
 * Joining online: the pages, the consent words and what the server answers, shared by the server
 * (through contract/membership.ts, which has the wire schemas) and the join page.
 */
import { APPLICATION_FIELD_MESSAGES } from './membership-application';

export { JOIN_PAGES } from './join-pages';

/** The words shown beside the consent box, stored with each application as the consent given. */
export const APPLICATION_CONSENT_WORDING =
  'I have read how the association uses my details: to handle my application and, if I join, my membership. They are kept by the association and never sold or shared.';

/** How long a declined application is kept after the decision, then deleted by itself. */
export const DECLINED_KEPT_DAYS = 90;

/**
 * How long a member who resigned or died stays on the list after their status changed, for the
 * association's records (a late payment, a question from the family); then the server erases
 * them. The privacy page quotes this number (without loading the date code of membership-year.ts) and the server deletes by it.
 */
export const MEMBER_KEPT_MONTHS_AFTER_LEAVING = 12;

export const MEMBERSHIP_MESSAGES = {
  ...APPLICATION_FIELD_MESSAGES,
  checkFields: 'Some details need a change. Please look at the messages beside them.',
  /** The one response to every accepted application, whoever sent it. */
  thankYou: 'Thank you. We have your application. A member of our committee will read it and be in touch with you by post, phone or e-mail.',
  tooManyForAddress: 'Several applications with this e-mail address came in the last hour. Please wait a while before trying again.',
  tooManyFromConnection:
    'A great many applications have come from your internet connection in the last hour. Please wait a while before trying again.',
  applicationNotFound: 'This application could not be found. It may have been erased or deleted after its decision.',
  memberNotFound: 'This member could not be found. They may have been erased.',
  alreadyDecided: (state: string) => `This application was already ${state}, so nothing was changed. Please reload the list to see it as it is now.`,
  noteRequired: 'Please write a short note to go with this decision.',
  branchNotFound: 'This branch could not be found. It may have been removed already.',
  branchNameTaken: 'There is already a branch with this name. Please choose another name.',
  branchName: 'Please enter the branch name, for example Cork Branch.',
  branchInUse: (applications: number, members: number) =>
    `This branch cannot be removed: ${members} member${members === 1 ? '' : 's'} and ${applications} application${applications === 1 ? '' : 's'} belong to it. Move them to another branch first.`,
  letterNotWaiting: 'This member has no welcome letter waiting to be posted.',
} as const;

