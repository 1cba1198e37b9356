import { expect, test } from 'vitest';
import { ADMIN_PAGES } from './admin-pages';
import { ROLE_HOME, STAFF_ROLES, mayUse, mayUsePage, roleOf } from './roles';

test('each role lands on a page it may use, and each page but a branch officer\'s own branch page is open to the administrator', () => {
  for (const role of STAFF_ROLES) expect(mayUsePage(role, ROLE_HOME[role]), role).toBe(true);
  expect(ADMIN_PAGES.filter((page) => !mayUsePage('administrator', page.id)).map((page) => page.id)).toEqual(['branch']);
});

test('an editor has the news, files and events but not the members or the team; the membership secretary the reverse', () => {
  const pagesOf = (role: (typeof STAFF_ROLES)[number]) => ADMIN_PAGES.filter((page) => mayUsePage(role, page.id)).map((page) => page.id);

  expect(pagesOf('editor')).toEqual(['files', 'news', 'events', 'account']);
  expect(pagesOf('membership-secretary')).toEqual(['applications', 'members', 'member', 'member-import', 'renewals', 'email', 'account']);
  expect(pagesOf('branch-officer')).toEqual(['news', 'events', 'branch', 'account']);
});

test("a branch officer may use a record of their own branch only; other roles any branch's and the national ones", () => {
  const officer = { role: 'branch-officer', branchId: '3' } as const;

  expect(mayUse(officer, 'news-and-events')).toBe(true);
  expect(mayUse(officer, 'news-and-events', { branchId: '3' })).toBe(true);
  expect(mayUse(officer, 'news-and-events', { branchId: '4' })).toBe(false);
  expect(mayUse(officer, 'news-and-events', { branchId: null })).toBe(false);
  expect(mayUse({ role: 'branch-officer' }, 'news-and-events', { branchId: '3' })).toBe(false);
  expect(mayUse(officer, 'content')).toBe(false);
  expect(mayUse({ role: 'editor' }, 'news-and-events', { branchId: '4' })).toBe(true);
  expect(mayUse('editor', 'news-and-events', { branchId: null })).toBe(true);
  expect(mayUse(undefined, 'own-account')).toBe(false);
});

test('a user without a role has no role; one from a backend without roles is an administrator', () => {
  expect(roleOf(null)).toBeUndefined();
  expect(roleOf({ administrator: false })).toBeUndefined();
  expect(roleOf({ administrator: true })).toBe('administrator');
  expect(roleOf({ administrator: true, role: 'editor' })).toBe('editor');
});
