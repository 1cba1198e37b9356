import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { displayName } from '../../../src-core/domain/files';
import { deleteConfirmation, deleteMachine } from '../../../src-core/machines/delete.machine';
import type { StoredFile } from '../../../src-core/domain/stored-file';
import { useBackend } from '../../lib/backend.context';
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
  const { storage } = useBackend();
  const [machine] = useState(() =>
    deleteMachine.provide({
      actors: { deleteFile: fromPromise<void, { fullPath: string }>(({ input }) => storage.deleteFile(input.fullPath)) },
      actions: { onDeleted: (_, params) => onDeleted(params.file) },
    }),
  );
  const [state, send] = useMachine(machine, { input: { file } });
  const deleteRef = useRef<HTMLButtonElement>(null);
  const asking = state.matches('confirming') || state.matches('deleting');
  const wasAsking = useRef(false);

  // Back from the question (kept, or failed): focus returns to the button that asked it.
  useEffect(() => {
    if (wasAsking.current && !asking) deleteRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  // Gone from storage: the list reloads without it and the section says so.
  if (state.matches('deleted')) return null;

  return (
    <li className="admin-file">
      <div className="admin-file__row">
        <FileLink file={file} className="admin-file__link" />
        {!asking && (
          <button ref={deleteRef} type="button" className="button button--danger" onClick={() => send({ type: 'delete.request' })}>
            Delete <span className="visually-hidden">{displayName(file.name)}</span>
          </button>
        )}
      </div>
      {asking && (
        <ConfirmPrompt
          question={deleteConfirmation(file)}
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
