import { CsvError, parse } from 'csv-parse/sync';
import type { z } from 'zod';
import type { memberImportResultSchema } from '../../contract/membership';
import { normaliseEmail } from '../../src-core/domain/administrator';
import type { WireBranch } from '../../contract/membership';
import type { ImportedMember } from '../repositories/members.repository';
import { oneLine } from './application-fields';
import {
  checkedAddress,
  checkedDay,
  checkedEircode,
  checkedEmail,
  checkedName,
  checkedNmbiPin,
  checkedOptionalDay,
  checkedPhone,
  checkedStatus,
} from './member-fields';
import { MEMBER_LIST_MESSAGES } from './member-messages';

type ImportResult = z.infer<typeof memberImportResultSchema>;

type Field =
  | 'number' | 'name' | 'firstName' | 'surname' | 'address' | 'address1' | 'address2' | 'address3' | 'address4'
  | 'eircode' | 'phone' | 'email' | 'branch' | 'status' | 'joinedOn' | 'paidUntil' | 'nmbiPin' | 'notes';

// The headers a spreadsheet kept by hand is likely to have, compared without case, spaces, dots or dashes.
const HEADERS: Readonly<Record<string, Field>> = {
  membershipnumber: 'number', number: 'number', memberno: 'number', membershipno: 'number', membernumber: 'number', no: 'number',
  name: 'name', fullname: 'name',
  firstname: 'firstName', forename: 'firstName', givenname: 'firstName',
  surname: 'surname', lastname: 'surname', familyname: 'surname',
  address: 'address', postaladdress: 'address',
  addressline1: 'address1', address1: 'address1', addressline2: 'address2', address2: 'address2',
  addressline3: 'address3', address3: 'address3', addressline4: 'address4', address4: 'address4',
  eircode: 'eircode', postcode: 'eircode',
  phone: 'phone', telephone: 'phone', mobile: 'phone', phonenumber: 'phone', tel: 'phone', mobilenumber: 'phone',
  email: 'email', emailaddress: 'email',
  branch: 'branch',
  status: 'status',
  joined: 'joinedOn', joinedon: 'joinedOn', datejoined: 'joinedOn', joindate: 'joinedOn',
  paiduntil: 'paidUntil', paidto: 'paidUntil',
  nmbipin: 'nmbiPin', nmbi: 'nmbiPin', pin: 'nmbiPin',
  notes: 'notes', note: 'notes', comments: 'notes',
};

const SAMPLE_ROWS = 20;

function fieldOf(header: string): Field | null {
  return HEADERS[header.toLowerCase().replace(/[\s._\-#]/g, '')] ?? null;
}

export interface ImportPlan {
  readonly result: ImportResult;
  /** Every row as it will be stored; empty when there is any problem. */
  readonly members: readonly ImportedMember[];
}

interface ImportContext {
  readonly branches: readonly Pick<WireBranch, 'id' | 'name'>[];
  readonly numbersTaken: (numbers: readonly number[]) => number[];
  readonly nextNumber: number;
  readonly today: string;
}

/** Why the file as a whole could not be read as CSV, in words. */
function csvProblem(error: CsvError): { line: number; message: string } {
  const line = (error as CsvError & { lines?: number }).lines ?? 1;
  const message =
    error.code === 'CSV_QUOTE_NOT_CLOSED'
      ? 'A quotation mark (") opens a cell here but never closes it. Please check the quotation marks in this row.'
      : 'This row could not be read as CSV. Please check its quotation marks and separators.';
  return { line, message };
}

/**
 * Reads the association's spreadsheet saved as CSV (comma or semicolon separated, a header row):
 * how each column is understood, every row checked by the same rules as an edit, and every row
 * that cannot be read named with its line and why. Rows without a number get the next ones.
 */
export function planImport(csv: string, context: ImportContext): ImportPlan {
  const firstLine = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, info: true }) as never;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { result: { columns: [], rows: 0, sample: [], problems: [csvProblem(error)], imported: 0 }, members: [] };
  }
  const [header, ...rows] = records;
  if (header === undefined) {
    return { result: { columns: [], rows: 0, sample: [], problems: [{ line: 1, message: 'The file is empty. Please choose the CSV file of members, with a header row.' }], imported: 0 }, members: [] };
  }
  const columns = header.record.map((text) => ({ header: text.trim(), field: fieldOf(text) }));
  const problems: { line: number; message: string }[] = [];
  const has = (field: Field) => columns.some((column) => column.field === field);
  if (!has('name') && !(has('firstName') || has('surname'))) {
    problems.push({ line: 1, message: 'No column for the name was found. Please name one column "Name", or two "First name" and "Surname".' });
  }

  const branchByName = new Map(context.branches.map((branch) => [branch.name.toLowerCase(), branch]));
  const numbersInFile = new Map<number, number>();
  const members: (Omit<ImportedMember, 'number'> & { number: number | null; line: number })[] = [];

  for (const { record, info } of rows) {
    const line = info.lines;
    // The first cell that gives a field wins: a 'Phone' and a 'Mobile' column fill one phone.
    const values = new Map<Field, string>();
    columns.forEach((column, index) => {
      const value = record[index]?.trim() ?? '';
      if (column.field !== null && value !== '' && !values.has(column.field)) values.set(column.field, value);
    });
    if (record.every((cell) => cell.trim() === '')) continue;
    const value = (field: Field) => values.get(field) ?? '';
    const problem = (message: string) => problems.push({ line, message });
    const take = <T>(checked: { value: T } | { error: string }, fallback: T): T => {
      if ('error' in checked) {
        problem(checked.error);
        return fallback;
      }
      return checked.value;
    };

    const name = take(checkedName(value('name') !== '' ? value('name') : `${value('firstName')} ${value('surname')}`), '');
    const addressText = values.has('address') ? value('address') : (['address1', 'address2', 'address3', 'address4'] as const).map(value).join('\n');
    const address = addressText.trim() === '' ? '' : take(checkedAddress(addressText), '');
    const eircode = take(checkedEircode(value('eircode')), null);
    const phone = take(checkedPhone(value('phone')), null);
    const email = take(checkedEmail(value('email')), null);
    const nmbiPin = take(checkedNmbiPin(value('nmbiPin')), null);
    const status = value('status') === '' ? 'active' : take(checkedStatus(value('status')), 'active');
    const joinedOn = value('joinedOn') === '' ? context.today : take(checkedDay(value('joinedOn'), `${MEMBER_LIST_MESSAGES.joinedOn} DD/MM/YYYY is read too.`), context.today);
    const paidUntil = take(checkedOptionalDay(value('paidUntil'), `${MEMBER_LIST_MESSAGES.paidUntil} DD/MM/YYYY is read too.`), null);

    let branchId: number | null = null;
    const branchName = oneLine(value('branch'));
    if (branchName !== '') {
      const branch = branchByName.get(branchName.toLowerCase());
      if (branch === undefined) problem(`The branch '${branchName}' is not one of the branches. Please add it under Branches first, or correct its name.`);
      else branchId = Number(branch.id);
    }

    let number: number | null = null;
    const numberText = value('number');
    if (numberText !== '') {
      if (!/^[1-9][0-9]{0,14}$/.test(numberText)) problem(`The membership number '${numberText}' is not a whole number. Please correct it, or leave it empty to give the next number.`);
      else {
        number = Number(numberText);
        const earlier = numbersInFile.get(number);
        if (earlier !== undefined) problem(`The membership number ${number} is used on line ${earlier} as well. Each member needs their own number.`);
        else numbersInFile.set(number, line);
      }
    }

    members.push({
      line,
      number,
      name,
      address,
      eircode,
      phone,
      email,
      email_key: email === null ? null : normaliseEmail(email),
      branch_id: branchId,
      nmbi_pin: nmbiPin,
      status,
      joined_on: joinedOn,
      paid_until: paidUntil,
      notes: value('notes'),
    });
  }

  if (members.length === 0 && problems.length === 0) {
    problems.push({ line: 2, message: 'The file has a header row but no members under it. Please check it is the right file.' });
  }
  for (const taken of context.numbersTaken([...numbersInFile.keys()])) {
    problems.push({ line: numbersInFile.get(taken) ?? 1, message: `The membership number ${taken} is already given to a member. Please correct it, or leave it empty to give the next number.` });
  }
  problems.sort((a, b) => a.line - b.line);

  // Rows without a number take the next ones, after every number in use or in the file.
  let next = Math.max(context.nextNumber, ...[...numbersInFile.keys()].map((n) => n + 1));
  const numbered: ImportedMember[] = members.map(({ line: _line, ...member }) => ({ ...member, number: member.number ?? next++ }));
  const branchNames = new Map(context.branches.map((branch) => [Number(branch.id), branch.name]));
  return {
    result: {
      columns,
      rows: members.length,
      sample: numbered.slice(0, SAMPLE_ROWS).map((m) => ({
        number: m.number,
        name: m.name,
        address: m.address,
        eircode: m.eircode ?? null,
        email: m.email ?? null,
        phone: m.phone ?? null,
        status: m.status,
        joinedOn: m.joined_on,
        paidUntil: m.paid_until ?? null,
        branch: m.branch_id === null || m.branch_id === undefined ? null : (branchNames.get(m.branch_id) ?? null),
      })),
      problems,
      imported: 0,
    },
    members: problems.length === 0 ? numbered : [],
  };
}
