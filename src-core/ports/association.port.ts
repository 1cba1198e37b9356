import type { AssociationDetails } from '../domain/association-details';
import type { ReadOptions } from './content.port';

/** The association's details, which every page shows (footer, Contact, Join Us Today, privacy). */
export interface AssociationPort {
  /**
   * The details as they are now; a field nobody filled in is ''.
   * @throws CoreError 'unavailable' when they cannot be read.
   */
  getDetails(options?: ReadOptions): Promise<AssociationDetails>;
}

/**
 * Changing the details. Only the self-hosted backend has it; on the hosted backend they are set
 * in the build environment or a content entry (docs/hosted.md).
 */
export interface AssociationEditorPort {
  /**
   * Replaces every field and returns the details as stored (trimmed).
   * @throws CoreError 'invalid-input' with a message per refused field (nothing is stored),
   *   'not-authorised' without an administrator session, 'unavailable'.
   */
  saveDetails(details: AssociationDetails): Promise<AssociationDetails>;
}
