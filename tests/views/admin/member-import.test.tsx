import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { IMPORT_MESSAGES, sampleMember } from '../../../mocks/membership-api';
import { NOTHING_IMPORTED } from '../../../src-core/machines/member-import.machine';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, pickedFile, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

const HEADER = 'Name,Address,E-mail,Branch,Status,Paid until,Shoe size';

async function openImport() {
  const rendered = renderSite('/admin/members/import');
  await findAdminPage('Import members');
  return rendered;
}

function csvFile(text: string) {
  return pickedFile([text], 'members.csv', 'text/csv');
}

test('a file with broken rows is previewed with each problem by line, and nothing can be imported', async () => {
  const state = useSignedInApi(server, { members: [sampleMember()] });
  const { user } = await openImport();

  await user.upload(
    screen.getByLabelText('The CSV file'),
    csvFile([HEADER, 'Anne Ahern,1 Quay Street,anne@example.org,Sample Branch North,active,2026-12-31,5', ',2 Quay Street,,,active,,', 'Bridget Brennan,3 Quay Street,bridget at home,,sleeping,31/12/2026,'].join('\n')),
  );

  const preview = await screen.findByRole('region', { name: 'What members.csv holds' });
  expect(within(preview).getByRole('heading', { name: 'What members.csv holds' })).toHaveFocus();
  expect(preview).toHaveTextContent('3 members in the file. Nothing has been imported yet.');
  expect(within(preview).getByRole('heading', { name: '2 rows cannot be read, so nothing will be imported' })).toBeInTheDocument();
  const problems = within(preview).getAllByRole('listitem').map((item) => item.textContent);
  expect(problems).toEqual(
    expect.arrayContaining([`Line 3: ${IMPORT_MESSAGES.nameMissing}`, `Line 4: ${IMPORT_MESSAGES.email}`, `Line 4: ${IMPORT_MESSAGES.status}`, `Line 4: ${IMPORT_MESSAGES.date('Paid until')}`]),
  );
  expect(problems).toEqual(expect.arrayContaining(['E-mail: E-mail', 'Shoe size: not used', 'Paid until: Paid until']));
  expect(within(preview).getByRole('row', { name: /Anne Ahern/ })).toHaveTextContent('Sample Branch North');
  expect(within(preview).queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
  expect(state.members).toHaveLength(1);
});

test('a good file is previewed, then every member imported at once', async () => {
  const state = useSignedInApi(server, { members: [sampleMember()] });
  const { user } = await openImport();

  await user.upload(
    screen.getByLabelText('The CSV file'),
    csvFile([HEADER, 'Anne Ahern,1 Quay Street,anne@example.org,Sample Branch North,active,2026-12-31,5', 'Bridget Brennan,"3 Quay Street, Galway",,,lapsed,2025-12-31,'].join('\r\n')),
  );
  const preview = await screen.findByRole('region', { name: 'What members.csv holds' });
  expect(preview).toHaveTextContent('2 members in the file.');
  expect(within(preview).queryByText(/cannot be read/)).not.toBeInTheDocument();
  expect(state.members).toHaveLength(1);

  await user.click(within(preview).getByRole('button', { name: 'Import 2 members' }));
  const outcome = await screen.findByText(/2 members were imported/);
  expect(outcome.closest('[tabindex="-1"]')).toHaveFocus();
  expect(state.members.map((one) => one.name)).toEqual(['Mary Byrne', 'Anne Ahern', 'Bridget Brennan']);
  expect(state.members[2]).toMatchObject({ status: 'lapsed', email: null, address: '3 Quay Street\nGalway' });
});

test('when the list changed between the preview and the import, the refusal names the rows and says nothing was imported', async () => {
  const state = useSignedInApi(server, { members: [] });
  const { user } = await openImport();
  await user.upload(screen.getByLabelText('The CSV file'), csvFile(['Number,Name,Address', '101,Anne Ahern,1 Quay Street'].join('\n')));
  const preview = await screen.findByRole('region', { name: 'What members.csv holds' });

  // Someone approves an application that takes number 101 meanwhile.
  state.members = [sampleMember()];
  await user.click(within(preview).getByRole('button', { name: 'Import 1 member' }));

  expect(await within(preview).findByText(NOTHING_IMPORTED)).toBeInTheDocument();
  expect(preview).toHaveTextContent(`Line 2: ${IMPORT_MESSAGES.numberTaken(101)}`);
  expect(state.members).toHaveLength(1);
});

test('a file that is not a list of members says so, and nothing is imported', async () => {
  useSignedInApi(server);
  const { user } = await openImport();
  await user.upload(screen.getByLabelText('The CSV file'), csvFile('Shopping\nMilk\nBread'));
  const problem = await screen.findByRole('alert');
  expect(problem).toHaveTextContent(`The file could not be read as a list of members. ${IMPORT_MESSAGES.noNameColumn}`);
  expect(problem).toHaveFocus();
  expect(screen.queryByRole('region', { name: /What members.csv holds/ })).not.toBeInTheDocument();
});
