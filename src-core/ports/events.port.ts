import type { EventDetails } from '../domain/event-details';
import type { EventListing, ListedEvent } from '../domain/event-listing';

/** The events folder's files with what is known about each event. */
export interface EventsPort {
  /**
   * Every file in the events folder with its details (null for none), the association's time
   * zone, the backend's time of listing and its calendar feed, if it makes one.
   * @throws CoreError 'unavailable'.
   */
  listEvents(options?: { readonly signal?: AbortSignal }): Promise<EventListing>;
  /**
   * Adds, changes or (with null) removes the details of a stored event file; the file itself is
   * never touched. `branch` (where the backend keeps branches): the id of the branch holding the
   * event, null for a national one; left out, it stays as it was.
   * @throws CoreError 'invalid-input' (with fieldErrors) for details the rules refuse, 'not-found'
   *   for a file that is not there, 'not-authorised' without an administrator, 'unavailable'.
   */
  saveDetails(fullPath: string, details: EventDetails | null, branch?: string | null): Promise<ListedEvent>;
}
