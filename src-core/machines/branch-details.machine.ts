/**
 * A branch's details in the admin area (self-hosted): name, web address, counties, where and
 * when it meets, contact, description and whether it is active. Built on the saved form block
 * ('./saved-form.setup'), like the membership settings; a refusal naming a field focuses it.
 * The composition root provides actor `submit` (the branch; resolves with it as stored) and `onSaved`.
 */
import { toCoreError } from '../domain/core-error';
import { EMPTY_BRANCH_VALUES, branchToValues, validateBranchValues, valuesToBranch, type BranchFormField } from '../domain/branch-form';
import type { Branch } from '../domain/branches';
import { savedFormMachine } from './saved-form.setup';

export const branchDetailsMachine = savedFormMachine<BranchFormField, Branch>({
  id: 'branchDetails',
  empty: EMPTY_BRANCH_VALUES,
  validate: validateBranchValues,
  failureMessage: (error) => `The branch was not saved. ${toCoreError(error).message}`,
  toValues: branchToValues,
  fromValues: valuesToBranch,
  savedText: (branch) => `Saved. ${branch.name}'s page shows these details now.`,
  refusalFocusesField: true,
});
