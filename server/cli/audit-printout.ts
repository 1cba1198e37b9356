import { auditKindLabel, isAuditKind, type AuditEntry } from '../../src-core/domain/audit';
import { normaliseEmail } from '../../src-core/domain/administrator';
import type { AuditFilter } from '../repositories/audit.repository';

/** `--email EMAIL --kind KIND --limit N`, in any order; `makeError` turns a mistake into the command's own error. */
export function auditOptions(args: readonly string[], makeError: (message: string) => Error): AuditFilter {
  const filter: { actor?: string; kind?: AuditFilter['kind']; limit: number } = { limit: 200 };
  for (let index = 0; index < args.length; index += 2) {
    const [option, value] = [args[index], args[index + 1]];
    if (value === undefined) throw makeError(`${option ?? 'The option'} needs a value.`);
    if (option === '--email') filter.actor = normaliseEmail(value);
    else if (option === '--kind') {
      if (!isAuditKind(value)) throw makeError(`There is no kind called '${value}'.`);
      filter.kind = value;
    } else if (option === '--limit') {
      const limit = Number(value);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) throw makeError('--limit must be a whole number from 1 to 100000.');
      filter.limit = limit;
    } else throw makeError(`Unknown option '${option ?? ''}'.`);
  }
  return filter;
}

/** One line per entry, newest first: when (UTC), who, what, the detail, from where. */
export function formatAuditEntries(entries: readonly AuditEntry[]): string {
  if (entries.length === 0) return 'The audit trail has no entries.';
  return entries
    .map((entry) =>
      [entry.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'), entry.actor ?? '(nobody signed in)', `${entry.kind} (${auditKindLabel(entry.kind)})`, entry.detail, entry.address === '' ? 'command line' : `from ${entry.address}`]
        .filter((part) => part !== '')
        .join('  '),
    )
    .join('\n');
}
