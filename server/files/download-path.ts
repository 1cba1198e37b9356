import { sanitiseFileName } from '../../src-core/domain/files';
import type { Folder } from '../../src-core/domain/stored-file';

export interface DownloadTarget {
  readonly folder: Folder;
  readonly name: string;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Reads the part of a download address after '/files/' (still percent-encoded). Only a stored
 * file's own shape is accepted: a safe name at the root or inside 'events' or 'newsletters'.
 * '..', separators and controls in any encoding, empty or extra segments all give null, so
 * nothing outside the files folder can be named.
 */
export function parseDownloadPath(encodedPath: string): DownloadTarget | null {
  if (encodedPath.includes('\\')) return null;
  const segments = encodedPath.split('/').map(decodeSegment);
  if (segments.some((segment) => segment === null || segment === '' || /[/\\]/.test(segment) || segment.includes('\u0000') || segment === '.' || segment === '..')) {
    return null;
  }
  const decoded = segments as string[];
  const [first, second] = decoded;
  if (decoded.length === 1 && first !== undefined) return safe('root', first);
  if (decoded.length === 2 && (first === 'events' || first === 'newsletters') && second !== undefined) {
    return safe(first, second);
  }
  return null;
}

function safe(folder: Folder, name: string): DownloadTarget | null {
  const cleaned = sanitiseFileName(name);
  return cleaned.ok && cleaned.name === name ? { folder, name } : null;
}
