import type { Folder } from './stored-file';

export type FileKind = 'pdf' | 'doc' | 'docx';

export interface FileKindInfo {
  /** What a volunteer calls it: 'PDF', 'Word'. */
  readonly label: string;
  readonly mimeType: string;
  /** Lower case, with the dot. */
  readonly extensions: readonly string[];
}

export const FILE_KINDS: Readonly<Record<FileKind, FileKindInfo>> = {
  pdf: { label: 'PDF', mimeType: 'application/pdf', extensions: ['.pdf'] },
  doc: { label: 'Word', mimeType: 'application/msword', extensions: ['.doc'] },
  docx: {
    label: 'Word',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['.docx'],
  },
};

const KINDS_BY_FOLDER: Readonly<Record<Folder, readonly FileKind[]>> = {
  root: ['pdf', 'doc', 'docx'],
  events: ['pdf'],
  newsletters: ['pdf'],
};

/** Join forms at the root may be Word documents; events and newsletters are always PDFs. */
export function allowedKindsFor(folder: Folder): readonly FileKind[] {
  return KINDS_BY_FOLDER[folder];
}

export function kindFromName(name: string): FileKind | null {
  const lower = name.trim().toLowerCase();
  const kinds = Object.keys(FILE_KINDS) as FileKind[];
  return kinds.find((kind) => FILE_KINDS[kind].extensions.some((extension) => lower.endsWith(extension))) ?? null;
}

/** The media type a stored file is served with, from its name; a name of no kind we know is plain bytes. */
export function contentTypeOf(name: string): string {
  const kind = kindFromName(name);
  return kind === null ? 'application/octet-stream' : FILE_KINDS[kind].mimeType;
}

function startsWith(head: Uint8Array, signature: readonly number[]): boolean {
  return signature.length <= head.length && signature.every((byte, index) => head[index] === byte);
}

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // '%PDF-'
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04]; // 'PK\x03\x04'

/**
 * The kind the first bytes of a file prove it to be. OLE2 and ZIP are containers shared
 * by other formats (Excel, Outlook, any archive), so they count as Word only when the name
 * says so; a caller accepts a file when this equals `kindFromName(name)`.
 * @internal Outside this file only tests and fakes use it.
 */
export function sniffFileKind(head: Uint8Array, name: string): FileKind | null {
  if (startsWith(head, PDF_SIGNATURE)) return 'pdf';
  const named = kindFromName(name);
  if (startsWith(head, OLE2_SIGNATURE) && named === 'doc') return 'doc';
  if (startsWith(head, ZIP_SIGNATURE) && named === 'docx') return 'docx';
  return null;
}

/** How many leading bytes decide a file's kind. */
export const SIGNATURE_BYTES = 16;

/**
 * The kind a file will be stored as, or null to refuse it: its first bytes must prove the kind
 * its name claims, and that kind must be allowed in the folder. The self-hosted server applies
 * it to what arrives, and the hosted admin page to what it is about to send, so a page renamed
 * to '.pdf' is refused on both backends.
 */
export function acceptedKind(folder: Folder, name: string, head: Uint8Array): FileKind | null {
  const sniffed = sniffFileKind(head, name);
  if (sniffed === null || sniffed !== kindFromName(name)) return null;
  return allowedKindsFor(folder).includes(sniffed) ? sniffed : null;
}

/** What a volunteer reads when a file's content is not what its name says. */
export function wrongFileKindMessage(folder: Folder): string {
  const allowed = describeAllowedKinds(folder);
  return `This file is not a ${allowed} file, or it is damaged. Only ${allowed} files can be uploaded here.`;
}

function uniqueLabels(folder: Folder): string[] {
  return [...new Set(allowedKindsFor(folder).map((kind) => FILE_KINDS[kind].label))];
}

/** 'PDF or Word', 'PDF'. */
export function describeAllowedKinds(folder: Folder): string {
  const labels = uniqueLabels(folder);
  const last = labels.pop() ?? '';
  return labels.length === 0 ? last : `${labels.join(', ')} or ${last}`;
}

/** The value for a file input's accept attribute, so the picker offers only allowed files. */
export function acceptFor(folder: Folder): string {
  return allowedKindsFor(folder)
    .flatMap((kind) => [...FILE_KINDS[kind].extensions, FILE_KINDS[kind].mimeType])
    .join(',');
}
