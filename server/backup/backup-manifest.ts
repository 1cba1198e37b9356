import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BackupError, isErrorCode } from './backup-error';

const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'site.db';
export const FILES_FOLDER = 'files';

const FORMAT = 'rnai-website-backup';

// A manifest comes from a folder someone hands to --restore: its paths must stay inside it.
const relativePath = z
  .string()
  .min(1)
  .refine((value) => !value.includes('\0') && value.split('/').every((part) => part !== '' && part !== '.' && part !== '..'), {
    message: 'must be a path inside the backup',
  });

const checked = z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  schemaVersion: z.number().int().nonnegative(),
  counts: z.object({
    posts: z.number().int().nonnegative(),
    files: z.number().int().nonnegative(),
    contactMessages: z.number().int().nonnegative(),
    accounts: z.number().int().nonnegative(),
  }),
  database: checked,
  filesBytes: z.number().int().nonnegative(),
  files: z.array(checked.extend({ path: relativePath })),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export function newManifest(content: Omit<BackupManifest, 'format' | 'formatVersion'>): BackupManifest {
  return { format: FORMAT, formatVersion: 1, ...content };
}

/** Written last, and flushed, so only a backup that got to the end has one. */
export async function writeManifest(folder: string, manifest: BackupManifest): Promise<void> {
  const file = path.join(folder, MANIFEST_FILE);
  await fsp.writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx', flush: true });
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  if (!fs.existsSync(folder)) throw new BackupError(`There is no folder ${folder}.`);
  const notABackup = `${folder} is not a complete backup made by npm run backup`;
  let text: string;
  try {
    text = await fsp.readFile(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) throw new BackupError(`${notABackup}: it has no ${MANIFEST_FILE}. Nothing was changed.`);
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupError(`${notABackup}: its ${MANIFEST_FILE} cannot be read. Nothing was changed.`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw new BackupError(`${notABackup}: its ${MANIFEST_FILE} is not one this version understands. Nothing was changed.`);
  return result.data;
}
