import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import {
  DECEASED_WARNING,
  MEMBER_STATUS_ORDER,
  MEMBER_STATUS_WORDS,
  PAYMENT_METHOD_ORDER,
  PAYMENT_METHOD_WORDS,
  euro,
  shortDate,
} from '../../../../src-core/domain/member-records';
import type { BranchRef, Member, MemberDetail, Payment } from '../../../../src-core/domain/membership-admin';
import { paymentWords } from '../../../../src-core/machines/member-payments.machine';
import { DataState } from '../../../components/data-state';
import { FormField, fieldBinding } from '../../../components/form-field';
import { FormActions } from '../../../components/form-actions';
import { FailureMessage, NoticeArea } from '../../../components/status-message';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useBackend } from '../../../lib/backend.context';
import { focusById } from '../../../lib/focus';
import { useFormFocus } from '../../../lib/form-focus.hook';
import { useRouteData } from '../../../lib/route-data.hook';
import { adminDateTime } from '../account/admin-date-time';
import { adminBranchesQuery, memberQuery } from '../admin.queries';
import { ConfirmPrompt } from '../confirm-prompt';
import { Fact, MembershipNotice, NONE, PersonRecordActions, SelectField, type MembershipActor, useMembershipJobs } from './members-shared';
import { ColumnHeads } from '../../../components/column-heads';
import { AdminCard } from '../admin-card';
import './members.css';
import { submitHandler } from '../../../lib/form-values';

function Summary({ member }: { readonly member: Member }) {
  return (
    <AdminCard title={member.name} className="members">
      <dl className="members__facts">
        <Fact name="Membership number">{member.number}</Fact>
        <Fact name="Status">
          {MEMBER_STATUS_WORDS[member.status]}
          {member.renewalDue && <strong> (renewal due)</strong>}
        </Fact>
        <Fact name="Paid until">{member.paidUntil === null ? 'Not paid yet' : shortDate(member.paidUntil)}</Fact>
        <Fact name="Joined">{shortDate(member.joinedOn)}</Fact>
        <Fact name="Branch">{member.branch?.name ?? 'Not chosen'}</Fact>
        <Fact name="Address">
          <span className="members__address">{member.address}</span>
        </Fact>
        <Fact name="Eircode">{member.eircode ?? NONE}</Fact>
        <Fact name="Phone">{member.phone ?? NONE}</Fact>
        <Fact name="E-mail">{member.email ?? NONE}</Fact>
        <Fact name="Nursing background">
          <span className="members__address">{member.background === '' ? NONE : member.background}</span>
        </Fact>
        <Fact name="NMBI PIN">{member.nmbiPin ?? NONE}</Fact>
        <Fact name="Notes">
          <span className="members__address">{member.notes === '' ? NONE : member.notes}</span>
        </Fact>
        {member.welcomeLetterToPost && <Fact name="Welcome letter">Waiting to be posted (see Applications)</Fact>}
        <Fact name="Last changed">{adminDateTime(member.updatedAt)}</Fact>
      </dl>
    </AdminCard>
  );
}

const STATUS_OPTIONS = MEMBER_STATUS_ORDER.map((status) => ({ value: status, label: MEMBER_STATUS_WORDS[status] }));

/** Every detail of the member, changed in one form; each refusal sits beside its field. */
function EditForm({ member, branches }: { readonly member: Member; readonly branches: readonly BranchRef[] }) {
  const focus = useFormFocus();
  const statusId = useId();
  const headingId = useId();
  const machines = useAdminMachines();
  const [machine] = useState(() => machines.memberEdit({ ...focus.actions, focusStatus: () => focus.afterRender(() => focusById(statusId)) }));
  const [state, send] = useMachine(machine);
  // The form follows the member as stored (a payment may move 'paid until'); what is being typed stays.
  useEffect(() => send({ type: 'member.loaded', member }), [send, member.updatedAt]); // eslint-disable-line react-hooks/exhaustive-deps
  const { errorMessage, notice, values } = state.context;
  const saving = state.matches('submitting');
  const asking = state.matches('confirmingDeceased');
  const field = fieldBinding(state.context, send, saving || asking);
  const branchOptions = [...branches.map((branch) => ({ value: branch.id, label: branch.name })), { value: 'none', label: 'No branch' }];

  return (
    <section aria-labelledby={headingId} className="admin-card members">
      <h2 id={headingId}>Change their details</h2>
      <NoticeArea id={focus.noticeId} notice={notice} />
      <form id={focus.formId} className="admin-form" noValidate onSubmit={submitHandler(send)} aria-labelledby={headingId}>
        <FailureMessage id={focus.failureId} message={errorMessage} />
        <FormField label="Full name" maxLength={200} autoComplete="off" {...field('name')} />
        <FormField label="Postal address" hint="Each part on its own line." rows={4} maxLength={1_000} {...field('address')} />
        <FormField label="Eircode" maxLength={20} required={false} {...field('eircode')} />
        <FormField label="Phone" maxLength={40} required={false} {...field('phone')} />
        <FormField label="E-mail" type="email" maxLength={254} required={false} hint="Leave it empty if they have none: we write or phone instead." {...field('email')} />
        <SelectField label="Branch" options={branchOptions} {...field('branch')} />
        <SelectField
          id={statusId}
          label="Status"
          hint="Marking a member deceased stops every e-mail and reminder to them at once."
          options={STATUS_OPTIONS}
          {...field('status')}
        />
        <FormField label="Joined on" type="date" maxLength={20} {...field('joinedOn')} />
        <FormField
          label="Paid until"
          type="date"
          hint="The last day of the last year they paid for. Recording a payment below can move it for you."
          maxLength={20}
          required={false}
          {...field('paidUntil')}
        />
        <FormField label="Nursing background" rows={3} maxLength={5_000} required={false} {...field('background')} />
        <FormField label="NMBI PIN" maxLength={20} required={false} {...field('nmbiPin')} />
        <FormField label="Notes" hint="For the committee only; never sent to the member." rows={3} maxLength={5_000} required={false} {...field('notes')} />
        {asking ? (
          <ConfirmPrompt
            question={`Mark ${values.name} as deceased? ${DECEASED_WARNING}`}
            busy={false}
            busyText="Saving..."
            confirmText="Yes, mark as deceased"
            keepText="No, go back"
            onConfirm={() => send({ type: 'confirm' })}
            onCancel={() => send({ type: 'cancel' })}
          />
        ) : (
          <FormActions submit="Save the details" busy={saving} busyText="Saving the details..." />
        )}
      </form>
    </section>
  );
}

const METHOD_OPTIONS = [{ value: '', label: 'Choose how they paid' }, ...PAYMENT_METHOD_ORDER.map((method) => ({ value: method, label: PAYMENT_METHOD_WORDS[method] }))];
const removeButtonId = (paymentId: string) => `payment-remove-${paymentId.replace(/[^a-zA-Z0-9-]/g, '-')}`;

function PaymentRow({ payment, busy, onRemove }: { readonly payment: Payment; readonly busy: boolean; readonly onRemove: () => void }) {
  return (
    <tr>
      <th scope="row" data-label="Paid on">
        {shortDate(payment.paidOn)}
      </th>
      <td data-label="Amount">{euro(payment.amountCents)}</td>
      <td data-label="How">{PAYMENT_METHOD_WORDS[payment.method]}</td>
      <td data-label="Note">{payment.note === '' ? NONE : payment.note}</td>
      <td data-label="Recorded">
        {adminDateTime(payment.recordedAt)} by {payment.recordedBy}
      </td>
      <td>
        <button id={removeButtonId(payment.id)} type="button" className="button button--secondary" disabled={busy} onClick={onRemove}>
          Remove <span className="visually-hidden">the payment of {paymentWords(payment)}</span>
        </button>
      </td>
    </tr>
  );
}

/** The payments made by hand: the list, newest first, and the form that records one. */
function Payments({ detail }: { readonly detail: MemberDetail }) {
  const focus = useFormFocus();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.memberPayments({ ...focus.actions, focusRemoveButton: (paymentId) => focus.afterRender(() => focusById(removeButtonId(paymentId))) }),
  );
  const [state, send] = useMachine(machine);
  useEffect(() => send({ type: 'member.chosen', number: detail.member.number }), [send, detail.member.number]);
  const { errorMessage, notice, removing } = state.context;
  const saving = state.matches('submitting');
  const busy = !state.matches('editing');
  const field = fieldBinding(state.context, send, saving);

  return (
    <AdminCard title="Payments" className="members">
      <NoticeArea id={focus.noticeId} notice={notice} />
      <FailureMessage id={focus.failureId} message={errorMessage} />
      {detail.payments.length === 0 ? (
        <p>No payments are recorded yet.</p>
      ) : (
        <table className="members-table members-table--payments">
          <caption className="visually-hidden">Payments recorded for {detail.member.name}, newest first</caption>
          <ColumnHeads names={['Paid on', 'Amount', 'How', 'Note', 'Recorded']}>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </ColumnHeads>
          <tbody>
            {detail.payments.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} busy={busy} onRemove={() => send({ type: 'payment.remove', payment })} />
            ))}
          </tbody>
        </table>
      )}
      {removing !== null && (state.matches('confirmingRemoval') || state.matches('removing')) && (
        <ConfirmPrompt
          question={`Remove the payment of ${paymentWords(removing)}? Only do this for a payment recorded by mistake. 'Paid until' stays as it is: change it above if it should go back.`}
          busy={state.matches('removing')}
          busyText="Removing..."
          confirmText="Yes, remove it"
          onConfirm={() => send({ type: 'confirm' })}
          onCancel={() => send({ type: 'cancel' })}
        />
      )}
      <h3 className="members-payments__record">Record a payment</h3>
      <form id={focus.formId} className="admin-form" noValidate onSubmit={submitHandler(send)} aria-label="Record a payment">
        <FormField label="Paid on" type="date" hint="The day the money came in." maxLength={20} {...field('paidOn')} />
        <FormField label="Amount in euro" hint="Numbers only, for example 25 or 25.50." maxLength={20} {...field('amount')} />
        <SelectField label="How they paid" options={METHOD_OPTIONS} {...field('method')} />
        <FormField label="Note" hint="For example the cheque number." maxLength={1_000} required={false} {...field('note')} />
        <FormField
          label="This payment covers the year ending"
          type="date"
          hint="'Paid until' moves to this day, for example 31 December. Leave it empty for a payment that is not a yearly fee."
          maxLength={20}
          required={false}
          {...field('coversYearEnding')}
        />
        <FormActions submit="Record the payment" busy={saving} disabled={busy} busyText="Recording the payment..." />
      </form>
    </AdminCard>
  );
}

function TheirData({ member, actor }: { readonly member: Member; readonly actor: MembershipActor }) {
  return (
    <AdminCard title="Their data" className="members">
      <p>For a request to see everything we keep about them, or to erase it.</p>
      <PersonRecordActions actor={actor} job={{ kind: 'eraseMember', number: member.number, name: member.name }} dataHref={member.dataHref} fileName={`member-${member.number}.json`} />
    </AdminCard>
  );
}

function MemberRecord({ number }: { readonly number: number }) {
  const detail = useRouteData(memberQuery(number));
  const branches = useRouteData(adminBranchesQuery());
  const actor = useMembershipJobs();
  // Erasing is the only job here: once it is done, only its notice and the way back are left.
  const erased = useSelector(actor, (state) => state.context.notice !== null);
  // A backend that keeps only applications and members (the hosted one) cannot edit a member or keep payments.
  const everyPage = useBackend().membershipAdminPages === undefined;
  return (
    <>
      <MembershipNotice actor={actor} />
      {erased ? null : (
        <DataState data={detail} loadingText="Loading the member..." failureText="This member could not be loaded.">
          {(loaded) => (
            <>
              <Summary member={loaded.member} />
              {everyPage ? (
                <>
                  <EditForm key={loaded.member.number} member={loaded.member} branches={branches.status === 'ready' ? branches.data : []} />
                  <Payments detail={loaded} />
                </>
              ) : (
                <p className="members__explain">
                  Changing a member&apos;s details and recording payments need the website&apos;s own server, the self-hosted version.
                  Keep them in your own records for now.
                </p>
              )}
              <TheirData member={loaded.member} actor={actor} />
            </>
          )}
        </DataState>
      )}
    </>
  );
}

/** One member (self-hosted), at /admin/members/:number: every detail, their payments, their data. */
export function MemberPage() {
  const { number = '' } = useParams();
  const { state } = useLocation();
  const parsed = /^\d{1,9}$/.test(number) ? Number(number) : null;
  // Opened from the list: back to the same search, filters and page.
  const list = typeof state === 'object' && state !== null && 'list' in state && typeof state.list === 'string' && state.list.startsWith('?') ? state.list : '';
  return (
    <>
      <p>
        <Link to={`/admin/members${list}`}>Back to the member list</Link>
      </p>
      {parsed === null ? <p className="status status--error">There is no member with the number {number}.</p> : <MemberRecord key={parsed} number={parsed} />}
    </>
  );
}
