import { errorCode } from '../db/storage-fault';

/** A failure the backup command explains to the person running it, in plain words. */
export class BackupError extends Error {}

/**
 * Turns what the operating system said while writing into `folder` into a sentence a volunteer
 * can act on; anything unexpected is passed on as it is.
 */
export function explainWriteFailure(error: unknown, folder: string): unknown {
  switch (errorCode(error)) {
    case 'ENOSPC':
    case 'EDQUOT':
    case 'EFBIG':
      return new BackupError(`There is no room left in ${folder} (the disk is full, or a file was bigger than this disk allows).`);
    case 'EACCES':
    case 'EPERM':
      return new BackupError(`This user may not write in ${folder}, or may not read something in the data directory.`);
    case 'EROFS':
      return new BackupError(`${folder} is on a disk that can only be read, not written.`);
    default:
      return error;
  }
}

export function isErrorCode(error: unknown, ...codes: string[]): boolean {
  const code = errorCode(error);
  return code !== undefined && codes.includes(code);
}
