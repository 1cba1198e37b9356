import { expect, test } from 'vitest';
import { EMPTY_DETAILS } from '../../../src-core/domain/association-details';
import { SAMPLE_DETAILS } from '../../../src-core/domain/sample-details';
import { createMemoryBackend } from '../../support/memory/memory-backend';
import { sampleMemorySeed } from '../../support/memory/memory-seed';

test('details start empty, and the sample seed fills them with plainly fictional values', async () => {
  expect(await createMemoryBackend().association.getDetails()).toEqual(EMPTY_DETAILS);
  const sample = await createMemoryBackend(sampleMemorySeed()).association.getDetails();
  expect(sample).toEqual(SAMPLE_DETAILS);
  expect(sample.email).toMatch(/@example\.org$/);
});

test('an administrator saves details, trimmed; bad ones are refused with a message per field and nothing changes', async () => {
  const backend = createMemoryBackend({ adminEmails: ['a@example.org'], accounts: { 'a@example.org': { password: 'pw-long-enough-1', emailVerified: true } }, signedIn: 'a@example.org' });
  const editor = backend.associationEditor;
  if (editor === undefined) throw new Error('no editor');

  const saved = await editor.saveDetails({ ...EMPTY_DETAILS, phone: ' 01 234 5678 ', socialLinks: ['', 'https://facebook.com/x'] });
  expect(saved.phone).toBe('01 234 5678');
  expect(saved.socialLinks).toEqual(['https://facebook.com/x']);

  await expect(editor.saveDetails({ ...EMPTY_DETAILS, phone: 'call us', email: 'nope' })).rejects.toMatchObject({
    kind: 'invalid-input',
    fieldErrors: { phone: expect.stringContaining('digits') as unknown, email: expect.stringContaining('valid e-mail') as unknown },
  });
  expect((await backend.association.getDetails()).phone).toBe('01 234 5678');
});

test('without an administrator nothing is saved', async () => {
  const editor = createMemoryBackend({ adminEmails: ['a@example.org'] }).associationEditor;
  await expect(editor?.saveDetails(EMPTY_DETAILS)).rejects.toMatchObject({ kind: 'not-authorised' });
});
