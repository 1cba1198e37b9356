import type { StoredFile } from './stored-file';

export interface EventCard {
  readonly title: string;
  /** The storage knows no event date, so the card says so (docs/behaviour.md#event-cards). */
  readonly date: 'Unknown Date';
  readonly location: 'Unknown Location';
  readonly pdfFilename: string;
  readonly url: string;
}

export function eventCard(file: StoredFile): EventCard {
  const title = file.name.replace(/\.pdf$/i, '').trim();
  return {
    title: title === '' ? 'Untitled Event' : title,
    date: 'Unknown Date',
    location: 'Unknown Location',
    pdfFilename: file.name,
    url: file.url,
  };
}
