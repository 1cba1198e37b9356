import { displayName } from '../../../src-core/domain/files';
import { deleteConfirmation } from '../../../src-core/machines/delete.machine';
import type { StoredFile } from '../../../src-core/domain/stored-file';
import { ExternalLink } from '../../components/external-link';
import { FileLink } from '../../components/file-link';
import type { AdminEventLabel } from './admin-event';
import { useDeleteFlow } from './delete-flow.hook';

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
  const flow = useDeleteFlow({ file }, () => onDeleted(file));

  // Gone from storage: the list reloads without it and the section says so.
  if (flow.deleted) return null;

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
        {!flow.asking && (
          <button {...flow.buttonProps} className="button button--danger admin-file__delete">
            Delete <span className="visually-hidden">{event?.title ?? displayName(file.name)}</span>
          </button>
        )}
      </div>
      {flow.asking && flow.prompt(deleteConfirmation({ file }), `Deleting "${displayName(file.name)}"...`)}
      {flow.failure}
    </li>
  );
}
