import { useMachine } from '@xstate/react';
import { useId, useState, type ReactNode } from 'react';
import { displayName } from '../../../src-core/domain/files';
import { deleteConfirmation } from '../../../src-core/machines/delete.machine';
import type { StoredFile } from '../../../src-core/domain/stored-file';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useAfterRender } from '../../lib/after-render.hook';
import { focusById } from '../../lib/focus';
import { FileLink } from '../../components/file-link';
import { ConfirmPrompt } from './confirm-prompt';

/** One listed file with its 'Delete' button, on the delete machine. */
export function DeletableFile({
  file,
  onDeleted,
  children,
}: {
  readonly file: StoredFile;
  readonly onDeleted: (file: StoredFile) => void;
  /** More to do with the file, under its row (an event's details). */
  readonly children?: ReactNode;
}) {
  const deleteId = useId();
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.delete({
      // Back from the question (kept, or failed): focus returns to the button that asked it.
      focusDeleteButton: () => afterRender(() => focusById(deleteId)),
      deleted: () => onDeleted(file),
    }),
  );
  const [state, send] = useMachine(machine, { input: { file } });
  const asking = state.matches('confirming') || state.matches('deleting');

  // Gone from storage: the list reloads without it and the section says so.
  if (state.matches('deleted')) return null;

  return (
    <li className="admin-file">
      <div className="admin-file__row">
        <FileLink file={file} className="admin-file__link" />
        {!asking && (
          <button id={deleteId} type="button" className="button button--danger" onClick={() => send({ type: 'delete.request' })}>
            Delete <span className="visually-hidden">{displayName(file.name)}</span>
          </button>
        )}
      </div>
      {asking && (
        <ConfirmPrompt
          question={deleteConfirmation({ file })}
          busy={state.matches('deleting')}
          busyText={`Deleting "${displayName(file.name)}"...`}
          onConfirm={() => send({ type: 'delete.confirm' })}
          onCancel={() => send({ type: 'delete.cancel' })}
        />
      )}
      {asking ? null : children}
      {state.context.errorMessage !== null && (
        <p role="alert" className="field-error">
          {state.context.errorMessage}
        </p>
      )}
    </li>
  );
}
