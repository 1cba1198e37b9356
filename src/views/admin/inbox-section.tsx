import { useCallback } from 'react';
import type { ContactInboxPort } from '../../../src-core/ports/mail.port';
import type { DeliveryState, ReceivedContactMessage } from '../../../src-core/domain/contact-message';
import { useBackend } from '../../lib/backend.context';
import { DataState } from '../../components/data-state';
import { useAdminData } from './admin-data.hook';

const DELIVERY_LABELS: Readonly<Record<DeliveryState, string>> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  'not-emailed': 'Stored here',
};

const DELIVERY_HELP: Readonly<Record<DeliveryState, string>> = {
  pending: 'not e-mailed yet.',
  sent: 'e-mailed to the association.',
  failed: 'could not be e-mailed. Please read it here.',
  'not-emailed': 'e-mail is not set up, so it is kept here only.',
};

// Same fixed zone as the public dates, with the time, since several messages may arrive in a day.
const receivedFormat = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Dublin',
});

function newestFirst(messages: readonly ReceivedContactMessage[]): ReceivedContactMessage[] {
  return [...messages].sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt));
}

/** One message. Everything in it is shown as text: React escapes it, so markup stays harmless. */
function InboxMessage({ message }: { readonly message: ReceivedContactMessage }) {
  return (
    <li className="inbox-message">
      <h3 className="inbox-message__name">{message.name}</h3>
      <dl className="inbox-message__facts">
        <div>
          <dt>E-mail</dt>
          <dd>{message.email}</dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>
            <time dateTime={message.receivedAt}>{receivedFormat.format(Date.parse(message.receivedAt))}</time>
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
    </li>
  );
}

function Inbox({ inbox }: { readonly inbox: ContactInboxPort }) {
  const load = useCallback(async () => newestFirst((await inbox.listMessages()).messages), [inbox]);
  const messages = useAdminData(load);
  return (
    <>
      <DataState
        data={messages}
        loadingText="Loading messages..."
        emptyText="No messages have been received yet."
        failureText="The messages could not be loaded."
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <ul className="inbox">
            {list.map((message) => (
              <InboxMessage key={message.id} message={message} />
            ))}
          </ul>
        )}
      </DataState>
      {messages.status === 'ready' && (
        <button type="button" className="button button--secondary" onClick={messages.reload}>
          Check for new messages
        </button>
      )}
    </>
  );
}

/** The contact messages the self-hosted backend keeps, with whether each was e-mailed. */
export function InboxSection() {
  const { contactInbox } = useBackend();
  if (contactInbox === undefined) return null;
  return (
    <section aria-labelledby="contact-messages" className="admin-card admin-inbox">
      <h2 id="contact-messages">Contact Messages</h2>
      <Inbox inbox={contactInbox} />
    </section>
  );
}
