import { adminDateTime } from './account/admin-date-time';
import { useCallback, useId, useRef, useState } from 'react';
import { mailtoHref } from '../../../src-core/domain/association-details';
import { toCoreError } from '../../../src-core/domain/core-error';
import type { ContactInboxPort } from '../../../src-core/ports/mail.port';
import {
  REPLY_SUBJECT,
  canSendAgain,
  newMessageCount,
  type ContactInbox,
  type DeliveryState,
  type ReceivedContactMessage,
} from '../../../src-core/domain/contact-message';
import { useBackend } from '../../lib/backend.context';
import { DataState } from '../../components/data-state';
import { useAdminData } from './admin-data.hook';
import { ConfirmPrompt } from './confirm-prompt';

const INBOX_HEADING_ID = 'contact-messages';

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

function newestFirst(messages: readonly ReceivedContactMessage[]): ReceivedContactMessage[] {
  return [...messages].sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt));
}

type MessageAction = 'idle' | 'confirming' | 'busy';

interface InboxMessageProps {
  readonly message: ReceivedContactMessage;
  readonly emailSetUp: boolean;
  readonly inbox: ContactInboxPort;
  readonly onChanged: (message: ReceivedContactMessage) => void;
  readonly onDeleted: (message: ReceivedContactMessage) => void;
}

/** One message and what an administrator can do with it. Everything in it is shown as text: React escapes it. */
function InboxMessage({ message, emailSetUp, inbox, onChanged, onDeleted }: InboxMessageProps) {
  const [action, setAction] = useState<MessageAction>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  async function run<T>(work: () => Promise<T>, done: (result: T) => void): Promise<void> {
    setAction('busy');
    setProblem(null);
    try {
      done(await work());
    } catch (error) {
      setProblem(toCoreError(error).message);
      setAction('idle');
      return;
    }
    setAction('idle');
  }

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
      {action === 'confirming' ? (
        <ConfirmPrompt
          question={`Delete the message from ${message.name}? This cannot be undone.`}
          busy={false}
          busyText="Deleting..."
          onConfirm={() => void run(() => inbox.deleteMessage(message.id), () => onDeleted(message))}
          onCancel={() => {
            setAction('idle');
            // Back to the button that asked, so the keyboard stays where it was.
            requestAnimationFrame(() => deleteRef.current?.focus());
          }}
        />
      ) : (
        <div className="inbox-message__actions">
          <a className="button" href={mailtoHref(message.email, REPLY_SUBJECT)}>
            Reply by e-mail<span className="visually-hidden"> to {message.name}</span>
          </a>
          <button
            type="button"
            className="button button--secondary"
            disabled={action === 'busy'}
            onClick={() => void run(() => inbox.markHandled(message.id, !message.handled), onChanged)}
          >
            {message.handled ? 'Mark as new' : 'Mark as handled'}
            <span className="visually-hidden">: message from {message.name}</span>
          </button>
          {canSendAgain(message, emailSetUp) && (
            <button
              type="button"
              className="button button--secondary"
              disabled={action === 'busy'}
              onClick={() => void run(() => inbox.sendAgain(message.id), onChanged)}
            >
              Send by e-mail again<span className="visually-hidden">: message from {message.name}</span>
            </button>
          )}
          <button ref={deleteRef} type="button" className="button button--danger" disabled={action === 'busy'} onClick={() => setAction('confirming')}>
            Delete<span className="visually-hidden"> the message from {message.name}</span>
          </button>
        </div>
      )}
      {action === 'busy' && (
        <p role="status" className="admin-form__busy">
          Saving...
        </p>
      )}
    </li>
  );
}

function Inbox({ inbox }: { readonly inbox: ContactInboxPort }) {
  const load = useCallback(async (): Promise<ContactInbox> => {
    const loaded = await inbox.listMessages();
    return { ...loaded, messages: newestFirst(loaded.messages) };
  }, [inbox]);
  const loaded = useAdminData(load);
  // What was changed here since the list was loaded: kept until the list loads again.
  const [changed, setChanged] = useState<Readonly<Record<string, ReceivedContactMessage | null>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const reload = () => {
    setChanged({});
    setNotice(null);
    loaded.reload();
  };

  return (
    <>
      <div ref={noticeRef} tabIndex={-1} role="status" className="admin-notice">
        {notice !== null && <p className="status status--success">{notice}</p>}
      </div>
      <DataState
        data={loaded}
        loadingText="Loading messages..."
        emptyText="No messages have been received yet."
        failureText="The messages could not be loaded."
        isEmpty={(data) => data.messages.length === 0}
      >
        {(data) => {
          const messages = data.messages.flatMap((message) => {
            const now = changed[message.id];
            return now === null ? [] : [now ?? message];
          });
          return (
            <>
              {!data.emailSetUp && (
                <p className="status">
                  E-mail is not set up on this website, so messages are stored here only. Reply to each sender yourself with
                  &apos;Reply by e-mail&apos;.
                </p>
              )}
              <p className="inbox__count">
                {messages.length === 0 ? 'No messages left.' : `${newMessageCount(messages)} new of ${messages.length} messages, newest first.`}
              </p>
              <ul className="inbox">
                {messages.map((message) => (
                  <InboxMessage
                    key={message.id}
                    message={message}
                    emailSetUp={data.emailSetUp}
                    inbox={inbox}
                    onChanged={(updated) => setChanged((previous) => ({ ...previous, [updated.id]: updated }))}
                    onDeleted={(deleted) => {
                      setChanged((previous) => ({ ...previous, [deleted.id]: null }));
                      setNotice(`The message from ${deleted.name} was deleted.`);
                      requestAnimationFrame(() => noticeRef.current?.focus());
                    }}
                  />
                ))}
              </ul>
            </>
          );
        }}
      </DataState>
      {loaded.status === 'ready' && (
        <button type="button" className="button button--secondary" onClick={reload}>
          Check for new messages
        </button>
      )}
    </>
  );
}

/** The contact messages the self-hosted backend keeps: read, reply, mark handled, send again, delete. */
export function InboxSection() {
  const { contactInbox } = useBackend();
  if (contactInbox === undefined) return null;
  return (
    <section aria-labelledby={INBOX_HEADING_ID} className="admin-card admin-inbox">
      <h2 id={INBOX_HEADING_ID}>Contact Messages</h2>
      <Inbox inbox={contactInbox} />
    </section>
  );
}
