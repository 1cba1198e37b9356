import { useState, type FormEvent } from 'react';
import type { Branch } from '../../../../src-core/domain/branches';
import { BranchDetailsForm } from './branch-details-form';
import { DataState } from '../../../components/data-state';
import { FormField } from '../../../components/form-field';
import { useRouteData } from '../../../lib/route-data.hook';
import { adminBranchesQuery } from '../admin.queries';
import { ConfirmPrompt } from '../confirm-prompt';
import { Problem, areaId, buttonId, useTargetState, type MembershipActor } from './members-shared';
import { AdminCard } from '../admin-card';

function BranchItem({ branch, actor }: { readonly branch: Branch; readonly actor: MembershipActor }) {
  const target = `branch:${branch.id}`;
  const { asking, confirming, working, busy, problem } = useTargetState(actor, target);
  const [name, setName] = useState(branch.name);
  const [renaming, setRenaming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // The rename finished: the form closes when it was saved, and stays with the refusal otherwise.
  if (submitted && !busy) {
    setSubmitted(false);
    if (problem === null) setRenaming(false);
  }

  function onRename(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    setSubmitted(true);
    actor.send({ type: 'job.start', job: { kind: 'renameBranch', id: branch.id, from: branch.name, name } });
  }

  return (
    <li id={areaId(target)} className="members__branch">
      <strong>{branch.name}</strong>
      {!branch.active && ' (inactive)'}
      {problem !== null && problem.field === null && <Problem target={target} message={problem.message} />}
      {asking === 'removeBranch' && (confirming || working) ? (
        <ConfirmPrompt
          question={`Remove ${branch.name}? The join form will no longer offer it.`}
          busy={working}
          busyText="Removing..."
          confirmText="Yes, remove"
          onConfirm={() => actor.send({ type: 'confirm' })}
          onCancel={() => actor.send({ type: 'cancel' })}
        />
      ) : editing ? (
        <BranchDetailsForm branch={branch} onClose={() => setEditing(false)} />
      ) : renaming ? (
        <form className="admin-form members__rename" noValidate onSubmit={onRename}>
          <FormField
            label={`New name for ${branch.name}`}
            name="name"
            maxLength={200}
            value={name}
            onChange={setName}
            error={problem?.field === 'name' ? problem.message : undefined}
            id={`branch-name-${branch.id}`}
          />
          <div className="members__actions">
            <button type="submit" className="button" disabled={busy}>
              Save the name
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setRenaming(false);
                setName(branch.name);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="members__actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setEditing(true)}>
            Edit details <span className="visually-hidden">of {branch.name}</span>
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setRenaming(true)}>
            Rename <span className="visually-hidden">{branch.name}</span>
          </button>
          <button
            id={buttonId(target, 'removeBranch')}
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => actor.send({ type: 'job.start', job: { kind: 'removeBranch', id: branch.id, name: branch.name } })}
          >
            Remove <span className="visually-hidden">{branch.name}</span>
          </button>
        </div>
      )}
    </li>
  );
}

function AddBranchForm({ actor }: { readonly actor: MembershipActor }) {
  const [name, setName] = useState('');
  const { busy, problem } = useTargetState(actor, 'branch:new');
  return (
    <form
      id={areaId('branch:new')}
      className="admin-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'job.start', job: { kind: 'addBranch', name } });
      }}
    >
      <FormField label="New branch" name="name" maxLength={200} hint="For example: Cork Branch" value={name} onChange={setName} error={problem?.field === 'name' ? problem.message : undefined} id="branch-name-new" />
      {problem !== null && problem.field === null && <Problem target="branch:new" message={problem.message} />}
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={busy}>
          Add the branch
        </button>
      </div>
    </form>
  );
}

/** The branches the join form offers: add, rename, and remove one nobody belongs to. */
export function BranchesSection({ actor }: { readonly actor: MembershipActor }) {
  const list = useRouteData(adminBranchesQuery());
  return (
    <AdminCard title="Branches" className="members">
      <p>
        The join form lets applicants choose one of the active branches, and each has a page of its own on the website with its details, events
        and news. A branch that members, applications, events or posts belong to cannot be removed: make it inactive instead.
      </p>
      <DataState data={list} loadingText="Loading branches..." emptyText="There are no branches yet." failureText="The branches could not be loaded.">
        {(data) => (
          <ul className="members__branches">
            {data.map((branch) => (
              <BranchItem key={branch.id} branch={branch} actor={actor} />
            ))}
          </ul>
        )}
      </DataState>
      <AddBranchForm actor={actor} />
    </AdminCard>
  );
}
