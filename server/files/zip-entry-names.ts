import fsp from 'node:fs/promises';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_BYTES = 22;
/** The end record may be followed by a comment of up to 65,535 bytes. */
const LONGEST_TAIL = END_RECORD_BYTES + 0xffff;
/** More entries than any Word document has; a directory claiming more is not one. */
const MOST_ENTRIES = 10_000;

/**
 * The names in a ZIP file's central directory (the list at its end that every unzip program
 * reads), or null when the file has no readable directory. Only the directory is read, never
 * the contents, so a hostile archive costs one small read whatever it holds. ZIP64 archives
 * (over 4 GB or 65,535 entries) count as unreadable: no upload here is that large.
 */
export async function zipEntryNames(file: string): Promise<string[] | null> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size < END_RECORD_BYTES) return null;
    const tailLength = Math.min(size, LONGEST_TAIL);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let index = tailLength - END_RECORD_BYTES; index >= 0; index -= 1) {
      if (tail.readUInt32LE(index) === END_OF_DIRECTORY) {
        end = index;
        break;
      }
    }
    if (end < 0) return null;
    const entries = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (entries === 0xffff || directoryOffset === 0xffffffff || entries > MOST_ENTRIES) return null;
    if (directoryOffset + directorySize > size - tailLength + end) return null;
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const names: string[] = [];
    let position = 0;
    for (let entry = 0; entry < entries; entry += 1) {
      if (position + 46 > directory.length || directory.readUInt32LE(position) !== DIRECTORY_ENTRY) return null;
      const nameLength = directory.readUInt16LE(position + 28);
      const extraLength = directory.readUInt16LE(position + 30);
      const commentLength = directory.readUInt16LE(position + 32);
      const nameEnd = position + 46 + nameLength;
      if (nameEnd > directory.length) return null;
      names.push(directory.toString('utf8', position + 46, nameEnd));
      position = nameEnd + extraLength + commentLength;
    }
    return names;
  } finally {
    await handle.close();
  }
}
