import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { FormField } from '../../src/components/form-field';

const HINT = 'Each line becomes one point on the article page.';

function bodyField(value: string, error: string | undefined) {
  return <FormField label="Text of the post" name="body" rows={10} hint={HINT} value={value} error={error} onChange={() => {}} />;
}

// The forms' own tests cover fields with an error or with nothing; only the post editor has a hint,
// and there the hint and an error must both be read out, the hint first.
test('a field with a hint and an error is described by both, the hint first', () => {
  render(bodyField('', 'Please enter the text of the post.'));

  const field = screen.getByRole('textbox', { name: 'Text of the post' });
  expect(field).toHaveAccessibleDescription(`${HINT} Please enter the text of the post.`);
  expect(field).toBeInvalid();
});

test('once the text is written and its error gone, a field with a hint is described by the hint alone and is valid again', () => {
  const { rerender } = render(bodyField('', 'Please enter the text of the post.'));

  rerender(bodyField('The spring outing is on 3 May.', undefined));

  const field = screen.getByRole('textbox', { name: 'Text of the post' });
  expect(field).toHaveAccessibleDescription(HINT);
  expect(field).toBeValid();
});
