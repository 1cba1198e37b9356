import { useCallback } from 'react';
import { newMessageCount } from '../../../src-core/domain/contact-message';
import { useBackend } from '../../lib/backend.context';
import { useAdminData } from './admin-data.hook';

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

/** How many messages nobody has marked handled yet, read when the page opens. */
function NewMessages() {
  const { contactInbox } = useBackend();
  const load = useCallback(async () => (contactInbox === undefined ? 0 : newMessageCount((await contactInbox.listMessages()).messages)), [contactInbox]);
  const count = useAdminData(load);
  if (count.status !== 'ready' || count.data === 0) return null;
  return <strong className="admin-contents__new"> ({count.data} new)</strong>;
}

/** A short table of contents at the top of the admin page. */
export function AdminContents() {
  const { contactInbox, associationEditor, account, audit } = useBackend();
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
        {contactInbox !== undefined && (
          <li>
            <a href={`#${ADMIN_PARTS.messages}`}>
              Messages
              <NewMessages />
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
