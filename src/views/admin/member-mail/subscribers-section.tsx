import { useActorRef, useMachine, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Subscriber, SubscriberList, SubscriberRecord } from '../../../../src-core/domain/member-mail';
import type { SubscriberAction, subscribersMachine } from '../../../../src-core/machines/subscribers.machine';
import { DataState } from '../../../components/data-state';
import { FormField, fieldBinding } from '../../../components/form-field';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useAfterRender } from '../../../lib/after-render.hook';
import { focusById } from '../../../lib/focus';
import { useFormFocus } from '../../../lib/form-focus.hook';
import { submitHandler } from '../../../lib/form-values';
import { useRouteData } from '../../../lib/route-data.hook';
import { adminDateTime } from '../account/admin-date-time';
import { subscribersQuery } from '../admin.queries';
import { ConfirmPrompt } from '../confirm-prompt';
import { FormActions } from '../../../components/form-actions';
import { FailureMessage, NoticeArea, StatusMessage } from '../../../components/status-message';

type SubscribersActor = ActorRefFrom<typeof subscribersMachine>;

const NOTICE_ID = 'subscribers-notice';
const RECORD_ID = 'subscriber-record';
const buttonId = (id: string, action: SubscriberAction) => `subscriber-${action}-${id}`;

/** Where a subscription came from, in words. */
const FORM_NAMES: Readonly<Record<string, string>> = {
  home: 'the form on the home page',
  news: 'the form on the News page',
  footer: 'the form at the foot of every page',
  admin: 'added by hand',
};

const MAIL_KINDS: Readonly<Record<SubscriberRecord['mail'][number]['kind'], string>> = {
  confirmation: 'Request to confirm',
  mailing: 'News e-mail',
  test: 'Test e-mail',
};

const MAIL_STATES: Readonly<Record<SubscriberRecord['mail'][number]['state'], string>> = {
  waiting: 'waiting to be sent',
  sending: 'being sent',
  sent: 'sent',
  'failed-temporary': 'not sent yet, will be tried again',
  refused: 'refused by their mail server',
};

function countText(list: SubscriberList): string {
  const { confirmed, pending } = list.counts;
  const people = confirmed === 1 ? '1 person gets' : `${confirmed} people get`;
  const waiting = pending === 0 ? '' : pending === 1 ? ' 1 more has not confirmed yet.' : ` ${pending} more have not confirmed yet.`;
  return `${people} our news by e-mail.${waiting}`;
}

/** 'What we keep': everything stored about one address, as the person may ask to see it. */
function RecordView({ record, actor }: { readonly record: SubscriberRecord; readonly actor: SubscribersActor }) {
  const { subscriber, mail } = record;
  return (
    <div className="member-mail__record">
      <h4 id={RECORD_ID} tabIndex={-1}>
        What we keep about {subscriber?.email ?? 'this address'}
      </h4>
      {subscriber !== null && (
        <dl className="member-mail__facts">
          <div>
            <dt>E-mail</dt>
            <dd>{subscriber.email}</dd>
          </div>
          <div>
            <dt>Name</dt>
            <dd>{subscriber.name === '' ? 'None given' : subscriber.name}</dd>
          </div>
          <div>
            <dt>Asked to join</dt>
            <dd>{adminDateTime(subscriber.requestedAt)}</dd>
          </div>
          <div>
            <dt>How they agreed</dt>
            <dd>
              {subscriber.consent.wording} ({FORM_NAMES[subscriber.consent.form] ?? subscriber.consent.form},{' '}
              {adminDateTime(subscriber.consent.at)})
            </dd>
          </div>
        </dl>
      )}
      <h5>E-mails sent to this address</h5>
      {mail.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul>
          {mail.map((item) => (
            <li key={`${item.kind}-${item.createdAt}`}>
              {MAIL_KINDS[item.kind]}, {adminDateTime(item.createdAt)}: {MAIL_STATES[item.state]}
              {item.lastError === null ? '' : ` (${item.lastError})`}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'record.close' })}>
        Close
      </button>
    </div>
  );
}

function SubscriberItem({ subscriber, actor }: { readonly subscriber: Subscriber; readonly actor: SubscribersActor }) {
  const headingId = useId();
  const mine = useSelector(actor, (state) => state.context.pending?.id === subscriber.id);
  const confirmingRemove = useSelector(actor, (state) => mine && (state.matches('confirmingRemove') || state.matches('removing')));
  const confirmingErase = useSelector(actor, (state) => mine && (state.matches('confirmingErase') || state.matches('erasing')));
  const busy = useSelector(actor, (state) => !state.matches('idle'));
  const removing = useSelector(actor, (state) => mine && state.matches('removing'));
  const erasing = useSelector(actor, (state) => mine && state.matches('erasing'));
  const record = useSelector(actor, (state) => (state.context.record?.id === subscriber.id ? state.context.record.data : null));
  const problem = useSelector(actor, (state) => (state.context.problem?.id === subscriber.id ? state.context.problem.message : null));
  const { email } = subscriber;

  return (
    <li className="member-mail__subscriber" aria-labelledby={headingId}>
      <h4 id={headingId}>{email}</h4>
      <p>
        {subscriber.name === '' ? '' : `${subscriber.name}. `}
        {subscriber.confirmed ? 'Confirmed' : 'Has not confirmed yet'}, since {adminDateTime(subscriber.requestedAt)}.
      </p>
      {problem !== null && (
        <p role="alert" className="status status--error">
          {problem}
        </p>
      )}
      {confirmingRemove ? (
        <ConfirmPrompt
          question={`Take ${email} off the list? They will get no more e-mails from us.`}
          busy={removing}
          busyText="Taking it off the list..."
          confirmText="Yes, take it off"
          onConfirm={() => actor.send({ type: 'confirm' })}
          onCancel={() => actor.send({ type: 'cancel' })}
        />
      ) : confirmingErase ? (
        <ConfirmPrompt
          question={`Erase everything we keep about ${email}, past e-mails included? This cannot be undone.`}
          busy={erasing}
          busyText="Erasing..."
          confirmText="Yes, erase"
          onConfirm={() => actor.send({ type: 'confirm' })}
          onCancel={() => actor.send({ type: 'cancel' })}
        />
      ) : (
        <div className="member-mail__actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => actor.send({ type: 'subscriber.showRecord', id: subscriber.id, email })}>
            What we keep <span className="visually-hidden">about {email}</span>
          </button>
          <button
            id={buttonId(subscriber.id, 'remove')}
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => actor.send({ type: 'subscriber.remove', id: subscriber.id, email })}
          >
            Take off the list<span className="visually-hidden">: {email}</span>
          </button>
          <button
            id={buttonId(subscriber.id, 'erase')}
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => actor.send({ type: 'subscriber.erase', id: subscriber.id, email })}
          >
            Erase <span className="visually-hidden">everything about {email}</span>
          </button>
        </div>
      )}
      {record !== null && <RecordView record={record} actor={actor} />}
    </li>
  );
}

function NotWorking({ subscribers }: { readonly subscribers: readonly Subscriber[] }) {
  const headingId = useId();
  const refused = subscribers.filter((subscriber) => subscriber.notWorking !== null);
  if (refused.length === 0) return null;
  return (
    <div className="member-mail__not-working" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>These addresses no longer work — a phone call may help</h3>
      <ul>
        {refused.map((subscriber) => (
          <li key={subscriber.id}>
            <strong>{subscriber.email}</strong>
            {subscriber.name === '' ? '' : ` (${subscriber.name})`}: their mail server said &ldquo;{subscriber.notWorking?.reason}&rdquo;
          </li>
        ))}
      </ul>
    </div>
  );
}

function AddSubscriberForm() {
  const headingId = useId();
  const focus = useFormFocus();
  const machines = useAdminMachines();
  const [machine] = useState(() => machines.addSubscriber(focus.actions));
  const [state, send] = useMachine(machine);
  const { errorMessage, added } = state.context;
  const submitting = state.matches('submitting');
  const field = fieldBinding(state.context, send, submitting);

  return (
    <div role="group" aria-labelledby={headingId} className="member-mail__add">
      <h3 id={headingId}>Add an address by hand</h3>
      <p>Only add someone who has told you they want our news by e-mail, and say how they told you.</p>
      {state.matches('added') && added !== null && (
        <StatusMessage tone="success" id={focus.noticeId}>{added} was added to the list.</StatusMessage>
      )}
      <FailureMessage id={focus.failureId} message={errorMessage} />
      <form id={focus.formId} className="admin-form" noValidate onSubmit={submitHandler(send, ['email', 'name', 'consentNote'])}>
        <FormField
          label="E-mail"
          type="email"
          autoComplete="off"
          {...field('email')}
        />
        <FormField
          label="Name"
          required={false}
          autoComplete="off"
          {...field('name')}
        />
        <FormField
          label="How did they agree?"
          hint="For example: paper form at the AGM, 12 March"
          {...field('consentNote')}
        />
        <FormActions submit="Add to the list" busy={submitting} busyText="Adding..." />
      </form>
    </div>
  );
}

/** The subscriber list: count, search, add by hand, export, and each address's record, removal and erasure. */
export function SubscribersSection() {
  const headingId = useId();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const list = useRouteData(subscribersQuery(search));
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.subscribers({
      focusNotice: () => afterRender(() => focusById(NOTICE_ID)),
      focusRecord: () => afterRender(() => focusById(RECORD_ID)),
      focusButton: (id, action) => afterRender(() => focusById(buttonId(id, action))),
    }),
  );
  const actor = useActorRef(machine);
  const notice = useSelector(actor, (state) => state.context.notice);

  return (
    <section aria-labelledby={headingId} className="admin-card member-mail">
      <h2 id={headingId}>Subscribers</h2>
      <NoticeArea id={NOTICE_ID} notice={notice} />
      <DataState
        data={list}
        loadingText="Loading subscribers..."
        emptyText={search === '' ? 'Nobody has asked for our news by e-mail yet.' : `No subscriber matches “${search}”.`}
        failureText="The subscribers could not be loaded."
      >
        {(data) => (
          <>
            <p className="member-mail__count">{countText(data)}</p>
            <p>
              <a href={data.exportHref} download>
                Download the whole list (CSV file for a spreadsheet)
              </a>
            </p>
            <NotWorking subscribers={data.subscribers} />
            <form
              role="search"
              className="member-mail__search"
              onSubmit={(event) => {
                event.preventDefault();
                setSearch(typed.trim());
              }}
            >
              <label htmlFor={searchId}>Find an address or name</label>
              <input id={searchId} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
              <button type="submit" className="button button--secondary">
                Find
              </button>
            </form>
            {data.subscribers.length === 0 ? (
              <p>{search === '' ? 'Nobody has asked for our news by e-mail yet.' : `No subscriber matches “${search}”.`}</p>
            ) : (
              <ul className="member-mail__list">
                {data.subscribers.map((subscriber) => (
                  <SubscriberItem key={subscriber.id} subscriber={subscriber} actor={actor} />
                ))}
              </ul>
            )}
          </>
        )}
      </DataState>
      <AddSubscriberForm />
    </section>
  );
}
