import fs from 'node:fs';
import { expect, test } from 'vitest';
import { npmStart } from './npm-start';

test('what npm start runs is scripts/start.mjs after node flags, with malloc kept to two arenas', () => {
  const { env, args } = npmStart();
  const script = args.at(-1) ?? '';

  expect(script.endsWith('scripts/start.mjs')).toBe(true);
  expect(fs.existsSync(script)).toBe(true);
  expect(args.slice(0, -1).every((flag) => flag.startsWith('--'))).toBe(true);
  expect(args).toContain('--max-semi-space-size=2');
  expect(args).toContain('--max-old-space-size=256');
  expect(args).toContain('--no-allocation-site-pretenuring');
  expect(env).toEqual({ MALLOC_ARENA_MAX: '2' });
});
