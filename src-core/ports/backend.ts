import type { AuthPort } from './auth.port';
import type { ContentEditorPort, ContentPort } from './content.port';
import type { ContactInboxPort, MailPort } from './mail.port';
import type { StoragePort } from './storage.port';

/**
 * Everything one backend provides. The optional parts are capabilities: the admin area
 * shows post editing and the inbox only where the backend has them.
 */
export interface Backend {
  readonly content: ContentPort;
  readonly storage: StoragePort;
  readonly auth: AuthPort;
  readonly mail: MailPort;
  readonly contentEditor?: ContentEditorPort;
  readonly contactInbox?: ContactInboxPort;
  /** Where posts are written when the backend has no editor (the hosted content management site). */
  readonly externalContentManagerUrl?: string;
}
