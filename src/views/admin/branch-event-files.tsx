import type { StoredFile } from '../../../src-core/domain/stored-file';
import { useRouteData } from '../../lib/route-data.hook';
import { DataState } from '../../components/data-state';
import { uploadFormsQuery } from './admin.queries';
import { useDeleteFlow } from './delete-flow.hook';
import { UploadForm } from './upload-form';

/**
 * A branch officer's 'Upload Events' form, on their Events page (they have no Files page): the
 * server puts what they upload into their branch at once.
 */
export function BranchEventUpload() {
  const limit = useRouteData(uploadFormsQuery());
  return (
    <DataState data={limit} loadingText="Preparing the upload form..." emptyText="" failureText="The upload form could not be prepared." isEmpty={() => false}>
      {({ maxBytes, timeZone }) => (
        <UploadForm
          folder="events"
          heading="Upload Events"
          appearsOn="your branch's page and the 'Upcoming Events' page ('Events' in the menu)"
          maxBytes={maxBytes}
          timeZone={timeZone}
        />
      )}
    </DataState>
  );
}

/**
 * 'Delete this event' under one of a branch officer's events: asks first, naming the event, then
 * deletes its file and details together. A file is never overwritten, so replacing an event's
 * file is deleting it here and uploading the new one above.
 */
export function DeleteEventButton({ file, title, onDeleted }: { readonly file: StoredFile; readonly title: string; readonly onDeleted: (title: string) => void }) {
  const flow = useDeleteFlow({ file }, () => onDeleted(title));
  if (flow.deleted) return null;
  return (
    <div className="admin-event__delete">
      {flow.asking ? (
        // Named by the title the officer sees above, which can differ from the file's name.
        flow.prompt(`Delete the event "${title}"? Its file, date, time and place go with it. This cannot be undone.`, `Deleting "${title}"...`)
      ) : (
        <button {...flow.buttonProps} className="button button--danger">
          Delete this event<span className="visually-hidden">: {title}</span>
        </button>
      )}
      {flow.failure}
    </div>
  );
}
