import { EMPTY_DETAILS, cleanDetails, validateDetails, type AssociationDetails } from '../../../src-core/domain/association-details';
import { CoreError } from '../../../src-core/domain/core-error';
import { hasErrors } from '../../../src-core/domain/validation';
import type { AssociationEditorPort, AssociationPort } from '../../../src-core/ports/association.port';
import { ADMIN_ONLY, CHECK_THE_FORM } from './memory-messages';

export interface MemoryAssociationOptions {
  readonly details?: AssociationDetails;
  /** Whether the caller may change them; the memory backend asks its auth for an administrator. */
  readonly canWrite?: () => boolean;
}

export interface MemoryAssociation {
  readonly association: AssociationPort;
  readonly editor: AssociationEditorPort;
}

/** The details kept in memory, checked and cleaned as the self-hosted server does. */
export function createMemoryAssociation(options: MemoryAssociationOptions = {}): MemoryAssociation {
  let details: AssociationDetails = options.details ?? EMPTY_DETAILS;
  const canWrite = options.canWrite ?? (() => true);
  return {
    association: {
      async getDetails(readOptions) {
        readOptions?.signal?.throwIfAborted();
        return details;
      },
    },
    editor: {
      async saveDetails(changed) {
        if (!canWrite()) throw new CoreError('not-authorised', ADMIN_ONLY);
        const fieldErrors = validateDetails(changed);
        if (hasErrors(fieldErrors)) throw new CoreError('invalid-input', Object.values(fieldErrors)[0] ?? CHECK_THE_FORM, { fieldErrors });
        details = cleanDetails(changed);
        return details;
      },
    },
  };
}
