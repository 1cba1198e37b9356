import type { Folder } from '../../../src-core/domain/stored-file';
import { useRouteData } from '../../lib/route-data.hook';
import { DataState } from '../../components/data-state';
import { uploadFormsQuery } from './admin.queries';
import { UploadForm } from './upload-form';

/** The three upload forms, in their fixed order, with their headings (docs/behaviour.md#uploads). */
const UPLOAD_FORMS: readonly { readonly folder: Folder; readonly heading: string; readonly appearsOn: string }[] = [
  { folder: 'root', heading: 'Upload Important Documents', appearsOn: "the 'Join Us Today' page ('Join Now' in the menu)" },
  { folder: 'events', heading: 'Upload Events', appearsOn: "the 'Upcoming Events' page ('Events' in the menu)" },
  { folder: 'newsletters', heading: 'Upload Newsletter', appearsOn: "the News page, under the newsletters ('News' in the menu)" },
];

export function UploadSection() {
  const limit = useRouteData(uploadFormsQuery());

  return (
    <DataState
      data={limit}
      loadingText="Preparing the upload forms..."
      failureText="The upload forms could not be prepared."
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
