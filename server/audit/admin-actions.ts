import type { FastifyRequest } from 'fastify';
import type { AuditKind } from '../../src-core/domain/audit';

/** What administrators do to the association's details and the inbox (docs/operations.md#the-audit-trail). */
export type AdminAction = Extract<
  AuditKind,
  'association-details-changed' | 'message-handled' | 'message-marked-new' | 'message-deleted' | 'message-sent-again'
>;

/**
 * The one place where the association's details and the inbox record what an administrator did,
 * after it is stored: an entry in the append-only audit trail naming who did what to which item,
 * never a message's text.
 */
export async function recordAdminAction(request: FastifyRequest, action: AdminAction, detail: string): Promise<void> {
  await request.server.audit.record(request, action, detail);
}
