import type { FastifyRequest } from 'fastify';

/** What administrators do here that the audit trail keeps (docs/operations.md#the-audit-trail). */
export type AdminAction =
  | 'association-details-changed'
  | 'message-handled'
  | 'message-marked-new'
  | 'message-deleted'
  | 'message-sent-again';

/**
 * The one place where the association's details and the inbox record what an administrator did,
 * after it is stored. The append-only audit trail (issue 20) plugs in here; until it does, each
 * action is a log line naming who did what to which item, never a message's text.
 */
export async function recordAdminAction(request: FastifyRequest, action: AdminAction, detail: string): Promise<void> {
  request.log.info({ event: 'admin-action', action, detail, by: request.user?.email }, 'Administrator action');
}
