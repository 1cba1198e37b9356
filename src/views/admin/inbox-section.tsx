import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import { mailtoHref } from '../../../src-core/domain/association-details';
import {
  REPLY_SUBJECT,
  canSendAgain,
  newMessageCount,
  type ContactInbox,
  type DeliveryState,
  type ReceivedContactMessage,
} from '../../../src-core/domain/contact-message';
import { DataState } from '../../components/data-state';
import { PAGE_HEADING_ID } from '../../components/page-heading';
import type { RouteData } from '../../lib/route-data.hook';
import { adminDateTime } from './account/admin-date-time';
import { ConfirmPrompt } from './confirm-prompt';
import { INBOX_NOTICE_ID, deleteButtonId, useInboxActor, type InboxActor } from './inbox-actor';
import { NoticeArea } from '../../components/status-message';

const DELIVERY_LABELS: Readonly<Record<DeliveryState, string>> = {
  pending: 'Waiting to be e-mailed',
  sent: 'E-mailed',
  failed: 'Not e-mailed',
  'not-emailed': 'Stored here',
};

const DELIVERY_HELP: Readonly<Record<DeliveryState, string>> = {
  pending: 'the website will e-mail it to the association shortly.',
  sent: 'e-mailed to the association.',
  failed: 'could not be e-mailed. Please read it here.',
  'not-emailed': 'e-mail is not set up on this website, so it is kept here only.',
};

interface InboxMessageProps {
  readonly message: ReceivedContactMessage;
  readonly emailSetUp: boolean;
  readonly inbox: InboxActor;
}

/** One message and what an administrator can do with it. Everything in it is shown as text: React escapes it. */
function InboxMessage({ message, emailSetUp, inbox }: InboxMessageProps) {
  const headingId = useId();
  const mine = useSelector(inbox, (state) => state.context.pendingId === message.id);
  const confirming = useSelector(inbox, (state) => mine && state.matches('confirmingDelete'));
  const deleting = useSelector(inbox, (state) => mine && state.matches('deleting'));
  // One piece of work at a time: the others wait until it is done, which takes a moment.
  const busy = useSelector(inbox, (state) => !state.matches('ready'));
  const problem = useSelector(inbox, (state) => (state.context.problem?.id === message.id ? state.context.problem.message : null));

  return (
    <li className={message.handled ? 'inbox-message inbox-message--handled' : 'inbox-message'} aria-labelledby={headingId}>
      <h3 id={headingId} className="inbox-message__name">
        {message.name}
      </h3>
      <p className="inbox-message__state">{message.handled ? 'Handled' : <strong className="inbox-message__new">New</strong>}</p>
      <dl className="inbox-message__facts">
        <div>
          <dt>E-mail</dt>
          <dd>{message.email}</dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>
            <time dateTime={message.receivedAt}>{adminDateTime(message.receivedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>
            <span className={`delivery delivery--${message.delivery}`}>{DELIVERY_LABELS[message.delivery]}</span>{' '}
            <span className="inbox-message__help">{DELIVERY_HELP[message.delivery]}</span>
          </dd>
        </div>
      </dl>
      <p className="inbox-message__text">{message.message}</p>
      {problem !== null && (
        <p role="alert" className="status status--error">
          {problem}
        </p>
      )}
      {confirming || deleting ? (
        <ConfirmPrompt
          question={`Delete the message from ${message.name}? This cannot be undone.`}
          busy={deleting}
          busyText="Deleting..."
          onConfirm={() => inbox.send({ type: 'message.confirmDelete' })}
          onCancel={() => inbox.send({ type: 'message.cancelDelete' })}
        />
      ) : (
        <div className="inbox-message__actions">
          <a className="button" href={mailtoHref(message.email, REPLY_SUBJECT)}>
            Reply by e-mail<span className="visually-hidden"> to {message.name}</span>
          </a>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => inbox.send({ type: 'message.mark', id: message.id, handled: !message.handled })}
          >
            {message.handled ? 'Mark as new' : 'Mark as handled'}
            <span className="visually-hidden">: message from {message.name}</span>
          </button>
          {canSendAgain(message, emailSetUp) && (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => inbox.send({ type: 'message.sendAgain', id: message.id })}
            >
              Send by e-mail again<span className="visually-hidden">: message from {message.name}</span>
            </button>
          )}
          <button
            id={deleteButtonId(message.id)}
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => inbox.send({ type: 'message.delete', id: message.id })}
          >
            Delete<span className="visually-hidden"> the message from {message.name}</span>
          </button>
        </div>
      )}
      {mine && !confirming && !deleting && busy && (
        <p role="status" className="admin-form__busy">
          Saving...
        </p>
      )}
    </li>
  );
}

/** '1 message, new.' or '3 messages, 2 new, newest first.': counted in words a person would use. */
function messageCountText(total: number, fresh: number): string {
  const what = total === 1 ? '1 message' : `${total} messages`;
  const news = fresh === 0 ? (total === 1 ? 'handled' : 'all handled') : total === 1 ? 'new' : `${fresh} new`;
  return total === 1 ? `${what}, ${news}.` : `${what}, ${news}, newest first.`;
}

/** The machine's state as the four faces every list has. */
function inboxData(state: SnapshotFrom<InboxActor>, retry: () => void): RouteData<ContactInbox> {
  if (state.matches('loadFailed') && state.context.loadError !== null) return { status: 'error', error: state.context.loadError, retry };
  if (state.context.inbox === null) return { status: 'loading' };
  return { status: 'ready', data: state.context.inbox };
}

function Inbox({ inbox }: { readonly inbox: InboxActor }) {
  const state = useSelector(inbox, (snapshot) => snapshot);
  const { notice } = state.context;

  return (
    <>
      <NoticeArea id={INBOX_NOTICE_ID} notice={notice} />
      <DataState
        data={inboxData(state, () => inbox.send({ type: 'retry' }))}
        loadingText="Loading messages..."
        emptyText="No messages have been received yet."
        failureText="The messages could not be loaded."
        isEmpty={(data) => data.messages.length === 0 && notice === null}
      >
        {(data) => (
          <>
            {!data.emailSetUp && (
              <p className="status">
                E-mail is not set up on this website, so messages are stored here only. Reply to each sender yourself with
                &apos;Reply by e-mail&apos;.
              </p>
            )}
            <p className="inbox__count">
              {data.messages.length === 0
                ? 'No messages left.'
                : messageCountText(data.messages.length, newMessageCount(data.messages))}
            </p>
            <ul className="inbox">
              {data.messages.map((message) => (
                <InboxMessage key={message.id} message={message} emailSetUp={data.emailSetUp} inbox={inbox} />
              ))}
            </ul>
          </>
        )}
      </DataState>
      {state.context.inbox !== null && !state.matches('loadFailed') && (
        <button type="button" className="button button--secondary" disabled={state.matches('loading')} onClick={() => inbox.send({ type: 'inbox.reload' })}>
          Check for new messages
        </button>
      )}
    </>
  );
}

/** The contact messages the self-hosted backend keeps: read, reply, mark handled, send again, delete. */
export function InboxSection() {
  const inbox = useInboxActor();
  if (inbox === null) return null;
  return (
    <section aria-labelledby={PAGE_HEADING_ID} className="admin-card admin-inbox">
      <Inbox inbox={inbox} />
    </section>
  );
}
