import { formatBytes } from '../../../src-core/domain/files';
import { isLowOnSpace } from '../../../src-core/domain/storage-space';
import { useRouteData } from '../../lib/route-data.hook';
import { storageSpaceQuery } from './admin.queries';

/**
 * Tells the administrator, in time, that the website's disk is nearly full. Nothing shows while
 * there is room, where the backend cannot tell, or when asking fails: the upload forms say
 * what went wrong there.
 */
export function SpaceWarning() {
  const space = useRouteData(storageSpaceQuery());
  if (space.status !== 'ready') return null;
  const { freeBytes, maxBytes } = space.data;
  if (freeBytes === undefined || !isLowOnSpace(freeBytes, maxBytes)) return null;
  return (
    <p role="status" className="status status--error">
      The website is running out of storage space: only {formatBytes(freeBytes)} is left. Delete files you no longer
      need, or ask whoever looks after the website for more space. When it is full, nothing new can be saved.
    </p>
  );
}
