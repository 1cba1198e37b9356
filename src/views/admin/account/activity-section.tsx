import { useId, useState } from 'react';
import { LISTED_AUDIT_KINDS, auditKindLabel, isAuditKind, type AuditEntry, type AuditKind } from '../../../../src-core/domain/audit';
import { useBackend } from '../../../lib/backend.context';
import { DataState } from '../../../components/data-state';
import { PAGE_HEADING_ID } from '../../../components/page-heading';
import { useRouteData, useRouteDataRefresh } from '../../../lib/route-data.hook';
import { activityQuery } from '../admin.queries';
import { adminDateTime } from './admin-date-time';

/** Older trails hold an entry for each time the inbox was opened; they say nothing anyone did. */
function listed(entries: readonly AuditEntry[]): readonly AuditEntry[] {
  return entries.filter((entry) => entry.kind !== 'messages-read');
}

function Activity() {
  const personId = useId();
  const kindId = useId();
  const [actor, setActor] = useState('');
  const [kind, setKind] = useState<AuditKind | ''>('');
  const query = activityQuery({ actor, kind });
  const trail = useRouteData(query);
  const refresh = useRouteDataRefresh(query);
  // The people stay offered while a filter is on, from the last list that named them.
  const [people, setPeople] = useState<readonly string[]>([]);
  if (trail.status === 'ready' && trail.data.actors.join('\n') !== people.join('\n')) setPeople(trail.data.actors);

  return (
    <>
      <div className="admin-activity__filters">
        <div className="form-field">
          <label htmlFor={personId}>Person</label>
          <select id={personId} value={actor} onChange={(event) => setActor(event.target.value)}>
            <option value="">Everyone</option>
            {people.map((person) => (
              <option key={person} value={person}>
                {person}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={kindId}>Kind</label>
          <select id={kindId} value={kind} onChange={(event) => setKind(isAuditKind(event.target.value) ? event.target.value : '')}>
            <option value="">Everything</option>
            {LISTED_AUDIT_KINDS.map((each) => (
              <option key={each} value={each}>
                {auditKindLabel(each)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataState
        data={trail}
        loadingText="Loading activity..."
        emptyText="Nothing has been recorded for this choice."
        failureText="The activity could not be loaded."
        isEmpty={(data) => listed(data.entries).length === 0}
      >
        {(data) => (
          <ol className="admin-activity__list" aria-label="Activity, newest first">
            {listed(data.entries).map((entry) => (
              <li key={entry.id} className="admin-activity__entry">
                <p>
                  <strong>{auditKindLabel(entry.kind)}</strong>
                  {entry.detail === '' ? null : <span>: {entry.detail}</span>}
                </p>
                <p className="admin-activity__facts">
                  <time dateTime={entry.at}>{adminDateTime(entry.at)}</time>, {entry.actor ?? 'not signed in'}
                  {entry.address === '' ? ', on the server' : `, from ${entry.address}`}
                </p>
              </li>
            ))}
          </ol>
        )}
      </DataState>
      {trail.status === 'ready' && (
        <button type="button" className="button button--secondary" onClick={refresh}>
          Check for new activity
        </button>
      )}
    </>
  );
}

/**
 * The audit trail (self-hosted): who did what, when and from which address, newest first,
 * filtered by person and kind. Entries are kept for 12 months.
 */
export function ActivitySection() {
  const { audit } = useBackend();
  if (audit === undefined) return null;
  return (
    <section aria-labelledby={PAGE_HEADING_ID} className="admin-card admin-activity">
      <p>What administrators have done on this website, newest first. Entries are kept for 12 months.</p>
      <Activity />
    </section>
  );
}
