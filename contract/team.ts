import { z } from './zod';
import { STAFF_ROLES } from '../src-core/domain/roles';
import { LIMITS } from '../src-core/domain/validation';

/** The 'Team' page's API (administrators only) and the public invitation page's. */
export const TEAM_PATHS = {
  /** GET: the accounts and the invitations still waiting. */
  team: '/api/team',
  /** POST `{ email, role, branchId? }`: invites someone by e-mail (a branch officer with their branch). */
  invitations: '/api/team/invitations',
  /** POST `{ email, role, branchId? }`. */
  role: '/api/team/role',
  /** POST `{ email, suspended }`: a suspended account is signed out at once and cannot sign in. */
  suspension: '/api/team/suspension',
  /** POST `{ email }`: removes an account, or withdraws an invitation. */
  removal: '/api/team/removal',
  /** GET `?token=`: who the invitation is for; POST `{ token, password }`: accepts it and signs in. */
  invitation: '/api/invitation',
} as const;

const roleSchema = z.enum(STAFF_ROLES);
const emailSchema = z.string().min(1).max(LIMITS.email);

/** A branch as the Team page names it. */
const teamBranchSchema = z.object({ id: z.string(), name: z.string() });

const teamMemberSchema = z.object({
  email: z.string(),
  /** Null for an account with no role in the admin area. */
  role: roleSchema.nullable(),
  /** A branch officer's branch; absent for every other role. */
  branch: teamBranchSchema.optional(),
  status: z.enum(['active', 'suspended', 'invited', 'invitation-expired']),
  /** Named in ADMIN_EMAILS: always an administrator, not changed here. */
  fixed: z.boolean(),
  /** The signed-in administrator's own account. */
  you: z.boolean(),
});

export const teamSchema = z.object({ members: z.array(teamMemberSchema) });

/** `branchId`: the branch of a role limited to one (required for it, ignored for any other role). */
const branchIdSchema = z.string().max(30).optional();
export const inviteSchema = z.object({ email: emailSchema, role: roleSchema, branchId: branchIdSchema });
export const roleChangeSchema = z.object({ email: emailSchema, role: roleSchema, branchId: branchIdSchema });
export const suspensionSchema = z.object({ email: emailSchema, suspended: z.boolean() });
export const removalSchema = z.object({ email: emailSchema });

export const invitationQuerySchema = z.object({ token: z.string().min(1).max(200) });
export const invitationSchema = z.object({ email: z.string(), role: roleSchema, branchName: z.string().optional() });
export const acceptInvitationSchema = z.object({ token: z.string().min(1).max(200), password: z.string().max(1_000) });
