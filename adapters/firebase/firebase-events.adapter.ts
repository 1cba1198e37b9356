import { CoreError, isCoreError } from '../../src-core/domain/core-error';
import { storableEventDetails } from '../../src-core/domain/event-details';
import { folderOfPath } from '../../src-core/domain/files';
import type { EventsPort } from '../../src-core/ports/events.port';
import { firebaseFailure, hostedError } from '../hosted/error-table';
import { eventDetailsFromMetadata, eventMetadataForUpdate } from './event-metadata';
import type { FirebaseAppLoader } from './firebase-app';
import { LISTING_WAIT_BUDGET_MS, byName, describeIfPresent, describeReference, listReferences, storageLoader, withinBudget } from './firebase-storage.adapter';

export interface FirebaseEventsOptions {
  readonly loadApp: FirebaseAppLoader;
  readonly timeZone: string;
  readonly pageSize?: number;
  readonly now?: () => number;
  /** How long the SDK keeps retrying one request (OPERATION_RETRY_MS in firebase-storage.adapter.ts unless set). */
  readonly retryTimeMs?: { readonly operation?: number };
  /** The longest a visitor waits for the events once the SDK is loaded (LISTING_WAIT_BUDGET_MS unless set). */
  readonly waitBudgetMs?: number;
}

/**
 * Event details kept in each event file's Storage custom metadata, written only by an
 * administrator (storage.rules).
 */
export function createFirebaseEvents(options: FirebaseEventsOptions): EventsPort {
  const load = storageLoader(options);
  const pageSize = options.pageSize ?? 1000;
  const now = options.now ?? Date.now;

  return {
    async listEvents(listOptions) {
      const signal = listOptions?.signal;
      try {
        const { sdk, storage } = await load();
        const described = await withinBudget(
          listReferences(sdk, storage, 'events', pageSize, signal).then((references) =>
            Promise.all(references.map((reference) => describeIfPresent(sdk, reference))),
          ),
          options.waitBudgetMs ?? LISTING_WAIT_BUDGET_MS,
        );
        if (signal?.aborted) throw new CoreError('canceled', 'The request was cancelled.');
        const events = described
          .flatMap((entry) => (entry === null ? [] : [entry]))
          .sort((a, b) => byName(a.file, b.file))
          .map((entry) => ({ file: entry.file, details: eventDetailsFromMetadata(entry.customMetadata) }));
        // A static site has no server to make iCalendar files from.
        return { timeZone: options.timeZone, at: new Date(now()).toISOString(), events, calendar: null };
      } catch (error) {
        throw isCoreError(error) ? error : firebaseFailure('storage', error);
      }
    },
    async saveDetails(fullPath, details) {
      const stored = storableEventDetails(details);
      if (folderOfPath(fullPath) !== 'events') throw hostedError('storage', 'storage/object-not-found');
      try {
        const { sdk, storage } = await load();
        const reference = sdk.ref(storage, fullPath);
        await sdk.updateMetadata(reference, { customMetadata: eventMetadataForUpdate(stored) as Record<string, string> });
        const described = await describeReference(sdk, reference);
        return { file: described.file, details: eventDetailsFromMetadata(described.customMetadata) };
      } catch (error) {
        throw isCoreError(error) ? error : firebaseFailure('storage', error);
      }
    },
  };
}
