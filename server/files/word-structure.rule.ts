import { zipEntryNames } from './zip-entry-names';

/**
 * The parts every Word document (.docx, Office Open XML) has: the package's list of content
 * types and the main document. A ZIP starts with the same four bytes whatever it holds, so
 * without these a '.docx' could be any archive (a program, a page, other archives).
 */
const REQUIRED_PARTS = ['[Content_Types].xml', 'word/document.xml'] as const;

/** Whether the ZIP file on disk has the structure of a Word document. */
export async function hasWordStructure(file: string): Promise<boolean> {
  const names = await zipEntryNames(file);
  if (names === null) return false;
  const present = new Set(names);
  return REQUIRED_PARTS.every((part) => present.has(part));
}
