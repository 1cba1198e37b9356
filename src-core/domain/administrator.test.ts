import { expect, test } from 'vitest';
import { isAdministrator, normaliseEmail } from './administrator';

const admins = ['secretary@example.org', ' Chair@Example.org '];

test('an e-mail is normalised by trimming and lower-casing', () => {
  expect(normaliseEmail('  Mary.Byrne@Example.ORG \n')).toBe('mary.byrne@example.org');
});

test('a listed address is an administrator', () => {
  expect(isAdministrator({ email: 'secretary@example.org' }, admins)).toBe(true);
});

test('an upper-case or padded address still matches, on either side', () => {
  expect(isAdministrator({ email: '  SECRETARY@example.org ' }, admins)).toBe(true);
  expect(isAdministrator({ email: 'chair@example.org' }, admins)).toBe(true);
});

test('an address not in the list is not an administrator', () => {
  expect(isAdministrator({ email: 'member@example.org' }, admins)).toBe(false);
  expect(isAdministrator({ email: 'secretary@example.org.evil.example' }, admins)).toBe(false);
});

test('nobody signed in is not an administrator', () => {
  expect(isAdministrator(null, admins)).toBe(false);
});

test('an unverified e-mail is not an administrator', () => {
  expect(isAdministrator({ email: 'secretary@example.org', emailVerified: false }, admins)).toBe(false);
});

test('a verified e-mail, or one whose verification is unknown, counts', () => {
  expect(isAdministrator({ email: 'secretary@example.org', emailVerified: true }, admins)).toBe(true);
  expect(isAdministrator({ email: 'secretary@example.org', emailVerified: undefined }, admins)).toBe(true);
});

test('an empty list makes nobody an administrator', () => {
  expect(isAdministrator({ email: 'secretary@example.org' }, [])).toBe(false);
});

test('an empty e-mail never matches, even against an empty entry in the list', () => {
  expect(isAdministrator({ email: '  ' }, ['', 'secretary@example.org'])).toBe(false);
});
