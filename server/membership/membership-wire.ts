import type { WireApplication, WireMember, WirePayment } from '../../contract/membership';
import { isRenewalDueBy } from '../../src-core/domain/membership-year';
import { isoAt } from '../clock';
import type { ApplicationRow } from '../repositories/applications.repository';
import type { BranchesRepository } from '../repositories/branches.repository';
import type { MemberRow, PaymentRow } from '../repositories/members.repository';

function branchOf(branches: BranchesRepository, id: number | null): WireApplication['branch'] {
  if (id === null) return null;
  const branch = branches.get(String(id));
  return branch === undefined ? null : { id: branch.id, name: branch.name };
}

export function applicationToWire(row: ApplicationRow, branches: BranchesRepository): WireApplication {
  return {
    id: String(row.id),
    state: row.state,
    name: row.name,
    address: row.address,
    eircode: row.eircode,
    phone: row.phone,
    email: row.email,
    background: row.background,
    nmbiPin: row.nmbi_pin,
    branch: branchOf(branches, row.branch_id),
    newsletter: row.newsletter === 1,
    consent: { at: isoAt(row.consent_at), wording: row.consent_wording },
    receivedAt: isoAt(row.received_at),
    decidedAt: row.decided_at === null ? null : isoAt(row.decided_at),
    decidedBy: row.decided_by,
    note: row.note,
    memberNumber: row.member_number,
  };
}

/** A member as the admin area sees them; renewal is due when paid until `dueBy` or earlier (member-data.ts renewalDueByOf). */
export function memberToWire(row: MemberRow, branches: BranchesRepository, dueBy: string): WireMember {
  return {
    number: row.number,
    name: row.name,
    address: row.address,
    eircode: row.eircode,
    phone: row.phone,
    email: row.email,
    branch: branchOf(branches, row.branch_id),
    background: row.background,
    nmbiPin: row.nmbi_pin,
    status: row.status,
    joinedOn: row.joined_on,
    paidUntil: row.paid_until,
    renewalDue: isRenewalDueBy({ status: row.status, paidUntil: row.paid_until }, dueBy),
    welcomeLetterToPost: row.welcome_letter_to_post === 1,
    notes: row.notes,
    createdAt: isoAt(row.created_at),
    updatedAt: isoAt(row.updated_at),
  };
}

export function paymentToWire(row: PaymentRow): WirePayment {
  return {
    id: String(row.id),
    paidOn: row.paid_on,
    amountCents: row.amount_cents,
    method: row.method,
    note: row.note,
    recordedAt: isoAt(row.recorded_at),
    recordedBy: row.recorded_by,
  };
}
