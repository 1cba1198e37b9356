import { isRenewalDueBy } from '../../src-core/domain/membership-year';
import { csvOf } from '../http/csv';
import type { BranchesRepository } from '../repositories/branches.repository';
import type { MemberRow } from '../repositories/members.repository';

/** Headers the import reads back (member-import.ts), so an export can be imported elsewhere as it is. */
const HEADER = [
  'Membership number', 'Name', 'Address line 1', 'Address line 2', 'Address line 3', 'Address line 4', 'Eircode', 'Phone', 'E-mail', 'Branch',
  'Status', 'Joined', 'Paid until', 'Renewal due', 'NMBI PIN', 'Notes',
];

/** The address in four lines for mailing labels; any lines beyond the fourth are kept in it. */
function addressCells(address: string): string[] {
  const lines = address.split('\n');
  return [lines[0] ?? '', lines[1] ?? '', lines[2] ?? '', lines.slice(3).join(', ')];
}

/** The members as CSV, for mailing labels and the treasurer. Cells that look like formulas stay text. */
export function membersCsv(rows: readonly MemberRow[], branches: BranchesRepository, dueBy: string): string {
  const branchNames = new Map(branches.list().map((branch) => [Number(branch.id), branch.name]));
  return csvOf([
    HEADER,
    ...rows.map((row) => [
      String(row.number),
      row.name,
      ...addressCells(row.address),
      row.eircode ?? '',
      row.phone ?? '',
      row.email ?? '',
      row.branch_id === null ? '' : (branchNames.get(row.branch_id) ?? ''),
      row.status,
      row.joined_on,
      row.paid_until ?? '',
      isRenewalDueBy({ status: row.status, paidUntil: row.paid_until }, dueBy) ? 'yes' : 'no',
      row.nmbi_pin ?? '',
      row.notes,
    ]),
  ]);
}
