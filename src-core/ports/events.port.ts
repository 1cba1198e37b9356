import type { EventDetails } from '../domain/event-details';
import type { EventListing, ListedEvent } from '../domain/event-listing';

/** Where a backend's own server makes iCalendar files; the hosted backend has no server for it. */
export interface CalendarFiles {
  /** The feed of every event, to subscribe to: '/events.ics'. */
  readonly feedPath: string;
  /** One event's file, to add it to a calendar: '/events/Summer%20Outing/calendar.ics'. */
  eventPath(id: string): string;
}

/** The events folder's files with what is known about each event. */
export interface EventsPort {
  /**
   * Every file in the events folder with its details (null for none), the association's time
   * zone and the backend's time of listing.
   * @throws CoreError 'unavailable'.
   */
  listEvents(options?: { readonly signal?: AbortSignal }): Promise<EventListing>;
  /**
   * Adds, changes or (with null) removes the details of a stored event file; the file itself is
   * never touched.
   * @throws CoreError 'invalid-input' (with fieldErrors) for details the rules refuse, 'not-found'
   *   for a file that is not there, 'not-authorised' without an administrator, 'unavailable'.
   */
  saveDetails(fullPath: string, details: EventDetails | null): Promise<ListedEvent>;
  readonly calendarFiles?: CalendarFiles;
}
