import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useId, useState } from 'react';
import { DECIDED_LISTS, declineText, moreInformationText, type Application, type ApplicationState, type Member } from '../../../../src-core/domain/membership-admin';
import { DataState } from '../../../components/data-state';
import { FormField } from '../../../components/form-field';
import { useRouteData } from '../../../lib/route-data.hook';
import { irishLongDate } from '../../../../src-core/domain/irish-date';
import { parseLocalDate } from '../../../../src-core/domain/zoned-time';
import { adminDateTime } from '../account/admin-date-time';
import { applicationsQuery, welcomeLettersQuery } from '../admin.queries';
import { Fact, MembershipNotice, NONE, PersonRecordActions, Problem, areaId, buttonId, memberPagePath, useTargetState, type MembershipActor, useMembershipJobs } from './members-shared';
import { AdminCard } from '../admin-card';
import './members.css';

/** Approve, decline or ask for more: the note is needed for the last two, and says why. */
function Decision({ application, actor }: { readonly application: Application; readonly actor: MembershipActor }) {
  const noteHintId = useId();
  const moreHintId = useId();
  const [note, setNote] = useState('');
  const target = `application:${application.id}`;
  const { asking, working, busy, problem } = useTargetState(actor, target);
  const { id, name } = application;
  return (
    <div className="members__decision" role="group" aria-label={`Decide on ${name}'s application`}>
      <FormField
        label="Note to go with a decline or a request for more information"
        name="note"
        rows={3}
        maxLength={5_000}
        value={note}
        onChange={setNote}
        hint="The applicant reads this note."
        error={problem?.field === 'note' ? problem.message : undefined}
      />
      <p id={moreHintId} className="members__explain">
        Asking for more information: {moreInformationText(application)}
      </p>
      <p id={noteHintId} className="members__explain">
        Declining: {declineText(application)}
      </p>
      {problem !== null && problem.field === null && <Problem target={target} message={problem.message} />}
      <div className="members__actions">
        <button id={buttonId(target, 'approve')} type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'job.start', job: { kind: 'approve', id, name } })}>
          Approve <span className="visually-hidden">{name}</span>
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          aria-describedby={moreHintId}
          onClick={() => actor.send({ type: 'job.start', job: { kind: 'moreInformation', id, name, note } })}
        >
          Ask for more information <span className="visually-hidden">from {name}</span>
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          aria-describedby={noteHintId}
          onClick={() => actor.send({ type: 'job.start', job: { kind: 'decline', id, name, note } })}
        >
          Decline <span className="visually-hidden">{name}</span>
        </button>
      </div>
      {working && asking !== null && (
        <p role="status" className="admin-form__busy">
          Saving the decision...
        </p>
      )}
    </div>
  );
}

const STATE_WORDS: Readonly<Record<ApplicationState, string>> = {
  new: 'New',
  'more-information': 'Waiting for more information',
  approved: 'Approved',
  declined: 'Declined',
};

/** One application with every field the applicant gave, and what may be done with it. */
function ApplicationItem({ application, actor }: { readonly application: Application; readonly actor: MembershipActor }) {
  const headingId = useId();
  const decidable = application.state === 'new' || application.state === 'more-information';
  const problem = useSelector(actor, (state) => (state.context.problem?.target === `application:${application.id}` ? state.context.problem : null));
  return (
    <li id={areaId(`application:${application.id}`)} className="members__item" aria-labelledby={headingId}>
      <h4 id={headingId}>{application.name}</h4>
      <dl className="members__facts">
        <Fact name="State">{STATE_WORDS[application.state]}</Fact>
        <Fact name="Received">{adminDateTime(application.receivedAt)}</Fact>
        {application.memberNumber !== null && <Fact name="Membership number">{application.memberNumber}</Fact>}
        <Fact name="Address">
          <span className="members__address">{application.address}</span>
        </Fact>
        <Fact name="Eircode">{application.eircode ?? NONE}</Fact>
        <Fact name="Phone">{application.phone ?? NONE}</Fact>
        <Fact name="E-mail">{application.email ?? NONE}</Fact>
        <Fact name="Nursing background">
          <span className="members__address">{application.background}</span>
        </Fact>
        <Fact name="NMBI PIN">{application.nmbiPin ?? NONE}</Fact>
        <Fact name="Branch">{application.branch?.name ?? 'Not sure'}</Fact>
        <Fact name="News by e-mail">{application.newsletter ? 'Yes, asked for it' : 'No'}</Fact>
        <Fact name="Agreed to">
          {application.consent.wording} ({adminDateTime(application.consent.at)})
        </Fact>
        {application.decidedAt !== null && (
          <Fact name="Decided">
            {adminDateTime(application.decidedAt)}
            {application.decidedBy === null ? '' : ` by ${application.decidedBy}`}
          </Fact>
        )}
        {application.note !== null && <Fact name="Note sent">{application.note}</Fact>}
      </dl>
      {decidable ? (
        <Decision application={application} actor={actor} />
      ) : (
        problem !== null && <Problem target={`application:${application.id}`} message={problem.message} />
      )}
      <PersonRecordActions
        actor={actor}
        job={{ kind: 'eraseApplication', id: application.id, name: application.name }}
        dataHref={application.dataHref}
        fileName={`application-${application.id}.json`}
      />
    </li>
  );
}

function ApplicationList({ state, actor, emptyText }: { readonly state: ApplicationState; readonly actor: MembershipActor; readonly emptyText: string }) {
  const list = useRouteData(applicationsQuery(state));
  return (
    <DataState data={list} loadingText="Loading applications..." emptyText={emptyText} failureText="The applications could not be loaded." isEmpty={(data) => data.applications.length === 0}>
      {(data) => (
        <ul className="members__list">
          {data.applications.map((application) => (
            <ApplicationItem key={application.id} application={application} actor={actor} />
          ))}
        </ul>
      )}
    </DataState>
  );
}

/** The decided (or waiting) applications, one list open at a time, chosen by state with its count. */
function OtherApplications({ actor }: { readonly actor: MembershipActor }) {
  const headingId = useId();
  const [shown, setShown] = useState<ApplicationState | null>(null);
  const counts = useRouteData(applicationsQuery('new'));
  return (
    <section aria-labelledby={headingId} className="admin-card members">
      <h2 id={headingId}>Earlier applications</h2>
      <p>Choose which applications to show.</p>
      <div className="members__filters" role="group" aria-label="Show applications">
        {DECIDED_LISTS.map(({ state, title, count }) => (
          <button key={state} type="button" className="button button--secondary" aria-pressed={shown === state} onClick={() => setShown(shown === state ? null : state)}>
            {title}
            {counts.status === 'ready' && ` (${counts.data.counts[count]})`}
          </button>
        ))}
      </div>
      {shown !== null && (
        <>
          <h3>{STATE_WORDS[shown]}</h3>
          <ApplicationList state={shown} actor={actor} emptyText={`No applications are ${STATE_WORDS[shown].toLowerCase()} just now.`} />
        </>
      )}
    </section>
  );
}

/** 'Saturday 28 November 2026' for the day a member joined. */
function joinedOn(text: string): string {
  const date = parseLocalDate(text);
  return date === null ? text : irishLongDate(date);
}

/** A new member waiting for their welcome letter, with the address to post it to. */
function MemberItem({ member, actor }: { readonly member: Member; readonly actor: MembershipActor }) {
  const headingId = useId();
  const target = `member:${member.number}`;
  const { busy, working, asking, problem } = useTargetState(actor, target);
  return (
    <li id={areaId(target)} className="members__item" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Link to={memberPagePath(member.number)}>
          {member.name}, member number {member.number}
        </Link>
      </h3>
      <dl className="members__facts">
        <Fact name="Address">
          <span className="members__address">{member.address}</span>
        </Fact>
        {member.eircode !== null && <Fact name="Eircode">{member.eircode}</Fact>}
        <Fact name="Phone">{member.phone ?? NONE}</Fact>
        <Fact name="E-mail">{member.email ?? NONE}</Fact>
        <Fact name="Branch">{member.branch?.name ?? 'Not chosen'}</Fact>
        <Fact name="Joined">{joinedOn(member.joinedOn)}</Fact>
      </dl>
      {problem !== null && <Problem target={target} message={problem.message} />}
      <div className="members__actions">
          <button
            id={buttonId(target, 'letterPosted')}
            type="button"
            className="button"
            disabled={busy}
            onClick={() => actor.send({ type: 'job.start', job: { kind: 'letterPosted', number: member.number, name: member.name } })}
          >
            Mark as posted<span className="visually-hidden">: {member.name}&apos;s welcome letter</span>
          </button>
          {working && asking === 'letterPosted' && (
            <p role="status" className="admin-form__busy">
              Saving...
            </p>
          )}
      </div>
    </li>
  );
}

function WelcomeLetters({ actor }: { readonly actor: MembershipActor }) {
  const list = useRouteData(welcomeLettersQuery());
  return (
    <DataState
      data={list}
      loadingText="Loading members..."
      emptyText="No welcome letters are waiting to be posted."
      failureText="The members could not be loaded."
      isEmpty={(data) => data.members.length === 0}
    >
      {(data) => (
        <ul className="members__list">
          {data.members.map((member) => (
            <MemberItem key={member.number} member={member} actor={actor} />
          ))}
        </ul>
      )}
    </DataState>
  );
}

/** 'Applications' (self-hosted): applications to join, earlier ones, and welcome letters to post. */
export function ApplicationsPage() {
  const actor = useMembershipJobs();
  return (
    <>
      <MembershipNotice actor={actor} />
      <AdminCard title="New applications" className="members" intro="Read each one, then approve it, ask for more information or decline it.">
        <ApplicationList state="new" actor={actor} emptyText="There are no new applications." />
      </AdminCard>
      <OtherApplications actor={actor} />
      <AdminCard title="Welcome letters to post" className="members" intro="These new members gave no e-mail address. Post each a welcome letter, then mark it as posted.">
        <WelcomeLetters actor={actor} />
      </AdminCard>
    </>
  );
}
