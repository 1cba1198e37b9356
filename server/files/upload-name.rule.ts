import { sanitiseFileName, type SanitisedFileName } from '../../src-core/domain/files';

/**
 * The name an upload is stored under. A name that tries to be a path (a separator, a '..'
 * part, a NUL) is refused outright: no browser sends one, so it is an attack, and storing it
 * under a tidied name would hide that. Anything else is made safe and kept readable.
 */
export function uploadName(raw: string): SanitisedFileName {
  if (/[/\\]/.test(raw) || raw.includes('\u0000')) {
    return { ok: false, message: 'A file name cannot contain /, \\ or hidden characters. Please rename the file and try again.' };
  }
  return sanitiseFileName(raw);
}
