import { useMachine, useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../src-core/domain/validation';
import { ROLE_DUTIES, ROLE_NAMES, STAFF_ROLES, isOneBranchRole, type StaffRole } from '../../../../src-core/domain/roles';
import type { Branch } from '../../../../src-core/ports/membership.port';
import { NO_TEAM_HERE, TEAM_STATUS_WORDS, type TeamMember } from '../../../../src-core/domain/team';
import type { teamMachine } from '../../../../src-core/machines/team.machine';
import { DataState } from '../../../components/data-state';
import { FieldNotes, FormField, describedBy } from '../../../components/form-field';
import { FailureMessage, StatusMessage } from '../../../components/status-message';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useAfterRender } from '../../../lib/after-render.hook';
import { useBackend } from '../../../lib/backend.context';
import { focusById } from '../../../lib/focus';
import { useRouteData } from '../../../lib/route-data.hook';
import { teamQuery } from '../admin.queries';
import { branchesQuery } from '../../join/join.queries';
import { ConfirmPrompt } from '../confirm-prompt';
import type { ActorRefFrom } from 'xstate';
import { AdminCard } from '../admin-card';
import './team.css';

type TeamActor = ActorRefFrom<typeof teamMachine>;

function RoleChoice({ name, value, onChange }: { readonly name: string; readonly value: StaffRole; readonly onChange: (role: StaffRole) => void }) {
  const legendId = useId();
  return (
    <fieldset className="team__roles" aria-labelledby={legendId}>
      <legend id={legendId}>Role</legend>
      {STAFF_ROLES.map((role) => (
        <div className="team__role" key={role}>
          <input id={`${name}-${role}`} type="radio" name={name} value={role} checked={value === role} onChange={() => onChange(role)} />
          <label htmlFor={`${name}-${role}`}>
            <strong>{ROLE_NAMES[role]}</strong>: {ROLE_DUTIES[role]}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** The branch a branch officer looks after: asked for only with that role, and required with it. */
function BranchChoice({
  id,
  label,
  branches,
  value,
  error,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly branches: readonly Branch[];
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (branchId: string) => void;
}) {
  return (
    <div className={error === undefined ? 'form-field team__branch' : 'form-field form-field--invalid team__branch'}>
      <label htmlFor={id}>{label}</label>
      <FieldNotes id={id} error={error} />
      <select id={id} value={value} required aria-invalid={error !== undefined} aria-describedby={describedBy(id, false, error)} onChange={(event) => onChange(event.target.value)}>
        <option value="">Choose a branch</option>
        {branches.map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branch.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The branches to choose from; none while they load or where there are none. */
function useBranches(): readonly Branch[] {
  const branches = useRouteData(branchesQuery());
  return branches.status === 'ready' ? branches.data : [];
}

/** 'Branch officer (Sample Branch North)': a role as the list says it. */
function roleInWords(member: TeamMember): string {
  if (member.role === null) return 'none';
  return member.branch === undefined ? ROLE_NAMES[member.role] : `${ROLE_NAMES[member.role]} (${member.branch.name})`;
}

function InviteForm({ actor, emailCleared }: { readonly actor: TeamActor; readonly emailCleared: number }) {
  const branchFieldId = useId();
  const branches = useBranches();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [branchId, setBranchId] = useState('');
  const [cleared, setCleared] = useState(emailCleared);
  // The invitation went: the form starts afresh for the next person.
  if (cleared !== emailCleared) {
    setCleared(emailCleared);
    setEmail('');
  }
  const working = useSelector(actor, (state) => state.matches('working') && state.context.job?.kind === 'invite');
  const emailError = useSelector(actor, (state) => state.context.emailError);
  const branchError = useSelector(actor, (state) => (state.context.job?.kind === 'invite' ? state.context.branchError : null));

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    actor.send({ type: 'team.invite', email, role, ...(isOneBranchRole(role) && branchId !== '' ? { branchId } : {}) });
  }

  return (
    <AdminCard title="Invite someone">
      <p>They get an e-mail with a link to choose their password. The link works once, for 48 hours.</p>
      <form className="admin-form" noValidate onSubmit={onSubmit}>
        <FormField label="Their e-mail address" name="email" type="email" autoComplete="off" maxLength={LIMITS.email} value={email} onChange={setEmail} error={emailError ?? undefined} id="team-invite-email" />
        <RoleChoice name="invite-role" value={role} onChange={setRole} />
        {isOneBranchRole(role) && (
          <BranchChoice id={branchFieldId} label="Their branch" branches={branches} value={branchId} error={branchError ?? undefined} onChange={setBranchId} />
        )}
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={working}>
            Send invitation
          </button>
          {working && (
            <p role="status" className="admin-form__busy">
              Sending...
            </p>
          )}
        </div>
      </form>
    </AdminCard>
  );
}

function MemberActions({ member, actor }: { readonly member: TeamMember; readonly actor: TeamActor }) {
  const branches = useBranches();
  const [role, setRole] = useState<StaffRole>(member.role ?? 'editor');
  const [branchId, setBranchId] = useState(member.branch?.id ?? '');
  const branchError = useSelector(actor, (state) => (state.context.job?.kind === 'role' && state.context.job.email === member.email ? state.context.branchError : null));
  const confirmingThis = useSelector(actor, (state) => (state.matches('confirming') || state.matches('working')) && state.context.job?.kind === 'remove' && state.context.job.email === member.email);
  const busy = useSelector(actor, (state) => state.matches('working'));
  const invitation = member.status === 'invited' || member.status === 'invitation-expired';
  if (confirmingThis) {
    return (
      <ConfirmPrompt
        question={invitation ? `Withdraw the invitation to ${member.email}?` : `Remove ${member.email}? They can no longer sign in.`}
        busy={busy}
        busyText="Removing..."
        confirmText={invitation ? 'Yes, withdraw' : 'Yes, remove'}
        onConfirm={() => actor.send({ type: 'team.confirm' })}
        onCancel={() => actor.send({ type: 'team.cancel' })}
      />
    );
  }
  if (invitation) {
    return (
      <div className="team__actions">
        <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'team.invite', email: member.email, role: member.role ?? 'editor', ...(member.branch === undefined ? {} : { branchId: member.branch.id }) })}>
          Send the invitation again
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => actor.send({ type: 'team.remove', email: member.email })}>
          Withdraw invitation
        </button>
      </div>
    );
  }
  const selectId = `team-role-${member.email}`;
  return (
    <div className="team__actions">
      <form
        className="team__change"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'team.role', email: member.email, role, ...(isOneBranchRole(role) && branchId !== '' ? { branchId } : {}) });
        }}
      >
        <label htmlFor={selectId}>Role for {member.email}</label>
        <select id={selectId} value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
          {STAFF_ROLES.map((each) => (
            <option key={each} value={each}>
              {ROLE_NAMES[each]}
            </option>
          ))}
        </select>
        {isOneBranchRole(role) && (
          <BranchChoice id={`${selectId}-branch`} label={`Branch for ${member.email}`} branches={branches} value={branchId} error={branchError ?? undefined} onChange={setBranchId} />
        )}
        <button type="submit" className="button button--secondary" disabled={busy || (role === member.role && branchId === (member.branch?.id ?? ''))}>
          Change role
        </button>
      </form>
      {!member.you && (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => actor.send({ type: 'team.suspend', email: member.email, suspended: member.status !== 'suspended' })}
        >
          {member.status === 'suspended' ? 'Allow back in' : 'Suspend'}
        </button>
      )}
      {!member.you && (
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => actor.send({ type: 'team.remove', email: member.email })}>
          Remove
        </button>
      )}
    </div>
  );
}

function TeamList({ members, actor }: { readonly members: readonly TeamMember[]; readonly actor: TeamActor }) {
  return (
    <AdminCard title="The team">
      <ul className="team__list">
        {members.map((member) => (
          <li key={member.email} className="team__member">
            <p className="team__email">
              <strong>{member.email}</strong>
              {member.you && ' (you)'}
            </p>
            <p>
              Role: {roleInWords(member)}. Status: {TEAM_STATUS_WORDS[member.status]}.
            </p>
            {member.fixed ? <p>Set in the server settings, so always an administrator.</p> : <MemberActions member={member} actor={actor} />}
          </li>
        ))}
      </ul>
    </AdminCard>
  );
}

/** The 'Team' page (administrators): who may use the admin area, in which role, and invitations. */
export function TeamPage() {
  const { team } = useBackend();
  if (team === undefined) return <p className="status">{NO_TEAM_HERE}</p>;
  return <TeamArea />;
}

function TeamArea() {
  const machines = useAdminMachines();
  const afterRender = useAfterRender();
  const noticeId = useId();
  const failureId = useId();
  const [invitations, setInvitations] = useState(0);
  const [machine] = useState(() =>
    machines.team({
      invited: () => setInvitations((count) => count + 1),
      focusNotice: () => afterRender(() => focusById(noticeId)),
      focusFailure: () => afterRender(() => focusById(failureId)),
    }),
  );
  const [state, , actor] = useMachine(machine);
  const { notice, errorMessage } = state.context;
  const list = useRouteData(teamQuery());
  return (
    <>
      {(notice !== null || errorMessage !== null) && (
        <div className="admin-message">
          {notice !== null && (
            <StatusMessage tone="success" id={noticeId}>
              {notice}
            </StatusMessage>
          )}
          <FailureMessage id={failureId} message={errorMessage} />
        </div>
      )}
      <InviteForm actor={actor} emailCleared={invitations} />
      <DataState data={list} loadingText="Loading the team..." emptyText="There is nobody in the team yet." failureText="The team could not be loaded.">
        {(members) => <TeamList members={members} actor={actor} />}
      </DataState>
    </>
  );
}
