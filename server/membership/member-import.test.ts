import { expect, test } from 'vitest';
import { planImport } from './member-import';

const context = { branches: [{ id: '3', name: 'Cork Branch' }], numbersTaken: () => [], nextNumber: 1, today: '2026-11-21' };

test('common headers are understood in any case and spelling, and unknown ones are shown as ignored', () => {
  const plan = planImport('MEMBERSHIP NO.,Forename,Last name,Address Line 1,Address line 2,Post code,Tel,E-Mail Address,Date joined,Paid to,NMBI,Comments,Fax\n', context);

  expect(plan.result.columns.map((column) => column.field)).toEqual([
    'number', 'firstName', 'surname', 'address1', 'address2', 'eircode', 'phone', 'email', 'joinedOn', 'paidUntil', 'nmbiPin', 'notes', null,
  ]);
});

test('a quotation mark never closed is named by its line, and nothing is planned', () => {
  const plan = planImport('Name,Address\nMary Byrne,12 Main Street\n"Sean Daly,1 Quay Street\nNora Walsh,2 Quay Street\n', context);

  expect(plan.members).toEqual([]);
  expect(plan.result.problems).toHaveLength(1);
  expect(plan.result.problems[0]?.message).toContain('A quotation mark (") opens a cell here but never closes it.');
});

test('dates are read as YYYY-MM-DD or DD/MM/YYYY, and a day that does not exist is a problem', () => {
  const plan = planImport('Name,Joined,Paid until\nMary Byrne,5/3/2019,2026-12-31\nSean Daly,29/02/2023,\n', context);

  expect(plan.result.problems.map((problem) => problem.line)).toEqual([3]);
  expect(plan.result.sample[0]).toMatchObject({ name: 'Mary Byrne', joinedOn: '2019-03-05', paidUntil: '2026-12-31' });
});

test('without a name column nothing can be imported, and the first line says why', () => {
  const plan = planImport('Address,Email\n12 Main Street,mary@example.org\n', context);

  expect(plan.result.problems[0]).toEqual({ line: 1, message: 'No column for the name was found. Please name one column "Name", or two "First name" and "Surname".' });
});
