import type { MembershipAdminPage } from '../../src-core/ports/backend';

/**
 * The admin pages of joining online on the hosted backend: applications, and the members made
 * from them. Payments, renewals, imports and branches need the self-hosted server (docs/hosted.md).
 * A module of its own, so the hosted build's first load names the pages without loading the adapters.
 */
export const HOSTED_MEMBERSHIP_PAGES = ['applications', 'members', 'member'] as const satisfies readonly MembershipAdminPage[];
