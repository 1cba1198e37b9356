import type { StaffRole } from './roles';

/**
 * One line of the 'Team' page: an account with its role, or someone invited who has not yet
 * accepted. `fixed`: named in the server settings (ADMIN_EMAILS), so always an administrator.
 */
export interface TeamMember {
  readonly email: string;
  readonly role: StaffRole | null;
  /** A branch officer's branch (src-core/domain/roles.ts); absent for every other role. */
  readonly branch?: { readonly id: string; readonly name: string };
  readonly status: 'active' | 'suspended' | 'invited' | 'invitation-expired';
  readonly fixed: boolean;
  /** The signed-in administrator's own line. */
  readonly you: boolean;
}

export const TEAM_STATUS_WORDS: Readonly<Record<TeamMember['status'], string>> = {
  active: 'Active',
  suspended: 'Suspended',
  invited: 'Invited, not yet accepted',
  'invitation-expired': 'Invitation expired',
};

/** Who an invitation link is for, shown before they choose a password. */
export interface InvitationDetails {
  readonly email: string;
  readonly role: StaffRole;
  /** The branch of a branch officer's invitation. */
  readonly branchName?: string;
}

/** What the Team page says where the backend has no roles (the hosted one). */
export const NO_TEAM_HERE =
  'Roles and invitations are available only on the self-hosted website. Here, everyone in the hosting settings is an administrator.';

/**
 * The address an invitation e-mail links to: the sign-in page, which shows the invitation in
 * its place (public, but listed nowhere; opening it changes nothing, only its button does).
 */
export function invitationLink(origin: string, token: string): string {
  return `${origin}/login?${INVITATION_PARAMETER}=${encodeURIComponent(token)}`;
}

export const INVITATION_PARAMETER = 'invitation';
