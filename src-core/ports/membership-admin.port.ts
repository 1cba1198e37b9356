import type { Branch } from '../domain/branches';
import type {
  Application,
  ApplicationList,
  ApplicationState,
  Approval,
  BranchRef,
  ImportResult,
  Member,
  MemberDetail,
  MemberEdit,
  MemberFilters,
  MemberPage,
  MembershipSettings,
  PaymentRequest,
} from '../domain/membership-admin';

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

  /** One page of the members matching the filters, by name, with the counts by status. */
  listMembers(filters: MemberFilters): Promise<MemberPage>;
  /** The link that downloads the filtered list as CSV (every page; recorded in the audit trail). */
  membersCsvHref(filters: MemberFilters): string;
  /** @throws CoreError 'not-found'. */
  getMember(number: number): Promise<MemberDetail>;
  /** @throws CoreError 'invalid-input' with a message per field, 'not-found'. */
  editMember(number: number, edit: MemberEdit): Promise<MemberDetail>;
  /** @throws CoreError 'invalid-input' with a message per field, 'not-found'. */
  recordPayment(number: number, payment: PaymentRequest): Promise<MemberDetail>;
  /** @throws CoreError 'not-found'. */
  removePayment(number: number, paymentId: string): Promise<MemberDetail>;
  /** Reads the CSV and says what it would import; stores nothing. @throws CoreError 'invalid-input' when it is not a CSV at all. */
  previewImport(csv: string): Promise<ImportResult>;
  /** Imports every row or none: with any problem, the result lists them and nothing is stored. */
  importMembers(csv: string): Promise<ImportResult>;
  getSettings(): Promise<MembershipSettings>;
  /** @throws CoreError 'invalid-input' with a message per field. */
  saveSettings(settings: MembershipSettings): Promise<MembershipSettings>;
  /** Members without e-mail whose renewal is due, to post letters to. */
  listRenewalLetters(): Promise<readonly Member[]>;
  /** @throws CoreError 'not-found', 'conflict' when no letter waits. */
  markWelcomeLetterPosted(number: number): Promise<Member>;
  /** @throws CoreError 'not-found'. */
  eraseMember(number: number): Promise<void>;

  /** Every branch with its details, active or not. */
  listBranches(): Promise<readonly Branch[]>;
  /** @throws CoreError 'invalid-input', 'conflict' when the name is taken. */
  addBranch(name: string): Promise<BranchRef>;
  /** @throws CoreError 'invalid-input', 'not-found', 'conflict' when the name is taken. */
  renameBranch(id: string, name: string): Promise<BranchRef>;
  /**
   * Replaces a branch's details (src-core/domain/branches.ts's checkBranch says what is accepted).
   * @throws CoreError 'invalid-input' (with fieldErrors), 'not-found', 'conflict' when the name or web address is taken.
   */
  changeBranch(branch: Branch): Promise<Branch>;
  /** @throws CoreError 'not-found', 'conflict' while members or applications belong to it. */
  removeBranch(id: string): Promise<void>;
}
