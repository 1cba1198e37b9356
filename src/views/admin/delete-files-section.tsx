import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { displayName } from '../../../src-core/domain/files';
import type { Folder, StoredFile } from '../../../src-core/domain/stored-file';
import { useAfterRender } from '../../lib/after-render.hook';
import { useRouteData } from '../../lib/route-data.hook';
import { DataState } from '../../components/data-state';
import { filesQuery } from '../route.queries';
import { eventListingQuery } from '../event.queries';
import { adminEventLabels } from './admin-event';
import { DeletableFile } from './deletable-file';

const LISTS: readonly { readonly folder: Folder; readonly heading: string; readonly empty: string }[] = [
  { folder: 'root', heading: 'Important Documents', empty: 'There are no important documents.' },
  { folder: 'events', heading: 'Events', empty: 'There are no event files.' },
  { folder: 'newsletters', heading: 'Newsletters', empty: 'There are no newsletters.' },
];

/** The events' titles and dates, by full path; null while they load or cannot be (the file names stand in). */
function useEventLabels(enabled: boolean) {
  const listing = useRouteData(eventListingQuery());
  if (!enabled || listing.status !== 'ready') return null;
  return adminEventLabels(listing.data);
}

function FileList({ folder, heading, empty, onDeleted }: (typeof LISTS)[number] & { readonly onDeleted: (file: StoredFile) => void }) {
  const files = useRouteData(filesQuery(folder));
  const events = useEventLabels(folder === 'events');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="admin-file-list">
      <h3 id={headingId}>{heading}</h3>
      {folder === 'events' && (
        <p className="admin-file-list__hint">
          An event&apos;s date, time and place are changed on the <Link to="/admin/events">Events</Link> page.
        </p>
      )}
      <DataState data={files} loadingText="Loading files..." emptyText={empty} failureText="The files could not be loaded.">
        {(list) => (
          <ul className="admin-files">
            {list.map((file) => (
              <DeletableFile key={file.fullPath} file={file} event={events?.get(file.fullPath)} onDeleted={onDeleted} />
            ))}
          </ul>
        )}
      </DataState>
    </section>
  );
}

/** 'Delete Files': the three folders' files, each deleted only after a confirmation naming it. */
export function DeleteFilesSection() {
  const [deleted, setDeleted] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const afterRender = useAfterRender();

  // The lists that showed the file are already reloading (the composition root saw to that).
  function onDeleted(file: StoredFile): void {
    setDeleted(`"${displayName(file.name)}" was deleted.`);
    // The deleted file's button is gone; the notice takes focus so the keyboard stays in this section.
    afterRender(() => noticeRef.current?.focus());
  }

  return (
    <section aria-labelledby="delete-files" className="admin-card admin-delete">
      <h2 id="delete-files">Delete Files</h2>
      <div ref={noticeRef} tabIndex={-1} role="status" className="admin-delete__notice">
        {deleted !== null && <p className="status status--success">{deleted}</p>}
      </div>
      <div className="admin-delete__lists">
        {LISTS.map((list) => (
          <FileList key={list.folder} {...list} onDeleted={onDeleted} />
        ))}
      </div>
    </section>
  );
}
