import { describe, expect, onTestFinished, test } from 'vitest';
import { NO_EVENT_DETAILS, type EventDetails } from '../../src-core/domain/event-details';
import type { EventsPort } from '../../src-core/ports/events.port';
import type { StoragePort } from '../../src-core/ports/storage.port';
import { rejectsWithKind } from '../support/core-error';
import { pdfBlob, type FileSeed } from './storage.contract';

/** What a backend gives the events contract: writes allowed (an administrator signed in). */
export interface EventsHarness {
  readonly events: EventsPort;
  readonly storage: StoragePort;
  /** Puts files in the backend directly, without details. */
  seedFiles(files: readonly FileSeed[]): Promise<void>;
  /** The same backend's port as a visitor (not signed in) has it. */
  readonly visitorEvents: EventsPort;
  cleanup(): Promise<void>;
}

const ZONE = 'Europe/Dublin';

export const SAMPLE_DETAILS: EventDetails = {
  ...NO_EVENT_DETAILS,
  title: 'Annual General Meeting',
  start: '2026-09-12T14:30',
  end: '2026-09-12T16:00',
  timeZone: ZONE,
  venue: 'Parish Hall',
  town: 'Athlone',
  description: 'All members are welcome.\nTea afterwards.',
};

async function harnessFrom(makeHarness: () => Promise<EventsHarness>): Promise<EventsHarness> {
  const harness = await makeHarness();
  onTestFinished(() => harness.cleanup());
  return harness;
}

async function detailsOf(events: EventsPort, name: string) {
  const listing = await events.listEvents();
  return listing.events.find((event) => event.file.name === name)?.details;
}

/** The behaviour every EventsPort shares, run against one backend. */
export function eventsContract(name: string, makeHarness: () => Promise<EventsHarness>): void {
  describe(`EventsPort contract: ${name}`, () => {
    test('every file in the events folder is listed, without details until some are given, with the zone and the time', async () => {
      const { events, seedFiles } = await harnessFrom(makeHarness);
      await seedFiles([{ fullPath: 'events/Summer Fair.pdf', data: pdfBlob() }, { fullPath: 'newsletters/May.pdf', data: pdfBlob() }]);

      const listing = await events.listEvents();

      expect(listing.timeZone).toBe(ZONE);
      expect(Number.isNaN(Date.parse(listing.at))).toBe(false);
      expect(listing.events.map((event) => [event.file.fullPath, event.details])).toEqual([['events/Summer Fair.pdf', null]]);
    });

    test('details uploaded with a file are stored with it, tidied', async () => {
      const { events, storage } = await harnessFrom(makeHarness);

      await storage.upload({ folder: 'events', name: 'AGM.pdf', data: pdfBlob(), eventDetails: { ...SAMPLE_DETAILS, title: '  Annual General Meeting ' } }).result;

      expect(await detailsOf(events, 'AGM.pdf')).toEqual(SAMPLE_DETAILS);
    });

    test('details are added, changed and removed later without touching the file', async () => {
      const { events, seedFiles } = await harnessFrom(makeHarness);
      await seedFiles([{ fullPath: 'events/Walk.pdf', data: pdfBlob(700) }]);

      const added = await events.saveDetails('events/Walk.pdf', { ...NO_EVENT_DETAILS, allDay: true, start: '2026-05-02', timeZone: ZONE, town: 'Glendalough' });
      const changed = await events.saveDetails('events/Walk.pdf', { ...NO_EVENT_DETAILS, town: 'Wicklow' });
      const afterChange = await detailsOf(events, 'Walk.pdf');
      const removed = await events.saveDetails('events/Walk.pdf', null);
      const listing = await events.listEvents();

      expect(added.details).toMatchObject({ allDay: true, start: '2026-05-02', town: 'Glendalough' });
      expect(changed.details).toEqual({ ...NO_EVENT_DETAILS, town: 'Wicklow' });
      expect(afterChange).toEqual({ ...NO_EVENT_DETAILS, town: 'Wicklow' });
      expect(removed.details).toBeNull();
      expect(listing.events.map((event) => [event.file.name, event.details, event.file.size ?? 700])).toEqual([['Walk.pdf', null, 700]]);
    });

    test('details the rules refuse on upload store neither the details nor the file', async () => {
      const { events, storage } = await harnessFrom(makeHarness);

      const error = await rejectsWithKind(
        storage.upload({ folder: 'events', name: 'Backwards.pdf', data: pdfBlob(), eventDetails: { ...SAMPLE_DETAILS, end: '2026-09-12T09:00' } }).result,
        'invalid-input',
      );

      expect(error.fieldErrors).toEqual({ end: 'The end must be after the start.' });
      expect((await events.listEvents()).events).toEqual([]);
    });

    test('details the rules refuse later leave the stored ones as they were', async () => {
      const { events, storage } = await harnessFrom(makeHarness);
      await storage.upload({ folder: 'events', name: 'AGM.pdf', data: pdfBlob(), eventDetails: SAMPLE_DETAILS }).result;

      const error = await rejectsWithKind(events.saveDetails('events/AGM.pdf', { ...SAMPLE_DETAILS, title: 'x'.repeat(151) }), 'invalid-input');

      expect(error.fieldErrors).toEqual({ title: 'Please keep the title to 150 characters or fewer.' });
      expect(await detailsOf(events, 'AGM.pdf')).toEqual(SAMPLE_DETAILS);
    });

    test('details of a file that is not there, or not in the events folder, are not found', async () => {
      const { events, seedFiles } = await harnessFrom(makeHarness);
      await seedFiles([{ fullPath: 'newsletters/May.pdf', data: pdfBlob() }]);

      await rejectsWithKind(events.saveDetails('events/Missing.pdf', SAMPLE_DETAILS), 'not-found');
      await rejectsWithKind(events.saveDetails('newsletters/May.pdf', SAMPLE_DETAILS), 'not-found');
    });

    test('a deleted event file takes its details with it: a new file of that name starts without any', async () => {
      const { events, storage } = await harnessFrom(makeHarness);
      await storage.upload({ folder: 'events', name: 'AGM.pdf', data: pdfBlob(), eventDetails: SAMPLE_DETAILS }).result;

      await storage.deleteFile('events/AGM.pdf');
      await storage.upload({ folder: 'events', name: 'AGM.pdf', data: pdfBlob() }).result;

      expect(await detailsOf(events, 'AGM.pdf')).toBeNull();
    });

    test('someone who is not an administrator cannot change details', async () => {
      const { visitorEvents, seedFiles, events } = await harnessFrom(makeHarness);
      await seedFiles([{ fullPath: 'events/Walk.pdf', data: pdfBlob() }]);

      await rejectsWithKind(visitorEvents.saveDetails('events/Walk.pdf', SAMPLE_DETAILS), 'not-authorised');

      expect(await detailsOf(events, 'Walk.pdf')).toBeNull();
    });
  });
}
