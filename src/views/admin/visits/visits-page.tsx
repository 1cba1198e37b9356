import { useMachine } from '@xstate/react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { periodLabel, VISITS_LIST_DAYS, type PeopleMonth, type VisitPeriod, type VisitsReport, type VisitTally } from '../../../../src-core/domain/visits';
import { DataState } from '../../../components/data-state';
import { FailureMessage } from '../../../components/status-message';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useAfterRender } from '../../../lib/after-render.hook';
import { focusById } from '../../../lib/focus';
import { useRouteData } from '../../../lib/route-data.hook';
import { visitsQuery } from '../admin.queries';
import { VisitsChart } from './visits-chart';
import { ColumnHeads } from '../../../components/column-heads';
import './visits.css';

const number = (value: number) => value.toLocaleString('en-IE');

function Section({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="admin-card visits">
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** A chart and, below it, the same figures as a table: the table is what screen readers read. */
function PeriodFigure({ caption, column, periods, everyLabel }: { readonly caption: string; readonly column: string; readonly periods: readonly VisitPeriod[]; readonly everyLabel: number }) {
  const captionId = useId();
  return (
    <figure className="visits__figure" aria-labelledby={captionId}>
      <figcaption id={captionId}>{caption}</figcaption>
      <p className="visits__key" aria-hidden="true">
        <span className="visits__swatch visits__swatch--views" /> Page views <span className="visits__swatch visits__swatch--downloads" /> Downloads
      </p>
      <VisitsChart periods={periods} everyLabel={everyLabel} />
      <div className="visits__table">
        <table>
          <caption>{caption}, as a table</caption>
          <ColumnHeads names={[column, 'Page views', 'Downloads']} />
          <tbody>
            {[...periods].reverse().map((period) => (
              <tr key={period.period}>
                <th scope="row">{periodLabel(period.period)}</th>
                <td>{number(period.pageViews)}</td>
                <td>{number(period.downloads)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function TallyTable({ caption, what, count, tallies, empty, show = (key) => key }: {
  readonly caption: string;
  readonly what: string;
  readonly count: string;
  readonly tallies: readonly VisitTally[];
  readonly empty: string;
  readonly show?: (key: string) => ReactNode;
}) {
  if (tallies.length === 0) return <p>{empty}</p>;
  return (
    <div className="visits__table">
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <ColumnHeads names={[what, count]} />
        <tbody>
          {tallies.map((tally) => (
            <tr key={tally.key}>
              <th scope="row">{show(tally.key)}</th>
              <td>{number(tally.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'newsletters/Spring 2026.pdf' as 'Spring 2026.pdf (Newsletters)'. */
function fileName(key: string) {
  const slash = key.indexOf('/');
  const folder = slash === -1 ? '' : key.slice(0, slash);
  const name = slash === -1 ? key : key.slice(slash + 1);
  const where = folder === 'newsletters' ? ' (Newsletters)' : folder === 'events' ? ' (Events)' : '';
  return `${name}${where}`;
}

function PeopleTable({ subscribers, members }: { readonly subscribers: readonly PeopleMonth[]; readonly members: readonly PeopleMonth[] }) {
  return (
    <div className="visits__table">
      <table>
        <caption className="visually-hidden">Subscribers and members, by month</caption>
        <ColumnHeads names={['Month', 'New subscribers', 'Subscribers at the end', 'New members', 'Members at the end']} />
        <tbody>
          {[...subscribers].reverse().map((month) => {
            const joined = members.find((each) => each.month === month.month);
            return (
              <tr key={month.month}>
                <th scope="row">{periodLabel(month.month)}</th>
                <td>{number(month.joined)}</td>
                <td>{number(month.total)}</td>
                <td>{number(joined?.joined ?? 0)}</td>
                <td>{number(joined?.total ?? 0)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The checkbox for the summary by e-mail, saved as soon as it changes. */
function SummaryByEmail({ wantedNow }: { readonly wantedNow: boolean }) {
  const checkboxId = useId();
  const failureId = useId();
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() => machines.visitsSummary({ focusFailure: () => afterRender(() => focusById(failureId)) }));
  const [state, send] = useMachine(machine);
  const { wanted, notice, errorMessage } = state.context;
  const saving = state.matches('saving');
  return (
    <>
      <div className="admin-check">
        <input
          id={checkboxId}
          type="checkbox"
          checked={wanted ?? wantedNow}
          disabled={saving}
          onChange={(event) => send({ type: 'summary.choose', wanted: event.target.checked })}
        />
        <label htmlFor={checkboxId}>E-mail me a summary of the visits on the 1st of each month</label>
      </div>
      <div role="status">{saving ? <p>Saving...</p> : notice !== null && <p className="status status--success">{notice}</p>}</div>
      <FailureMessage id={failureId} message={errorMessage} />
    </>
  );
}

function Report({ report }: { readonly report: VisitsReport }) {
  return (
    <>
      <Section title={`The last ${VISITS_LIST_DAYS} days`}>
        <PeriodFigure caption={`Page views and downloads on each of the last ${VISITS_LIST_DAYS} days`} column="Day" periods={report.days} everyLabel={7} />
      </Section>
      <Section title="The last 12 months">
        <PeriodFigure caption="Page views and downloads in each of the last 12 months" column="Month" periods={report.months} everyLabel={2} />
      </Section>
      <Section title="Most read pages">
        <p>In the last {VISITS_LIST_DAYS} days, by the address of the page.</p>
        <TallyTable
          caption="Most read pages"
          what="Page"
          count="Page views"
          tallies={report.pages}
          empty={`No page has been read in the last ${VISITS_LIST_DAYS} days.`}
          show={(key) => <Link to={key}>{key === '/' ? 'Home (/)' : key}</Link>}
        />
      </Section>
      <Section title="Most downloaded newsletters and documents">
        <TallyTable caption="Most downloaded newsletters and documents" what="File" count="Downloads" tallies={report.downloads} empty={`No file has been downloaded in the last ${VISITS_LIST_DAYS} days.`} show={fileName} />
      </Section>
      <Section title="Searches that found nothing">
        <p>What visitors looked for on this website and did not find, in the last {VISITS_LIST_DAYS} days. A page or a post on these may help them.</p>
        <TallyTable caption="Searches that found nothing" what="Search" count="Times" tallies={report.searchesNotFound} empty="Every search found something." />
      </Section>
      <Section title="Websites visitors came from">
        <TallyTable caption="Websites visitors came from" what="Website" count="Visits" tallies={report.referrers} empty={`No visitor came from a link on another website in the last ${VISITS_LIST_DAYS} days.`} />
      </Section>
      <Section title="Subscribers and members">
        <p>People on the news by e-mail list and in the members&apos; register now, by the month they came.</p>
        <PeopleTable subscribers={report.subscribers} members={report.members} />
      </Section>
      <Section title="Monthly summary by e-mail">
        <SummaryByEmail wantedNow={report.summaryByEmail} />
      </Section>
    </>
  );
}

/**
 * The 'Visits' page: what the website's own server counted, with no cookie and nothing about who
 * visited (docs/behaviour.md#visits).
 */
export function VisitsPage() {
  const report = useRouteData(visitsQuery());
  return (
    <>
      <p className="visits__about">
        Counted by this website&apos;s own server: pages read and files downloaded each day, without cookies and without
        keeping anything about who visited. Search engines and other robots are left out. The{' '}
        <Link to="/privacy-policy">privacy policy</Link> tells visitors so.
      </p>
      <DataState data={report} loadingText="Loading visits..." failureText="The visits could not be loaded.">
        {(data) => <Report report={data} />}
      </DataState>
    </>
  );
}
