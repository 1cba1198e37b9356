import { expect, test } from 'vitest';
import { escapeNonAscii } from './ascii-output.plugin';

test('code with curly quotes, arrows and an emoji means the same once written in ASCII', () => {
  const source = ["const said = 'Nothing was found for ‘soda’ ← 👋';", 'const pattern = /[‘’]/; // a note…', 'return { said, pattern };'].join('\n');

  const escaped = escapeNonAscii(source);
  const run = new Function(escaped) as () => { said: string; pattern: RegExp };
  const { said, pattern } = run();

  expect([...escaped].every((character) => character.charCodeAt(0) < 0x80)).toBe(true);
  expect(said).toBe('Nothing was found for ‘soda’ ← 👋');
  expect(pattern.test('’')).toBe(true);
  expect(pattern.test("'")).toBe(false);
});
