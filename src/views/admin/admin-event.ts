import { summariseEvent, type EventListing, type ListedEvent } from '../../../src-core/domain/event-listing';

/** An event file as a volunteer recognises it: its title and its date, not its file name. */
export interface AdminEventLabel {
  readonly title: string;
  readonly when: string;
}

export function adminEventLabel(event: ListedEvent, listing: EventListing): AdminEventLabel {
  const summary = summariseEvent(event, listing.timeZone, Date.parse(listing.at));
  // The public card's 'Unknown Date' is the spec's; here the volunteer is told what to do about it.
  return { title: summary.title, when: summary.start === null ? 'No date set yet' : summary.when };
}

/** Each listed event's label, by the file's full path. */
export function adminEventLabels(listing: EventListing): ReadonlyMap<string, AdminEventLabel> {
  return new Map(listing.events.map((event) => [event.file.fullPath, adminEventLabel(event, listing)]));
}
