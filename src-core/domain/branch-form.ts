import { checkBranch, isCounty, type Branch, type BranchField } from './branches';
import type { FieldErrors } from './validation';

/**
 * The admin area's form for a branch's details. A form's values are text: the counties are one
 * value, the chosen names joined by commas (no county's name has one), and 'active' is 'on' or ''.
 */
export type BranchFormField = BranchField | 'active' | 'id';
export type BranchValues = Record<BranchFormField, string>;

export const EMPTY_BRANCH_VALUES: BranchValues = {
  id: '',
  name: '',
  slug: '',
  counties: '',
  meets: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  description: '',
  active: 'on',
};

export function branchToValues(branch: Branch): BranchValues {
  return { ...branch, counties: branch.counties.join(','), active: branch.active ? 'on' : '' };
}

export function valuesToBranch(values: BranchValues): Branch {
  return {
    ...values,
    counties: values.counties.split(',').filter(isCounty),
    active: values.active === 'on',
  };
}

/** The values with `county` chosen or not. */
export function toggleCounty(counties: string, county: string, chosen: boolean): string {
  const rest = counties.split(',').filter((one) => one !== '' && one !== county);
  return (chosen ? [...rest, county] : rest).join(',');
}

/** The same rules the server applies (checkBranch), so most mistakes are named before sending. */
export function validateBranchValues(values: BranchValues): FieldErrors<BranchFormField> {
  const checked = checkBranch(valuesToBranch(values));
  return checked.ok ? {} : checked.fieldErrors;
}
