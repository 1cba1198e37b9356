import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import { displayName } from '../../../src-core/domain/files';
import { deleteConfirmation } from '../../../src-core/machines/delete.machine';
import type { StoredFile } from '../../../src-core/domain/stored-file';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useAfterRender } from '../../lib/after-render.hook';
import { focusById } from '../../lib/focus';
import { ExternalLink } from '../../components/external-link';
import { FileLink } from '../../components/file-link';
import type { AdminEventLabel } from './admin-event';
import { ConfirmPrompt } from './confirm-prompt';

/** One listed file with its 'Delete' button, on the delete machine. */
export function DeletableFile({
  file,
  event,
  onDeleted,
}: {
  readonly file: StoredFile;
  /** An event file's title and date, shown instead of its file name. */
  readonly event?: AdminEventLabel | undefined;
  readonly onDeleted: (file: StoredFile) => void;
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
        {event === undefined ? (
          <FileLink file={file} className="admin-file__link" />
        ) : (
          <p className="admin-file__event">
            <ExternalLink href={file.url} className="admin-file__link">
              {event.title}
            </ExternalLink>
            <span className="admin-file__when">{event.when}</span>
          </p>
        )}
        {!asking && (
          <button id={deleteId} type="button" className="button button--danger admin-file__delete" onClick={() => send({ type: 'delete.request' })}>
            Delete <span className="visually-hidden">{event?.title ?? displayName(file.name)}</span>
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
      {state.context.errorMessage !== null && (
        <p role="alert" className="field-error">
          {state.context.errorMessage}
        </p>
      )}
    </li>
  );
}
