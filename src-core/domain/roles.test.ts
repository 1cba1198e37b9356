import { expect, test } from 'vitest';
import { ADMIN_PAGES } from './admin-pages';
import { ROLE_HOME, STAFF_ROLES, mayUsePage, roleOf } from './roles';

test('each role lands on a page it may use, and each page is open to the administrator', () => {
  for (const role of STAFF_ROLES) expect(mayUsePage(role, ROLE_HOME[role]), role).toBe(true);
  expect(ADMIN_PAGES.filter((page) => !mayUsePage('administrator', page.id))).toEqual([]);
});

test('an editor has the news, files and events but not the members or the team; the membership secretary the reverse', () => {
  const pagesOf = (role: (typeof STAFF_ROLES)[number]) => ADMIN_PAGES.filter((page) => mayUsePage(role, page.id)).map((page) => page.id);

  expect(pagesOf('editor')).toEqual(['files', 'news', 'events', 'account']);
  expect(pagesOf('membership-secretary')).toEqual(['applications', 'members', 'member', 'member-import', 'renewals', 'email', 'account']);
});

test('a user without a role has no role; one from a backend without roles is an administrator', () => {
  expect(roleOf(null)).toBeUndefined();
  expect(roleOf({ administrator: false })).toBeUndefined();
  expect(roleOf({ administrator: true })).toBe('administrator');
  expect(roleOf({ administrator: true, role: 'editor' })).toBe('editor');
});
