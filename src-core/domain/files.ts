import { FOLDERS, type Folder, type StoredFile } from './stored-file';
import { FILE_KINDS, kindFromName } from './file-types';

/** The name shown in lists: without its last extension ('a.b.pdf' -> 'a.b'). */
export function displayName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** Where a file lives in storage: the root has no folder prefix. */
export function fullPathFor(folder: Folder, name: string): string {
  return folder === 'root' ? name : `${folder}/${name}`;
}

function isFolder(value: string): value is Folder {
  return (FOLDERS as readonly string[]).includes(value);
}

/** The folder a full path is directly inside, or null for a path no folder holds. */
export function folderOfPath(fullPath: string): Folder | null {
  const parts = fullPath.split('/');
  if (parts.some((part) => part === '')) return null;
  if (parts.length === 1) return 'root';
  const [folder] = parts;
  return parts.length === 2 && folder !== undefined && folder !== 'root' && isFolder(folder) ? folder : null;
}

const UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * '340 KB', '1.2 MB', '20 MB': binary units, as the operating systems volunteers use show them.
 * Never in bytes, so a list reads in one unit: a file under 1 KB is '1 KB' (rounded up, as
 * file managers show it), and only an empty one is '0 KB'.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes <= 0 ? 0 : 1} KB`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1023.95 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${Number(value.toFixed(digits))} ${UNITS[unit]}`;
}

/** 'PDF, 1.2 MB'; just 'PDF' when the backend does not report the size. */
export function describeFile(file: StoredFile): string {
  const kind = kindFromName(file.name);
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toUpperCase() : '';
  const label = kind === null ? extension || 'File' : FILE_KINDS[kind].label;
  return file.size === undefined ? label : `${label}, ${formatBytes(file.size)}`;
}

/** @internal Outside this file only tests and fakes use it. */
export const MAX_FILE_NAME_BYTES = 200;

// C0 and C1 controls, and the invisible marks and overrides that can make 'report\u202Efdp.exe'
// look like 'reportexe.pdf'.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
// Characters Windows refuses in names; files may be downloaded to a Windows PC.
const RESERVED = /[<>:"|?*]/g;

const utf8 = new TextEncoder();
const byteLength = (value: string) => utf8.encode(value).length;

function truncateToBytes(value: string, maxBytes: number): string {
  let result = '';
  for (const character of value) {
    if (byteLength(result + character) > maxBytes) break;
    result += character;
  }
  return result;
}

// Longer than any real extension: such a tail is part of the name, not a type.
const MAX_EXTENSION_BYTES = 16;

function limitLength(name: string): string {
  if (byteLength(name) <= MAX_FILE_NAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const tail = dot > 0 ? name.slice(dot) : '';
  const extension = byteLength(tail) <= MAX_EXTENSION_BYTES ? tail : '';
  const stem = name.slice(0, name.length - extension.length);
  return truncateToBytes(stem, MAX_FILE_NAME_BYTES - byteLength(extension)).trimEnd() + extension;
}

export type SanitisedFileName = { ok: true; name: string } | { ok: false; message: string };

export const UNUSABLE_FILE_NAME =
  'This file name cannot be used. Please rename the file using letters and numbers and try again.';

/**
 * A name that is safe to store under and still readable: only the last part of a path,
 * no '..', no control or direction-changing characters, no leading dots, at most
 * MAX_FILE_NAME_BYTES bytes of UTF-8 with the extension kept.
 */
export function sanitiseFileName(raw: string): SanitisedFileName {
  const segments = raw
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .split(/[/\\]/)
    // A segment of only dots and spaces ('', '.', '..') names no file.
    .filter((segment) => /[^.\s]/.test(segment));
  const base = segments.at(-1) ?? '';
  const cleaned = base
    .replace(RESERVED, '')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const name = limitLength(cleaned);
  return name === '' ? { ok: false, message: UNUSABLE_FILE_NAME } : { ok: true, name };
}
