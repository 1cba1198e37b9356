import type { AssociationEditorPort, AssociationPort } from '../../src-core/ports/association.port';
import type { HttpClient } from './http-client';
import { API_PATHS, associationDetailsSchema } from '../../contract/wire';

export function createHttpAssociation(client: HttpClient): AssociationPort {
  return {
    getDetails(options) {
      return client.request('GET', API_PATHS.association, associationDetailsSchema, { signal: options?.signal });
    },
  };
}

export function createHttpAssociationEditor(client: HttpClient): AssociationEditorPort {
  return {
    // Replacing the whole set is idempotent, so a request that arrives twice changes nothing more.
    saveDetails(details) {
      return client.request('PUT', API_PATHS.association, associationDetailsSchema, { json: associationDetailsSchema.parse(details) });
    },
  };
}
