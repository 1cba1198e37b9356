import { useActorRef } from '@xstate/react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { inboxMachine } from '../../../src-core/machines/inbox.machine';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useAfterRender } from '../../lib/after-render.hook';
import { useBackend } from '../../lib/backend.context';
import { focusById } from '../../lib/focus';

export type InboxActor = ActorRefFrom<typeof inboxMachine>;

/** Where the inbox's notice and each message's Delete button are, for the machine's focus moves. */
export const INBOX_NOTICE_ID = 'inbox-notice';
export function deleteButtonId(messageId: string): string {
  return `inbox-delete-${messageId}`;
}

const InboxActorContext = createContext<InboxActor | null>(null);

function WithInboxActor({ children }: { readonly children: ReactNode }) {
  const machines = useAdminMachines();
  const afterRender = useAfterRender();
  const [machine] = useState(() =>
    machines.inbox({
      focusNotice: () => afterRender(() => focusById(INBOX_NOTICE_ID)),
      focusDeleteButton: (messageId) => afterRender(() => focusById(deleteButtonId(messageId))),
    }),
  );
  const actor = useActorRef(machine);
  return <InboxActorContext.Provider value={actor}>{children}</InboxActorContext.Provider>;
}

/**
 * One inbox for the whole admin page: the inbox section and the page's contents (its count of
 * new messages) read the same actor, so marking a message handled changes both at once, and the
 * messages are loaded once. A backend without an inbox (hosted), or a role without it, gets none.
 */
export function InboxActorProvider({ children, allowed }: { readonly children: ReactNode; readonly allowed: boolean }) {
  const { contactInbox } = useBackend();
  // A role without the inbox never asks for it (the server would refuse).
  if (contactInbox === undefined || !allowed) return children;
  return <WithInboxActor>{children}</WithInboxActor>;
}

/** The page's inbox, or null where the backend keeps no messages. */
export function useInboxActor(): InboxActor | null {
  return useContext(InboxActorContext);
}
