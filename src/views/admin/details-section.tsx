import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { DETAILS_FIELD_NAMES as NAMES, DETAILS_LIMITS, type AssociationDetails, type DetailsField } from '../../../src-core/domain/association-details';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useBackend } from '../../lib/backend.context';
import { useFormFocus } from '../../lib/form-focus.hook';
import { useRouteData } from '../../lib/route-data.hook';
import { detailsFormQuery } from './admin.queries';
import { DataState } from '../../components/data-state';
import { FormField, fieldBinding } from '../../components/form-field';
import { PAGE_HEADING_ID } from '../../components/page-heading';
import { FormActions } from '../../components/form-actions';
import { FailureMessage, NoticeArea } from '../../components/status-message';
import { submitHandler } from '../../lib/form-values';

interface FieldSpec {
  readonly field: DetailsField;
  readonly label: string;
  readonly hint?: string;
  readonly rows?: number;
  readonly maxLength: number;
  readonly type?: 'email';
}

const FIELDS: readonly FieldSpec[] = [
  { field: 'contactName', label: NAMES.contactName, hint: "A person or an office, e.g. 'The Membership Secretary'.", maxLength: DETAILS_LIMITS.contactName },
  { field: 'address', label: NAMES.address, hint: 'One line per line of the address.', rows: 4, maxLength: DETAILS_LIMITS.address },
  { field: 'phone', label: NAMES.phone, hint: 'Digits and spaces, e.g. 01 234 5678.', maxLength: DETAILS_LIMITS.phone },
  { field: 'email', label: NAMES.email, type: 'email', maxLength: DETAILS_LIMITS.email },
  { field: 'charityNumber', label: NAMES.charityNumber, maxLength: DETAILS_LIMITS.charityNumber },
  { field: 'openingHours', label: NAMES.openingHours, hint: "When the phone or office is answered, e.g. 'Tuesday and Thursday, 10am to 1pm'.", maxLength: DETAILS_LIMITS.openingHours },
  { field: 'replyTime', label: NAMES.replyTime, hint: "Finishes the sentence 'We usually reply ...', e.g. 'within three working days'.", maxLength: DETAILS_LIMITS.replyTime },
  { field: 'socialLinks', label: NAMES.socialLinks, hint: 'One web address per line, each starting with https://.', rows: 3, maxLength: DETAILS_LIMITS.socialLink * DETAILS_LIMITS.socialLinks },
  {
    field: 'howToJoin',
    label: `${NAMES.howToJoin} (shown on 'Join Us Today')`,
    hint: 'Who can join, the fee, what to send and where. A blank line starts a new paragraph.',
    rows: 8,
    maxLength: DETAILS_LIMITS.howToJoin,
  },
];

function DetailsForm({ details }: { readonly details: AssociationDetails }) {
  const focus = useFormFocus();
  const machines = useAdminMachines();
  const [machine] = useState(() => machines.details(focus.actions));
  const [state, send] = useMachine(machine);
  // The form starts from the details as they are (once: a later reload leaves what is typed alone).
  useEffect(() => send({ type: 'form.loaded', saved: details }), [send]); // eslint-disable-line react-hooks/exhaustive-deps
  const { errorMessage, notice } = state.context;
  const saving = state.matches('submitting');
  const field = fieldBinding(state.context, send, saving);

  return (
    <>
      <NoticeArea id={focus.noticeId} notice={notice} />
      <form id={focus.formId} className="admin-form" noValidate onSubmit={submitHandler(send)} aria-labelledby={PAGE_HEADING_ID}>
        <FailureMessage id={focus.failureId} message={errorMessage} />
        {FIELDS.map((spec) => (
          <FormField
            key={spec.field}
            label={spec.label}
            hint={spec.hint}
            rows={spec.rows}
            type={spec.type}
            maxLength={spec.maxLength}
            required={false}
            {...field(spec.field)}
          />
        ))}
        <FormActions submit="Save details" busy={saving} busyText="Saving the details..." />
      </form>
    </>
  );
}

/**
 * The association's own details, which every page's footer, the Contact page, the privacy page
 * and 'Join Us Today' show. Self-hosted only: the hosted build sets them (docs/hosted.md).
 */
export function DetailsSection() {
  const { associationEditor } = useBackend();
  const details = useRouteData(detailsFormQuery());
  if (associationEditor === undefined) return null;
  return (
    <section aria-labelledby={PAGE_HEADING_ID} className="admin-card admin-details">
      <p>
        These show at the foot of every page, on the Contact page and on the Privacy Policy; how to join shows on
        &apos;Join Us Today&apos;. Leave a field empty to hide it.
      </p>
      <DataState
        data={details}
        loadingText="Loading the details..."
        failureText="The details could not be loaded."
      >
        {(loaded) => <DetailsForm details={loaded} />}
      </DataState>
    </section>
  );
}
