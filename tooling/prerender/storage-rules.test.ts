import fs from 'node:fs';
import { expect, test } from 'vitest';
import { administratorsDisagree, administratorsInRules } from './storage-rules';

const rules = fs.readFileSync('storage.rules', 'utf8');

test("the repository's storage.rules name their administrators in one list the build can read", () => {
  expect(administratorsInRules(rules)).toEqual(['secretary@example.org', 'chair@example.org']);
});

test('the same addresses in any order and case agree', () => {
  expect(administratorsDisagree(rules, ' Chair@Example.org, secretary@example.org ')).toBeNull();
});

test('an address on one list only is named, with which list has it', () => {
  const problem = administratorsDisagree(rules, 'secretary@example.org, treasurer@example.org');

  expect(problem).toContain('VITE_ADMIN_EMAILS has treasurer@example.org, which storage.rules do not');
  expect(problem).toContain('storage.rules have chair@example.org, which VITE_ADMIN_EMAILS does not');
});

test('rules without one administrator list are refused rather than read wrong', () => {
  expect(() => administratorsInRules('service firebase.storage {}')).toThrow(/one administrator list/);
});
