import type { Application, ApplicationList, ApplicationState, Approval, BranchRef, Member } from '../domain/membership-admin';

/**
 * Joining online in the admin area (self-hosted): applications and their decisions, members,
 * branches, and each person's access export and erasure. Every method needs an administrator
 * session and may throw CoreError 'not-authorised' or 'unavailable'.
 */
export interface MembershipAdminPort {
  /** The applications in one state, with the counts of every state. */
  listApplications(state: ApplicationState): Promise<ApplicationList>;
  /** @throws CoreError 'not-found', 'conflict' when it was already decided. */
  approve(id: string): Promise<Approval>;
  /** @throws CoreError 'invalid-input' without a note, 'not-found', 'conflict'. */
  decline(id: string, note: string): Promise<Application>;
  /** @throws CoreError 'invalid-input' without a note, 'not-found', 'conflict'. */
  askForMoreInformation(id: string, note: string): Promise<Application>;
  /** Erases the application and the member made from it. @throws CoreError 'not-found'. */
  eraseApplication(id: string): Promise<void>;

  /** Every member, or only those whose welcome letter waits to be posted. */
  listMembers(filter: { readonly welcomeLetterToPost: boolean }): Promise<readonly Member[]>;
  /** @throws CoreError 'not-found', 'conflict' when no letter waits. */
  markWelcomeLetterPosted(number: number): Promise<Member>;
  /** @throws CoreError 'not-found'. */
  eraseMember(number: number): Promise<void>;

  listBranches(): Promise<readonly BranchRef[]>;
  /** @throws CoreError 'invalid-input', 'conflict' when the name is taken. */
  addBranch(name: string): Promise<BranchRef>;
  /** @throws CoreError 'invalid-input', 'not-found', 'conflict' when the name is taken. */
  renameBranch(id: string, name: string): Promise<BranchRef>;
  /** @throws CoreError 'not-found', 'conflict' while members or applications belong to it. */
  removeBranch(id: string): Promise<void>;
}
