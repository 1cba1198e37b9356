import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { PDF_PROBLEM_MESSAGES } from '../../../src-core/domain/pdf-accessibility';
import { PDF_SAMPLES } from '../../support/pdf-samples';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, pickedFile, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

async function openEventsForm() {
  useSignedInApi(server, {});
  const view = renderSite('/admin');
  await findAdminPage();
  const form = await screen.findByRole('region', { name: 'Upload Events' });
  return { ...view, form, picker: within(form).getByLabelText('Choose a file') };
}

test('a scanned PDF is reported as unreadable by screen readers and untitled, with how to fix it, and can still be uploaded', async () => {
  const { user, form, picker } = await openEventsForm();

  await user.upload(picker, pickedFile([PDF_SAMPLES.scan()], 'scan.pdf', 'application/pdf'));

  const advice = await within(form).findByText('This PDF will be hard to use for visitors who use a screen reader.');
  const region = advice.closest('[role="status"]') as HTMLElement;
  expect(within(region).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    PDF_PROBLEM_MESSAGES['no-text'],
    PDF_PROBLEM_MESSAGES['no-title'],
  ]);
  expect(region).toHaveTextContent('You can still upload it');
  expect(picker).toHaveAccessibleDescription(expect.stringContaining('it looks like a scan'));
  expect(within(form).getByRole('button', { name: 'Upload' })).toBeEnabled();
});

test('an untitled PDF is told to get a title; an accessible one is told it is fine', async () => {
  const { user, form, picker } = await openEventsForm();

  await user.upload(picker, pickedFile([PDF_SAMPLES.untitled()], 'outing.pdf', 'application/pdf'));
  expect(await within(form).findByText(PDF_PROBLEM_MESSAGES['no-title'])).toBeInTheDocument();
  expect(within(form).queryByText(PDF_PROBLEM_MESSAGES['not-tagged'])).not.toBeInTheDocument();

  await user.upload(picker, pickedFile([PDF_SAMPLES.accessible()], 'agm.pdf', 'application/pdf'));
  expect(await within(form).findByText('This PDF has text, a title and tags, so screen readers can read it.')).toBeInTheDocument();
  expect(within(form).queryByText(PDF_PROBLEM_MESSAGES['no-title'])).not.toBeInTheDocument();
});
