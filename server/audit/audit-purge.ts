import type { FastifyBaseLogger } from 'fastify';
import { auditRetentionCutoff } from '../../src-core/domain/audit';
import { isoAt, type Clock } from '../clock';
import type { AuditRepository } from '../repositories/audit.repository';

const PURGE_EVERY_MS = 24 * 60 * 60 * 1000;

export interface AuditPurgeOptions {
  readonly trail: AuditRepository;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  readonly everyMs?: number;
}

/**
 * Deletes audit entries kept for the whole period the privacy policy promises (12 months), at
 * start-up and once a day: the only deletion the trail allows. A failed purge is logged and
 * tried again next time.
 */
export function startAuditPurge({ trail, clock, log, everyMs = PURGE_EVERY_MS }: AuditPurgeOptions): { stop(): void } {
  const run = () => {
    try {
      const cutoff = auditRetentionCutoff(clock());
      const deleted = trail.purgeBefore(cutoff);
      log.info({ event: 'audit-purge', deleted, recordedBefore: isoAt(cutoff) }, 'Deleted audit entries past the retention period');
    } catch (error) {
      log.error({ event: 'audit-purge', err: error }, 'Deleting old audit entries failed; will try again');
    }
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
