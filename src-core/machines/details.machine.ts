/**
 * The admin area's form for the association's details (self-hosted), built on the form block
 * ('./form.setup'). Every field may be empty: an empty one is simply not shown on the site.
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'submitting' -> 'editing' again:
 *   after a save with the details as stored and the `notice`; after a refusal with what was
 *   typed, a message beside each refused field and `errorMessage`.
 * Events: 'field.changed' { field; value }, 'form.submit' { values? }, 'details.loaded'
 *   { details } (fills the form with the details as they are; ignored while saving).
 * Context: `values` (social pages one per line), `fieldErrors`, `errorMessage`, `notice`.
 * The composition root provides:
 *   actor `submit`: fromPromise with input AssociationDetails, resolving with them as stored.
 *   action `onSaved`: e.g. reload every page's details (default: nothing).
 *   actions `focusFieldToFix`, `focusFailure` and `focusNotice` (after a save): the view's.
 */
import { assign } from 'xstate';
import { toCoreError } from '../domain/core-error';
import { validateDetails, type AssociationDetails, type DetailsField } from '../domain/association-details';
import { SUBMIT, VALIDATING, formSetup, type FormContext, type FormEvent, type FormValues } from './form.setup';

export interface DetailsContext extends FormContext<DetailsField> {
  notice: string | null;
}

export type DetailsEvent = FormEvent<DetailsField> | { type: 'details.loaded'; details: AssociationDetails };

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

export const detailsMachine = formSetup<DetailsField, AssociationDetails, AssociationDetails, DetailsContext, Exclude<DetailsEvent, FormEvent<DetailsField>>>({
  empty: EMPTY,
  validate: (values) => validateDetails(valuesToDetails(values)),
  failureMessage: (error) => `The details were not saved. ${toCoreError(error).message}`,
})
  .extend({
    actions: {
      onSaved: () => {},
      focusNotice: () => {},
      fill: assign(({ event }) => (event.type === 'details.loaded' ? { values: detailsToValues(event.details), fieldErrors: {}, errorMessage: null } : {})),
      noteSaved: assign((_, { saved }: { saved: AssociationDetails }) => ({ values: detailsToValues(saved), notice: DETAILS_SAVED })),
      forgetNotice: assign({ notice: null }),
    },
  })
  .createMachine({
    id: 'details',
    initial: 'editing',
    context: { values: EMPTY, fieldErrors: {}, errorMessage: null, notice: null },
    states: {
      editing: {
        on: {
          'field.changed': { actions: 'change' },
          'form.submit': SUBMIT,
          'details.loaded': { actions: 'fill' },
        },
      },
      validating: { ...VALIDATING, entry: ['validate', 'forgetNotice'] },
      submitting: {
        invoke: {
          src: 'submit',
          input: ({ context }) => valuesToDetails(context.values),
          onDone: {
            target: 'editing',
            actions: [{ type: 'noteSaved', params: ({ event }) => ({ saved: event.output }) }, 'onSaved', 'focusNotice'],
          },
          onError: {
            target: 'editing',
            actions: [{ type: 'showFailure', params: ({ event }) => ({ error: event.error }) }, 'focusFailure'],
          },
        },
      },
    },
  });
