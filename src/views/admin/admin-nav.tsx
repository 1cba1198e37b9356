import { useSelector } from '@xstate/react';
import { NavLink } from 'react-router-dom';
import { newMessageCount } from '../../../src-core/domain/contact-message';
import { useBackend } from '../../lib/backend.context';
import { useRouteData } from '../../lib/route-data.hook';
import { postsQuery } from '../route.queries';
import { eventListingQuery } from '../event.queries';
import { applicationsQuery, subscribersQuery } from './admin.queries';
import { ADMIN_PAGES, type AdminPageId } from '../../../src-core/domain/admin-pages';
import { useInboxActor, type InboxActor } from './inbox-actor';
import { useBranchLimit } from './branch-limit';
import { mayUsePage, type StaffRole } from '../../../src-core/domain/roles';

/** Pages reached from 'Members' (a member from the list, the import), not from the navigation. */
const UNDER_MEMBERS: ReadonlySet<AdminPageId> = new Set(['member', 'member-import']);

/** Which admin pages this backend has: the hosted one keeps posts, messages, details and accounts elsewhere. */
export function useAdminPagesHere(): ReadonlySet<AdminPageId> {
  const { contentEditor, contactInbox, associationEditor, account, audit, memberMail, membershipAdmin, membershipAdminPages, visits } = useBackend();
  // 'team' everywhere: where the backend has no roles, its page says so.
  const here = new Set<AdminPageId>(['files', 'events', 'team']);
  if (contentEditor !== undefined) here.add('news');
  if (contactInbox !== undefined) here.add('inbox');
  if (membershipAdmin !== undefined) {
    for (const page of membershipAdminPages ?? (['branch', 'applications', 'members', 'member', 'member-import', 'renewals'] as const)) here.add(page);
  }
  if (memberMail !== undefined) here.add('email');
  if (associationEditor !== undefined) here.add('details');
  if (visits !== undefined) here.add('visits');
  if (account !== undefined) here.add('account');
  if (audit !== undefined) here.add('activity');
  return here;
}

/** ' (2 new)' while messages wait to be handled; nothing otherwise. */
function NewMessages({ inbox }: { readonly inbox: InboxActor }) {
  const count = useSelector(inbox, (state) => (state.context.inbox === null ? 0 : newMessageCount(state.context.inbox.messages)));
  if (count === 0) return null;
  // The space is text of the link itself, beside the count, so every reader (and screen reader) gets 'Inbox (2 new)'.
  return (
    <>
      {' '}
      <strong className="admin-nav__count">({count} new)</strong>
    </>
  );
}

/** ' (3)': how many there are, once known. */
function Count({ count }: { readonly count: number | null }) {
  if (count === null) return null;
  return (
    <>
      {' '}
      <span className="admin-nav__count">({count})</span>
    </>
  );
}

/** How many of `items` the user works on: a branch officer's branch's only. */
function countOf(items: readonly { readonly branch?: { readonly id: string } | undefined }[], branchLimit: string | null | undefined): number {
  return branchLimit === undefined ? items.length : items.filter((item) => item.branch !== undefined && item.branch.id === branchLimit).length;
}

function usePostCount(): number | null {
  const posts = useRouteData(postsQuery());
  const branchLimit = useBranchLimit();
  return posts.status === 'ready' ? countOf(posts.data, branchLimit) : null;
}

function useEventCount(): number | null {
  const listing = useRouteData(eventListingQuery());
  const branchLimit = useBranchLimit();
  return listing.status === 'ready' ? countOf(listing.data.events, branchLimit) : null;
}

/** Confirmed subscribers: the people a mailing goes to. */
function SubscriberCount() {
  const list = useRouteData(subscribersQuery(''));
  return <Count count={list.status === 'ready' ? list.data.counts.confirmed : null} />;
}

/** ' (2 new)' while applications wait for a decision; nothing otherwise. */
function NewApplications() {
  const list = useRouteData(applicationsQuery('new'));
  const count = list.status === 'ready' ? list.data.counts.new : 0;
  if (count === 0) return null;
  return (
    <>
      {' '}
      <strong className="admin-nav__count">({count} new)</strong>
    </>
  );
}

function PostCount() {
  return <Count count={usePostCount()} />;
}

function EventCount() {
  return <Count count={useEventCount()} />;
}

/**
 * The admin area's short navigation: one link per page the role may use, the current one marked,
 * with counts where they help.
 */
export function AdminNav({ role }: { readonly role: StaffRole }) {
  const here = useAdminPagesHere();
  const inbox = useInboxActor();
  return (
    <nav aria-label="Admin area" className="admin-nav">
      <ul>
        {ADMIN_PAGES.filter((page) => here.has(page.id) && !UNDER_MEMBERS.has(page.id) && mayUsePage(role, page.id)).map((page) => (
          <li key={page.id}>
            {/* A member's page and the import are part of 'Members': its link stays marked there. */}
            <NavLink to={page.path} end={page.id !== 'members'} className="admin-nav__link">
              {/* One box for the words, so the link's flex layout keeps the space before a count. */}
              <span>
                {page.name}
                {page.id === 'news' && <PostCount />}
                {page.id === 'events' && <EventCount />}
                {page.id === 'applications' && <NewApplications />}
                {page.id === 'email' && <SubscriberCount />}
                {page.id === 'inbox' && inbox !== null && <NewMessages inbox={inbox} />}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
