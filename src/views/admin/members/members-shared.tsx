import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState, type ReactNode } from 'react';
import { ConfirmPrompt } from '../confirm-prompt';
import type { ActorRefFrom } from 'xstate';
import { jobTarget, type MembershipJob, type MembershipJobKind, type membershipMachine } from '../../../../src-core/machines/membership.machine';
import { StatusMessage } from '../../../components/status-message';
import { focusById } from '../../../lib/focus';
import { FieldNotes, describedBy, type FormFieldProps } from '../../../components/form-field';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useAfterRender } from '../../../lib/after-render.hook';

export type MembershipActor = ActorRefFrom<typeof membershipMachine>;

const NOTICE_ID = 'membership-notice';

/** The address of one member's page in the admin area. */
export const memberPagePath = (number: number) => `/admin/members/${number}`;
const safe = (target: string) => target.replace(/[^a-zA-Z0-9-]/g, '-');
const problemId = (target: string) => `membership-problem-${safe(target)}`;
export const buttonId = (target: string, kind: MembershipJobKind) => `membership-${kind}-${safe(target)}`;
/** The box around one applicant, member or branch: a refused note or name is focused inside it. */
export const areaId = (target: string) => `membership-area-${safe(target)}`;

function focusProblem(target: string): void {
  const invalid = document.getElementById(areaId(target))?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid === null || invalid === undefined) focusById(problemId(target));
  else invalid.focus();
}

/** The page's job machine (../../../../src-core/machines/membership.machine.ts), focusing what each moment names. */
export function useMembershipJobs(): MembershipActor {
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.membership({
      focusNotice: () => afterRender(() => focusById(NOTICE_ID)),
      focusProblem: (target) => afterRender(() => focusProblem(target)),
      focusButton: (target, kind) => afterRender(() => focusById(buttonId(target, kind))),
    }),
  );
  return useActorRef(machine);
}

/** The job running or asked about for this target, and the problem shown on it. */
export function useTargetState(actor: MembershipActor, target: string) {
  const asking = useSelector(actor, (state) => (state.context.job !== null && jobTarget(state.context.job) === target ? state.context.job.kind : null));
  const confirming = useSelector(actor, (state) => state.matches('confirming'));
  const working = useSelector(actor, (state) => state.matches('working'));
  const busy = useSelector(actor, (state) => !state.matches('idle'));
  const problem = useSelector(actor, (state) => (state.context.problem?.target === target ? state.context.problem : null));
  return { asking, confirming: asking !== null && confirming, working: asking !== null && working, busy, problem };
}

/** A refusal beside what caused it; focus moves to it (focusProblem). */
export function Problem({ target, message }: { readonly target: string; readonly message: string }) {
  return (
    <StatusMessage tone="error" id={problemId(target)}>
      {message}
    </StatusMessage>
  );
}


export function Fact({ name, children }: { readonly name: string; readonly children: ReactNode }) {
  return (
    <div>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export const NONE = <span className="members__none">Not given</span>;

/** Erasing one person (applicant or member), asked first, with their data's download beside it. */
export function PersonRecordActions({ actor, job, dataHref, fileName }: { readonly actor: MembershipActor; readonly job: MembershipJob; readonly dataHref: string; readonly fileName: string }) {
  const target = jobTarget(job);
  const { asking, confirming, working, busy } = useTargetState(actor, target);
  const erasing = asking === job.kind;
  return (
    <div className="members__record">
      <a href={dataHref} download={fileName}>
        Download their data <span className="visually-hidden">({job.kind === 'eraseMember' ? 'member' : 'applicant'} {'name' in job ? job.name : ''})</span> (a JSON
        file, for an access request)
      </a>
      {erasing && (confirming || working) ? (
        <ConfirmPrompt
          question={`Erase everything about ${'name' in job ? job.name : 'them'}? Their application, membership, payments and e-mails are deleted for good, and their address comes off the news list. This cannot be undone.`}
          busy={working}
          busyText="Erasing..."
          confirmText="Yes, erase"
          onConfirm={() => actor.send({ type: 'confirm' })}
          onCancel={() => actor.send({ type: 'cancel' })}
        />
      ) : (
        <button id={buttonId(target, job.kind)} type="button" className="button button--danger" disabled={busy} onClick={() => actor.send({ type: 'job.start', job })}>
          Erase everything about them<span className="visually-hidden">: {'name' in job ? job.name : ''}</span>
        </button>
      )}
    </div>
  );
}


/** What the last job did, focused once it is done (the machine's focusNotice). */
export function MembershipNotice({ actor }: { readonly actor: MembershipActor }) {
  const notice = useSelector(actor, (state) => state.context.notice);
  return (
    <div id={NOTICE_ID} tabIndex={-1} role="status" className="admin-notice members__notice">
      {notice !== null && <p className="status status--success">{notice}</p>}
    </div>
  );
}

export interface SelectFieldProps extends Pick<FormFieldProps, 'label' | 'name' | 'value' | 'onChange' | 'hint' | 'readOnly' | 'id'> {
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly error?: string | undefined;
}

/** A labelled choice from a list, its hint and error under the label and read out with it, like FormField. */
export function SelectField({ label, name, value, options, onChange, error, hint, readOnly = false, id: givenId }: SelectFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className={error === undefined ? 'form-field' : 'form-field form-field--invalid'}>
      <label htmlFor={id}>{label}</label>
      <FieldNotes id={id} hint={hint} error={error} />
      <select
        id={id}
        name={name}
        className="form-select"
        value={value}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy(id, hint !== undefined, error)}
        // A select cannot be read-only: while saving it keeps its value and ignores changes.
        onChange={(event) => {
          if (!readOnly) onChange(event.target.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
