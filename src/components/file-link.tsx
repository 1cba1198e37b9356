import { describeFile, displayName } from '../../src-core/domain/files';
import type { StoredFile } from '../../src-core/domain/stored-file';
import { ExternalLink } from './external-link';

/**
 * A stored file by its name without extension, with its type and size ('PDF, 1.2 MB') so a
 * reader on a phone knows what will open, in a new tab.
 */
export function FileLink({ file, className }: { readonly file: StoredFile; readonly className?: string }) {
  return (
    <ExternalLink href={file.url} className={className}>
      {displayName(file.name)} <span className="file-meta">({describeFile(file)})</span>
    </ExternalLink>
  );
}
