import { allowedKindsFor, kindFromName, sniffFileKind, type FileKind } from '../../src-core/domain/file-types';
import type { Folder } from '../../src-core/domain/stored-file';

/** How many leading bytes decide a file's kind. */
export const SNIFF_BYTES = 16;

/**
 * The kind a stored file will be, or null to refuse it: its first bytes must prove the kind
 * its name claims, and that kind must be allowed in the folder. Judged by content so a page
 * renamed to '.pdf' is never stored.
 */
export function acceptedKind(folder: Folder, name: string, head: Uint8Array): FileKind | null {
  const sniffed = sniffFileKind(head, name);
  if (sniffed === null || sniffed !== kindFromName(name)) return null;
  return allowedKindsFor(folder).includes(sniffed) ? sniffed : null;
}
