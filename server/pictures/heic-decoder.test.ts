import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { decodeHeic } from './heic-decoder';

test('the HEIC decoder loads libheif and refuses a file that is not HEIC', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-heic-')), 'not.heic');
  fs.writeFileSync(file, 'Minutes of the committee meeting');

  await expect(decodeHeic(file)).rejects.toThrow('input buffer is not a HEIC image');
});
