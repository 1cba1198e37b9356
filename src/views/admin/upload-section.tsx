import { useCallback } from 'react';
import type { Folder } from '../../../src-core/domain/stored-file';
import { useBackend } from '../../lib/backend.context';
import { DataState } from '../../components/data-state';
import { useAdminData } from './admin-data.hook';
import { UploadForm } from './upload-form';

/** The three upload forms, in their fixed order, with their headings (docs/behaviour.md#uploads). */
const UPLOAD_FORMS: readonly { readonly folder: Folder; readonly heading: string; readonly appearsOn: string }[] = [
  { folder: 'root', heading: 'Upload Important Documents', appearsOn: "the 'Join Us Today' page ('Join Now' in the menu)" },
  { folder: 'events', heading: 'Upload Events', appearsOn: "the 'Upcoming Events' page ('Events' in the menu)" },
  { folder: 'newsletters', heading: 'Upload Newsletter', appearsOn: "the News page, under the newsletters ('News' in the menu)" },
];

export function UploadSection() {
  const { storage, events } = useBackend();
  // The events form writes times in the association's zone, which the events listing names.
  const loadLimit = useCallback(
    () => Promise.all([storage.getMaxUploadBytes(), events.listEvents()]).then(([maxBytes, listing]) => ({ maxBytes, timeZone: listing.timeZone })),
    [storage, events],
  );
  const limit = useAdminData(loadLimit);

  return (
    <DataState
      data={limit}
      loadingText="Preparing the upload forms..."
      emptyText=""
      failureText="The upload forms could not be prepared."
      isEmpty={() => false}
    >
      {({ maxBytes, timeZone }) => (
        <div className="upload-forms">
          {UPLOAD_FORMS.map(({ folder, heading, appearsOn }) => (
            <UploadForm key={folder} folder={folder} heading={heading} appearsOn={appearsOn} maxBytes={maxBytes} {...(folder === 'events' ? { timeZone } : {})} />
          ))}
        </div>
      )}
    </DataState>
  );
}
