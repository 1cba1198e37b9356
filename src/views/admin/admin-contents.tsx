import { useSelector } from '@xstate/react';
import { newMessageCount } from '../../../src-core/domain/contact-message';
import { useBackend } from '../../lib/backend.context';
import { useInboxActor, type InboxActor } from './inbox-actor';

/** Where each part of the admin page starts, so a phone user can jump there. */
export const ADMIN_PARTS = {
  upload: 'admin-upload',
  delete: 'admin-delete',
  posts: 'admin-posts',
  messages: 'admin-messages',
  details: 'admin-details',
  account: 'admin-account',
  activity: 'admin-activity',
} as const;

/** How many messages nobody has marked handled yet, as the inbox below has them now. */
function NewMessages({ inbox }: { readonly inbox: InboxActor }) {
  const count = useSelector(inbox, (state) => (state.context.inbox === null ? 0 : newMessageCount(state.context.inbox.messages)));
  if (count === 0) return null;
  return <strong className="admin-contents__new"> ({count} new)</strong>;
}

/** A short table of contents at the top of the admin page. */
export function AdminContents() {
  const { associationEditor, account, audit } = useBackend();
  const inbox = useInboxActor();
  return (
    <nav aria-label="On this page" className="admin-contents">
      <ul>
        <li>
          <a href={`#${ADMIN_PARTS.upload}`}>Upload</a>
        </li>
        <li>
          <a href={`#${ADMIN_PARTS.delete}`}>Delete</a>
        </li>
        <li>
          <a href={`#${ADMIN_PARTS.posts}`}>News posts</a>
        </li>
        {inbox !== null && (
          <li>
            <a href={`#${ADMIN_PARTS.messages}`}>
              Messages
              <NewMessages inbox={inbox} />
            </a>
          </li>
        )}
        {associationEditor !== undefined && (
          <li>
            <a href={`#${ADMIN_PARTS.details}`}>Association details</a>
          </li>
        )}
        {account !== undefined && (
          <li>
            <a href={`#${ADMIN_PARTS.account}`}>Your account</a>
          </li>
        )}
        {audit !== undefined && (
          <li>
            <a href={`#${ADMIN_PARTS.activity}`}>Activity</a>
          </li>
        )}
      </ul>
    </nav>
  );
}
