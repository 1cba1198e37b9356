import type { StaffRole } from '../domain/roles';
import type { InvitationDetails, TeamMember } from '../domain/team';
import type { User } from '../domain/user';

/**
 * The website's team (self-hosted): who has an account, with which role, and invitations by
 * e-mail. Each change resolves with the team as it is afterwards. The team's methods need an
 * administrator and may throw CoreError 'not-authorised', 'invalid-input' (with fieldErrors),
 * 'conflict' (the last administrator, an address in the server settings) or 'unavailable'.
 */
export interface TeamPort {
  list(): Promise<readonly TeamMember[]>;
  /** `branchId`: the branch of a role limited to one, which must have it (src-core/domain/roles.ts). */
  invite(email: string, role: StaffRole, branchId?: string): Promise<readonly TeamMember[]>;
  changeRole(email: string, role: StaffRole, branchId?: string): Promise<readonly TeamMember[]>;
  setSuspended(email: string, suspended: boolean): Promise<readonly TeamMember[]>;
  /** Removes an account, or withdraws an invitation not yet accepted. */
  remove(email: string): Promise<readonly TeamMember[]>;
  /** Who an invitation link is for; CoreError 'not-found' when it was used or has expired. */
  lookUpInvitation(token: string): Promise<InvitationDetails>;
  /** Makes the account with the chosen password and signs in as it. */
  acceptInvitation(token: string, password: string): Promise<User>;
}
