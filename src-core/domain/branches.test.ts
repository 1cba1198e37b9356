import { expect, test } from 'vitest';
import { BRANCH_MESSAGES, IRISH_COUNTIES, branchesInCounty, checkBranch, slugFromName, type BranchInput } from './branches';

const input: BranchInput = {
  name: '  Cork   Branch ',
  slug: '',
  counties: ['Kerry', 'Cork'],
  meets: 'Second Tuesday, 11am\r\nParish Centre',
  contactName: 'Sample Secretary',
  contactPhone: '021 555 0102',
  contactEmail: 'cork@example.org',
  description: '',
  active: true,
};

test('the Republic of Ireland has 26 counties, each listed once', () => {
  expect(IRISH_COUNTIES).toHaveLength(26);
  expect(new Set(IRISH_COUNTIES).size).toBe(26);
});

test('a county maps to every active branch covering it, in the order given, and to none elsewhere', () => {
  const branches = [
    { name: 'South', counties: ['Cork', 'Kerry'], active: true },
    { name: 'Old Cork', counties: ['Cork'], active: false },
    { name: 'Munster', counties: ['Cork', 'Limerick'], active: true },
  ] as const;

  expect(branchesInCounty(branches, 'Cork').map((branch) => branch.name)).toEqual(['South', 'Munster']);
  expect(branchesInCounty(branches, 'Kerry').map((branch) => branch.name)).toEqual(['South']);
  expect(branchesInCounty(branches, 'Mayo')).toEqual([]);
  expect(branchesInCounty(branches, 'Atlantis')).toEqual([]);
});

test('details are tidied: spaces in the name, the address made from it, counties in the list order, line endings', () => {
  const checked = checkBranch(input);

  expect(checked).toEqual({
    ok: true,
    details: { ...input, name: 'Cork Branch', slug: 'cork-branch', counties: ['Cork', 'Kerry'], meets: 'Second Tuesday, 11am\nParish Centre' },
  });
});

test('each field refused says how to put it right', () => {
  const checked = checkBranch({
    ...input,
    name: ' ',
    slug: 'Cork Branch!',
    counties: ['Cork', 'Atlantis'],
    contactPhone: 'ring the hall',
    contactEmail: 'cork at example',
    description: 'x'.repeat(1001),
  });

  expect(checked).toEqual({
    ok: false,
    fieldErrors: {
      name: BRANCH_MESSAGES.name,
      slug: BRANCH_MESSAGES.slug,
      counties: BRANCH_MESSAGES.counties,
      contactPhone: BRANCH_MESSAGES.contactPhone,
      contactEmail: BRANCH_MESSAGES.contactEmail,
      description: 'Please keep the description to 1000 characters or fewer.',
    },
  });
  expect(checkBranch({ ...input, counties: [] })).toMatchObject({ ok: false, fieldErrors: { counties: BRANCH_MESSAGES.counties } });
});

test('a web address made from a name keeps only plain letters, digits and single hyphens', () => {
  expect(slugFromName('St. Brigid’s Branch')).toBe('st-brigids-branch');
  expect(slugFromName('Dún Laoghaire / Rathdown')).toBe('dun-laoghaire-rathdown');
  expect(slugFromName('!!!')).toBe('');
});
