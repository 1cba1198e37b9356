/**
 * Failures of the server's own storage, which the sender cannot fix: the disk is full, the
 * database is held by another process, or a folder cannot be written.
 */
export type StorageFault = 'disk-full' | 'database-busy' | 'storage-unavailable';

/** The `code` of a Node or SQLite error, if it has one. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function isFileSystemError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'syscall' in error && typeof error.syscall === 'string';
}

const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
const UNAVAILABLE_FILE_CODES = new Set(['EROFS', 'EACCES', 'EPERM', 'EIO', 'ENOENT', 'ENOTDIR', 'EMFILE', 'ENFILE']);

/** Which storage fault an error is, or undefined when it is something else. */
export function storageFaultOf(error: unknown): StorageFault | undefined {
  const code = errorCode(error);
  if (code === undefined) return undefined;
  if (FULL_CODES.has(code)) return 'disk-full';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'database-busy';
  if (/^SQLITE_(IOERR|READONLY|CANTOPEN|PROTOCOL)/.test(code)) return 'storage-unavailable';
  if (isFileSystemError(error) && UNAVAILABLE_FILE_CODES.has(code)) return 'storage-unavailable';
  return undefined;
}
