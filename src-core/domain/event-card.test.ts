import { expect, test } from 'vitest';
import { eventCard } from './event-card';

const stored = (name: string) => ({ name, fullPath: `events/${name}`, url: `memory:events/${name}` });

test('an event card takes its title from the file name without .pdf', () => {
  expect(eventCard(stored('Summer Outing 2026.pdf'))).toEqual({
    title: 'Summer Outing 2026',
    date: 'Unknown Date',
    location: 'Unknown Location',
    pdfFilename: 'Summer Outing 2026.pdf',
    url: 'memory:events/Summer Outing 2026.pdf',
  });
});

test('the .pdf ending is removed in any case', () => {
  expect(eventCard(stored('AGM.PDF')).title).toBe('AGM');
  expect(eventCard(stored('Fair.Pdf')).title).toBe('Fair');
});

test('only the final .pdf is removed, with other dots kept', () => {
  expect(eventCard(stored('a.pdf.b.pdf')).title).toBe('a.pdf.b');
  expect(eventCard(stored('Dinner 12.05.pdf')).title).toBe('Dinner 12.05');
});

test('a name without .pdf is the title as it is', () => {
  expect(eventCard(stored('Christmas lunch')).title).toBe('Christmas lunch');
});

test('a file named only .pdf is an untitled event', () => {
  expect(eventCard(stored('.pdf')).title).toBe('Untitled Event');
  expect(eventCard(stored('  .pdf')).title).toBe('Untitled Event');
  expect(eventCard(stored('')).title).toBe('Untitled Event');
});
