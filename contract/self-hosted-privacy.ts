import type { PrivacyFacts } from '../src-core/ports/backend';

/**
 * The self-hosted site serves everything from its own server: contact messages are kept in its
 * database (and purged after the retention period), the only cookies are the administrators' (their
 * session and their known browsers), and sign-ins and administrators' changes are kept in an audit
 * trail for 12 months; visits are counted
 * on the server, without cookies or addresses. Shared by the browser's http backend and the server's own, so a rendered privacy page
 * and the app that hydrates it say the same.
 */
export const SELF_HOSTED_PRIVACY: PrivacyFacts = {
  contactMessages: { keptBy: 'our-server' },
  outsideServices: [],
  administratorSignIn: { keptBy: 'our-cookie' },
  auditTrail: true,
  visitCounts: true,
};
