import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditKind } from '../../src-core/domain/audit';
import { startAuditPurge } from '../audit/audit-purge';
import { retryWhenBusy } from '../db/retry-when-busy';
import { storageFaultOf } from '../db/storage-fault';

export interface AuditRecorder {
  /**
   * Records what a request did, by whom (the signed-in administrator unless `actor` says
   * otherwise) and from which address. Call it after the action is stored. The one hook point
   * for every route that changes something (event details, the association's details, ...).
   * An entry that cannot be stored (a full disk) is logged at error instead: the action it
   * describes has already happened and must not be reported as failed.
   */
  record(request: FastifyRequest, kind: AuditKind, detail?: string, actor?: string | null): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditRecorder;
  }
}

export const auditPlugin = fp(
  async (app) => {
    app.decorate('audit', {
      async record(request, kind, detail = '', actor = request.user?.email ?? null) {
        const entry = { actor, kind, detail, address: request.ip };
        try {
          await app.spaceReserve.withRoom(() => retryWhenBusy(() => app.auditTrail.record(entry, app.clock())));
        } catch (error) {
          if (storageFaultOf(error) === undefined) throw error;
          request.log.error({ err: error, event: 'audit-write-failed', audit: entry }, 'Could not store an audit entry');
        }
      },
    } satisfies AuditRecorder);
    const purge = startAuditPurge({ trail: app.auditTrail, clock: app.clock, log: app.log });
    app.addHook('onClose', async () => purge.stop());
  },
  { name: 'audit', dependencies: ['data'] },
);
