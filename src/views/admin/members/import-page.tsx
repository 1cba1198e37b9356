import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { MEMBER_STATUS_WORDS, shortDate } from '../../../../src-core/domain/member-records';
import type { ImportResult } from '../../../../src-core/domain/membership-admin';
import type { memberImportMachine } from '../../../../src-core/machines/member-import.machine';
import { FailureMessage } from '../../../components/status-message';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useAfterRender } from '../../../lib/after-render.hook';
import { focusById } from '../../../lib/focus';
import type { ActorRefFrom } from 'xstate';
import { ColumnHeads } from '../../../components/column-heads';
import { AdminCard } from '../admin-card';
import './members.css';

type ImportActor = ActorRefFrom<typeof memberImportMachine>;

const PREVIEW_ID = 'member-import-preview';
const OUTCOME_ID = 'member-import-outcome';
const PROBLEM_ID = 'member-import-problem';

/** The words for the fields a column can fill. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  number: 'Membership number',
  name: 'Name',
  address: 'Address',
  eircode: 'Eircode',
  phone: 'Phone',
  email: 'E-mail',
  branch: 'Branch',
  status: 'Status',
  joinedOn: 'Joined on',
  paidUntil: 'Paid until',
};

function Preview({ result, actor }: { readonly result: ImportResult; readonly actor: ImportActor }) {
  const importing = useSelector(actor, (state) => state.matches('importing'));
  const problem = useSelector(actor, (state) => state.context.problem);
  const fileName = useSelector(actor, (state) => state.context.fileName);
  const fine = result.problems.length === 0 && result.rows > 0;
  const brokenRows = new Set(result.problems.map((one) => one.line)).size;
  return (
    <section aria-labelledby={PREVIEW_ID} className="admin-card members">
      <h2 id={PREVIEW_ID} tabIndex={-1}>
        What {fileName ?? 'the file'} holds
      </h2>
      <p>
        {result.rows === 1 ? '1 member' : `${result.rows} members`} in the file. Nothing has been imported yet.
      </p>
      {result.problems.length > 0 && (
        <div className="status status--error members-problems">
          <h3>
            {brokenRows === 1 ? '1 row cannot be read' : `${brokenRows} rows cannot be read`}, so nothing will be imported
          </h3>
          <p>{problem ?? 'Please put these right in your spreadsheet, save it as CSV again and choose it here.'}</p>
          <ul>
            {result.problems.map((one, index) => (
              <li key={`${one.line}-${index}`}>
                Line {one.line}: {one.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <h3>How each column was understood</h3>
      <ul className="members-columns">
        {result.columns.map((column, index) => (
          <li key={`${column.header}-${index}`}>
            <strong>{column.header === '' ? '(no heading)' : column.header}</strong>:{' '}
            {column.field === null ? 'not used' : (FIELD_WORDS[column.field] ?? column.field)}
          </li>
        ))}
      </ul>
      {result.sample.length > 0 && (
        <>
          <h3>The first {result.sample.length === 1 ? 'row' : `${result.sample.length} rows`}, as they will be kept</h3>
          <table className="members-table">
            <caption className="visually-hidden">The first rows of the file, as they will be kept</caption>
            <ColumnHeads names={['Name', 'Number', 'Address', 'Branch', 'Status', 'Paid until']} />
            <tbody>
              {result.sample.map((row) => (
                <tr key={row.number}>
                  <th scope="row" data-label="Name">
                    {row.name === '' ? '(no name)' : row.name}
                  </th>
                  <td data-label="Number">{row.number}</td>
                  <td data-label="Address" className="members__address">
                    {row.address}
                  </td>
                  <td data-label="Branch">{row.branch ?? 'None'}</td>
                  <td data-label="Status">{MEMBER_STATUS_WORDS[row.status]}</td>
                  <td data-label="Paid until">{row.paidUntil === null ? 'Not paid yet' : shortDate(row.paidUntil)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {fine && (
        <div className="admin-form__actions">
          <button type="button" className="button" disabled={importing} onClick={() => actor.send({ type: 'import' })}>
            Import {result.rows === 1 ? '1 member' : `${result.rows} members`}
          </button>
          {importing && (
            <p role="status" className="admin-form__busy">
              Importing... This can take a little while for a long list.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/** 'Import members' (self-hosted): the association's existing list from a CSV file, previewed first, all rows or none. */
export function ImportPage() {
  const fileId = useId();
  const hintId = useId();
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.memberImport({
      focusPreview: () => afterRender(() => focusById(PREVIEW_ID)),
      focusOutcome: () => afterRender(() => focusById(OUTCOME_ID)),
      focusProblem: () => afterRender(() => focusById(PROBLEM_ID)),
    }),
  );
  const actor = useActorRef(machine);
  const reading = useSelector(actor, (state) => state.matches({ choosing: 'reading' }) || state.matches({ choosing: 'previewing' }));
  const imported = useSelector(actor, (state) => (state.matches({ choosing: 'imported' }) ? state.context.result : null));
  const previewed = useSelector(actor, (state) => (state.matches({ choosing: 'previewed' }) || state.matches('importing') ? state.context.result : null));
  const problem = useSelector(actor, (state) => (state.matches({ choosing: 'idle' }) || (state.matches({ choosing: 'previewed' }) && state.context.result?.problems.length === 0) ? state.context.problem : null));
  return (
    <>
      <p>
        <Link to="/admin/members">Back to the member list</Link>
      </p>
      <div id={OUTCOME_ID} tabIndex={-1} role="status" className="admin-notice">
        {imported !== null && (
          <p className="status status--success">
            {imported.imported === 1 ? '1 member was imported.' : `${imported.imported} members were imported.`} They are in the{' '}
            <Link to="/admin/members">member list</Link>.
          </p>
        )}
      </div>
      <AdminCard title="Choose the file" className="members">
        <p>
          Save your spreadsheet as a CSV file (in Excel: File, Save As, &apos;CSV UTF-8&apos;). Its first row names the columns, for example Name,
          Address, Eircode, Phone, E-mail, Branch, Status, Joined, Paid until. You will see what the website makes of it before anything is imported,
          and it imports every row or none.
        </p>
        <div className="form-field">
          <label htmlFor={fileId}>The CSV file</label>
          <p id={hintId} className="form-field__hint">
            A .csv file, up to 5 MB.
          </p>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            disabled={reading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file !== undefined) actor.send({ type: 'file.chosen', file });
            }}
          />
        </div>
        {reading && (
          <p role="status" className="admin-form__busy">
            Reading the file...
          </p>
        )}
        <FailureMessage id={PROBLEM_ID} message={problem} />
      </AdminCard>
      {previewed !== null && <Preview result={previewed} actor={actor} />}
    </>
  );
}
