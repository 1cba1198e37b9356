/** The three places files live: 'root' holds the join forms and important documents. */
export const FOLDERS = ['root', 'events', 'newsletters'] as const;
export type Folder = (typeof FOLDERS)[number];

export interface StoredFile {
  /** File name with its extension, e.g. 'Spring Newsletter 2026.pdf'. */
  readonly name: string;
  /** Path inside the storage: 'name.pdf' at the root, 'events/name.pdf' in a folder. */
  readonly fullPath: string;
  /** Address a browser can open or download directly. */
  readonly url: string;
  /** Size in bytes, where the backend reports it. */
  readonly size?: number;
  /** ISO 8601 date-time of the upload, where the backend reports it. */
  readonly updatedAt?: string;
  /** MIME type, where the backend reports it. */
  readonly contentType?: string;
}
