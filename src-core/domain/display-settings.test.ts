import { expect, test } from 'vitest';
import {
  STANDARD_DISPLAY,
  displayAttributes,
  displayCookieValue,
  displaySettingsFrom,
  parseDisplayCookie,
  safeReturnPath,
} from './display-settings';

test('a chosen setting survives the trip through the cookie', () => {
  const chosen = displaySettingsFrom('largest', 'dark');

  expect(parseDisplayCookie(displayCookieValue(chosen))).toEqual({ textSize: 'largest', colours: 'dark' });
});

test('the standard settings keep no cookie at all', () => {
  expect(displayCookieValue(STANDARD_DISPLAY)).toBeUndefined();
  expect(displayCookieValue(displaySettingsFrom('large', 'standard'))).toBe('large.standard');
});

test('a missing, damaged or foreign cookie reads as the standard settings', () => {
  for (const value of [undefined, '', 'huge.pink', '<script>', 'large', '.dark']) {
    const settings = parseDisplayCookie(value);
    expect([settings.textSize, settings.colours], String(value)).toEqual([
      value === 'large' ? 'large' : 'standard',
      value === '.dark' ? 'dark' : 'standard',
    ]);
  }
});

test('only the parts a reader chose go on the page, so the device decides the rest', () => {
  expect(displayAttributes(STANDARD_DISPLAY)).toEqual({});
  expect(displayAttributes(displaySettingsFrom('large', 'standard'))).toEqual({ 'data-text-size': 'large' });
  expect(displayAttributes(displaySettingsFrom('standard', 'high-contrast'))).toEqual({ 'data-colours': 'high-contrast' });
});

test('the way back is a path on this site and nothing else', () => {
  expect(safeReturnPath('/news')).toBe('/news');
  expect(safeReturnPath('/article/12?x=1')).toBe('/article/12?x=1');
  for (const value of ['//evil.example', 'https://evil.example', '/\\evil.example', 'news', '/a\nb', '/display-settings', 7, undefined]) {
    expect(safeReturnPath(value), String(value)).toBeUndefined();
  }
});
