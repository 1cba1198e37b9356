const MB = 1024 * 1024;

/**
 * Below this much free space the admin area warns, whatever the upload limit.
 * @internal Outside this file only tests and fakes use it.
 */
export const LOW_SPACE_BYTES = 250 * MB;
/** ...or below room for this many of the largest uploads, when that is more. */
const LARGEST_UPLOADS_LEFT = 5;

/**
 * Whether the disk is close enough to full to tell the administrator, while there is still
 * time to delete old files: a full disk refuses every new file, post and contact message.
 */
export function isLowOnSpace(freeBytes: number, maxUploadBytes: number): boolean {
  return freeBytes < Math.max(LOW_SPACE_BYTES, LARGEST_UPLOADS_LEFT * maxUploadBytes);
}
