import { CoreError } from '../../../src-core/domain/core-error';
import { storableEventDetails } from '../../../src-core/domain/event-details';
import { folderOfPath } from '../../../src-core/domain/files';
import { DEFAULT_TIME_ZONE } from '../../../src-core/domain/zoned-time';
import type { EventsPort } from '../../../src-core/ports/events.port';
import { ADMIN_ONLY, FILE_NOT_FOUND } from './memory-messages';
import type { MemoryStorage } from './memory-storage.adapter';

export interface MemoryEventsOptions {
  readonly storage: MemoryStorage;
  readonly canWrite: () => boolean;
  readonly timeZone?: string;
  readonly now?: () => Date;
}

/** The events folder of a memory storage with its details, as the real backends keep them. */
export function createMemoryEvents({ storage, canWrite, timeZone = DEFAULT_TIME_ZONE, now = () => new Date() }: MemoryEventsOptions): EventsPort {
  return {
    async listEvents(options) {
      const files = await storage.listFiles('events', options);
      return {
        timeZone,
        at: now().toISOString(),
        events: files.map((file) => ({ file, details: storage.eventDetails(file.fullPath) ?? null })),
        calendar: null,
      };
    },
    async saveDetails(fullPath, details) {
      if (!canWrite()) throw new CoreError('not-authorised', ADMIN_ONLY);
      const stored = storableEventDetails(details);
      if (folderOfPath(fullPath) !== 'events' || !storage.setEventDetails(fullPath, stored)) throw new CoreError('not-found', FILE_NOT_FOUND);
      const file = (await storage.listFiles('events')).find((candidate) => candidate.fullPath === fullPath);
      if (file === undefined) throw new CoreError('not-found', FILE_NOT_FOUND);
      return { file, details: stored };
    },
  };
}
