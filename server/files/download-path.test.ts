import { expect, test } from 'vitest';
import { parseDownloadPath } from './download-path';

test.each([
  ['Join%20Form.pdf', { folder: 'root', name: 'Join Form.pdf' }],
  ['events/Summer%20Outing.pdf', { folder: 'events', name: 'Summer Outing.pdf' }],
  ['newsletters/Spring%20%E2%80%93%202026.pdf', { folder: 'newsletters', name: 'Spring – 2026.pdf' }],
])('a stored file address %s names its folder and file', (encoded, expected) => {
  expect(parseDownloadPath(encoded)).toEqual(expected);
});

test.each([
  '..',
  '../site.db',
  '%2e%2e%2fsite.db',
  '..%5csite.db',
  '..\\site.db',
  'events/../../x.pdf',
  '/etc/passwd',
  '%2Fetc%2Fpasswd',
  'root/x.pdf',
  'other/x.pdf',
  'events/inner/x.pdf',
  'x.pdf%00.txt',
  '%E0%A4%A',
  '.hidden.pdf',
  'events/',
  '',
])('%s names nothing', (encoded) => {
  expect(parseDownloadPath(encoded)).toBeNull();
});
