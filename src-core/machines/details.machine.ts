/**
 * The admin area's form for the association's details (self-hosted), built on the saved form block
 * ('./saved-form.setup'). Every field may be empty: an empty one is simply not shown on the site.
 * Its values have the social pages one per line; the composition root provides actor `submit`
 * (input AssociationDetails, resolving with them as stored) and `onSaved` (e.g. reload every
 * page's details).
 */
import { toCoreError } from '../domain/core-error';
import { validateDetails, type AssociationDetails, type DetailsField } from '../domain/association-details';
import type { FormValues } from './form.setup';
import { savedFormMachine } from './saved-form.setup';

const EMPTY: FormValues<DetailsField> = {
  contactName: '',
  address: '',
  phone: '',
  email: '',
  charityNumber: '',
  openingHours: '',
  replyTime: '',
  socialLinks: '',
  howToJoin: '',
};

/** The form's text for each field: the social pages one per line. */
function detailsToValues(details: AssociationDetails): FormValues<DetailsField> {
  return { ...details, socialLinks: details.socialLinks.join('\n') };
}

/** The details the form's text stands for. */
function valuesToDetails(values: FormValues<DetailsField>): AssociationDetails {
  return { ...values, socialLinks: values.socialLinks.split(/\r\n?|\n/) };
}

/** @internal Outside this file only tests and fakes use it. */
export const DETAILS_SAVED = "The association's details were saved. They now show at the foot of every page and on the Contact page.";

export const detailsMachine = savedFormMachine<DetailsField, AssociationDetails>({
  id: 'details',
  empty: EMPTY,
  validate: (values) => validateDetails(valuesToDetails(values)),
  failureMessage: (error) => `The details were not saved. ${toCoreError(error).message}`,
  toValues: detailsToValues,
  fromValues: valuesToDetails,
  savedText: () => DETAILS_SAVED,
  refusalFocusesField: false,
});
