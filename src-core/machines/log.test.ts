import { expect, test, vi } from 'vitest';
import { logToConsole } from './log';

test('information goes to console.info and problems to console.warn, with the error', () => {
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const error = new Error('offline');

  logToConsole({ level: 'info', message: 'No file selected.' });
  logToConsole({ level: 'warn', message: 'Upload failed.', error });

  expect(info.mock.calls).toEqual([['No file selected.']]);
  expect(warn.mock.calls).toEqual([['Upload failed.', error]]);
});
