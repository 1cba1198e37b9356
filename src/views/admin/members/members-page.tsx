import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import {
  MEMBER_STATUS_ORDER,
  MEMBER_STATUS_WORDS,
  filtersFromSearch,
  searchFromFilters,
  shortDate,
  showingText,
} from '../../../../src-core/domain/member-records';
import type { BranchRef, MemberFilters, MemberPage, MemberStatus } from '../../../../src-core/domain/membership-admin';
import { DataState } from '../../../components/data-state';
import { useBackend } from '../../../lib/backend.context';
import { useRouteData } from '../../../lib/route-data.hook';
import { adminBranchesQuery, membersQuery } from '../admin.queries';
import { BranchesSection } from './branches-section';
import { MembershipNotice, memberPagePath, useMembershipJobs } from './members-shared';
import { ColumnHeads } from '../../../components/column-heads';
import { AdminCard } from '../admin-card';
import './members.css';

const count = new Intl.NumberFormat('en-IE');

/** The search box and the filters: a form whose answer is the page's address, so Back and reload keep them. */
function FindForm({ filters, branches }: { readonly filters: MemberFilters; readonly branches: readonly BranchRef[] }) {
  const [, setSearchParams] = useSearchParams();
  const [q, setQ] = useState(filters.q ?? '');
  const [branch, setBranch] = useState(filters.branch ?? '');
  const [status, setStatus] = useState<string>(filters.status ?? '');
  const [renewalDue, setRenewalDue] = useState(filters.renewalDue === true);
  const [noEmail, setNoEmail] = useState(filters.hasEmail === false);
  const searchId = useId();
  const hintId = useId();

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const chosen: MemberFilters = {
      ...(q.trim() === '' ? {} : { q: q.trim() }),
      ...(branch === '' ? {} : { branch }),
      ...(status === '' ? {} : { status: status as MemberStatus }),
      ...(renewalDue ? { renewalDue: true } : {}),
      ...(noEmail ? { hasEmail: false } : {}),
    };
    setSearchParams(new URLSearchParams(searchFromFilters(chosen)));
  }

  return (
    <form role="search" aria-label="Find members" className="admin-form members-find" noValidate onSubmit={submit}>
      <div className="form-field">
        <label htmlFor={searchId}>Search the member list</label>
        <p id={hintId} className="form-field__hint">
          A name, membership number, e-mail address, phone number or Eircode.
        </p>
        <input id={searchId} type="search" name="q" value={q} maxLength={200} aria-describedby={hintId} onChange={(event) => setQ(event.target.value)} />
      </div>
      <div className="members-find__filters">
        <div className="form-field">
          <label htmlFor={`${searchId}-branch`}>Branch</label>
          <select id={`${searchId}-branch`} name="branch" className="form-select" value={branch} onChange={(event) => setBranch(event.target.value)}>
            <option value="">Every branch</option>
            {branches.map((one) => (
              <option key={one.id} value={one.id}>
                {one.name}
              </option>
            ))}
            <option value="none">No branch chosen</option>
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${searchId}-status`}>Status</label>
          <select id={`${searchId}-status`} name="status" className="form-select" value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">Any status</option>
            {MEMBER_STATUS_ORDER.map((one) => (
              <option key={one} value={one}>
                {MEMBER_STATUS_WORDS[one]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="members-find__checks">
        <label className="members-check">
          <input type="checkbox" name="renewal" checked={renewalDue} onChange={(event) => setRenewalDue(event.target.checked)} />
          Only those whose renewal is due
        </label>
        <label className="members-check">
          <input type="checkbox" name="email" checked={noEmail} onChange={(event) => setNoEmail(event.target.checked)} />
          Only those without an e-mail address
        </label>
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="button">
          Show members
        </button>
        {searchFromFilters(filters) !== '' && (
          <Link to="/admin/members" className="button button--secondary">
            Show everyone
          </Link>
        )}
      </div>
    </form>
  );
}

/** How many members have each status, whatever the filters; each number shows just them. */
function StatusCounts({ counts }: { readonly counts: MemberPage['counts'] }) {
  return (
    <ul className="members-counts" aria-label="Members by status">
      {MEMBER_STATUS_ORDER.map((status) => (
        <li key={status}>
          <Link to={`/admin/members${searchFromFilters({ status })}`}>
            <strong>{count.format(counts[status])}</strong> {MEMBER_STATUS_WORDS[status].toLowerCase()}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The members of one page: a table on a wide screen, a card per member on a narrow one and on paper a clean table. */
export function MemberTable({ page, caption }: { readonly page: Pick<MemberPage, 'members'>; readonly caption: string }) {
  const { pathname, search } = useLocation();
  // Only the member list's own address is worth going back to (the renewals page has its own link).
  const list = pathname === '/admin/members' ? search : '';
  return (
    <table className="members-table">
      <caption className="visually-hidden">{caption}</caption>
      <ColumnHeads names={['Name', 'Number', 'Address', 'Branch', 'Status', 'Paid until']}>
        <th scope="col" className="members-table__screen">
          E-mail or phone
        </th>
      </ColumnHeads>
      <tbody>
        {page.members.map((member) => (
          <tr key={member.number}>
            <th scope="row" data-label="Name">
              {/* The list's address goes along, so the member's page leads back to the same list. */}
              <Link to={memberPagePath(member.number)} state={{ list }}>
                {member.name}
              </Link>
            </th>
            <td data-label="Number">{member.number}</td>
            <td data-label="Address" className="members__address">
              {member.address}
              {member.eircode === null ? '' : `\n${member.eircode}`}
            </td>
            <td data-label="Branch">{member.branch?.name ?? 'None'}</td>
            <td data-label="Status">
              {MEMBER_STATUS_WORDS[member.status]}
              {member.renewalDue && <span className="members-table__due"> (renewal due)</span>}
            </td>
            <td data-label="Paid until">{member.paidUntil === null ? 'Not paid yet' : shortDate(member.paidUntil)}</td>
            <td data-label="E-mail or phone" className="members-table__screen">
              {member.email ?? member.phone ?? 'Neither'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Pages({ filters, data }: { readonly filters: MemberFilters; readonly data: Pick<MemberPage, 'total' | 'pageSize' | 'page'> }) {
  const last = Math.max(1, Math.ceil(data.total / data.pageSize));
  if (last === 1) return null;
  const to = (page: number) => `/admin/members${searchFromFilters({ ...filters, page })}`;
  return (
    <nav aria-label="Pages of the list" className="members-pages">
      {data.page > 1 ? (
        <Link to={to(data.page - 1)} className="button button--secondary">
          Previous page
        </Link>
      ) : null}
      <span>
        Page {count.format(data.page)} of {count.format(last)}
      </span>
      {data.page < last ? (
        <Link to={to(data.page + 1)} className="button button--secondary">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

function MemberList({ filters }: { readonly filters: MemberFilters }) {
  const list = useRouteData(membersQuery(filters));
  const headingId = useId();
  const filtered = searchFromFilters({ ...filters, page: 1 }) !== '';
  const { key } = useLocation();
  const arrivedWith = useRef(key);
  const focusedFor = useRef(key);
  const shown = list.status !== 'loading';
  // A search, a filter or another page of the list (or Back to one): what changed is the list, so
  // focus goes to its heading once it is shown, after the layout has focused the page's heading.
  useEffect(() => {
    if (!shown || key === arrivedWith.current || key === focusedFor.current) return;
    focusedFor.current = key;
    queueMicrotask(() => document.getElementById(headingId)?.focus());
  }, [key, shown, headingId]);
  return (
    <section aria-labelledby={headingId} className="admin-card members members-results">
      <h2 id={headingId} tabIndex={-1}>
        {filtered ? 'Members found' : 'All members'}
      </h2>
      <DataState
        data={list}
        loadingText="Loading members..."
        emptyText={filtered ? 'No members match. Try fewer words, or show everyone.' : 'There are no members yet. Approve an application, or import your list.'}
        failureText="The members could not be loaded."
        isEmpty={(data) => data.total === 0}
      >
        {(data) => (
          <>
            <StatusCounts counts={data.counts} />
            <p role="status" className="members-results__showing">
              {showingText(data.page, data.pageSize, data.members.length, data.total)}
            </p>
            <div className="members__actions members-print-hide">
              {/* An empty link: the backend makes no CSV file (the hosted one). */}
              {data.csvHref !== '' && (
                <a href={data.csvHref} download="members.csv">
                  Download as CSV <span className="visually-hidden">({count.format(data.total)} members, every page)</span>
                </a>
              )}
              <button type="button" className="button button--secondary" onClick={() => window.print()}>
                Print this list
              </button>
            </div>
            <p className="members__explain members-print-hide">
              {data.csvHref !== '' && 'The CSV file has every member found, for mailing labels or the treasurer. '}Printing prints the members on
              this page.
            </p>
            <MemberTable page={data} caption="Members, by name" />
            <Pages filters={filters} data={data} />
          </>
        )}
      </DataState>
    </section>
  );
}

/** 'Members' (self-hosted): the member list, searched and filtered, a page of 50 at a time; the branches below it. */
export function MembersPage() {
  const [params] = useSearchParams();
  const filters = filtersFromSearch(params);
  const branches = useRouteData(adminBranchesQuery());
  const actor = useMembershipJobs();
  // A backend that keeps only applications and members (the hosted one) has no import, renewals or branches.
  const everyPage = useBackend().membershipAdminPages === undefined;
  return (
    <>
      <MembershipNotice actor={actor} />
      <AdminCard title="Find members" className="members members-print-hide">
        {/* The form starts again from the address whenever it changes (Back, a count's link). */}
        <FindForm key={searchFromFilters({ ...filters, page: 1 })} filters={filters} branches={branches.status === 'ready' ? branches.data : []} />
        {everyPage && (
          <p className="members-links">
            <Link to="/admin/members/import">Import members from a spreadsheet</Link>
            <Link to="/admin/renewals">Renewals and letters to post</Link>
          </p>
        )}
      </AdminCard>
      <MemberList filters={filters} />
      {everyPage && (
        <div className="members-print-hide">
          <BranchesSection actor={actor} />
        </div>
      )}
    </>
  );
}
