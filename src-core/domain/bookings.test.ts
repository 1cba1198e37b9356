import { describe, expect, test } from 'vitest';
import { BOOKING_MESSAGES, bookingCountText, bookingPagePath, bookingPrivacyParagraphs, placesLeftText, validateBookingRequest } from './bookings';

const REQUEST = { name: 'Mary Byrne', email: 'mary@example.org', phone: '', places: 2, answer: '' };

describe('booking rules', () => {
  test('a name and one way to reach the person are enough', () => {
    expect(validateBookingRequest(REQUEST, 2)).toEqual({});
    expect(validateBookingRequest({ ...REQUEST, email: '', phone: '087 123 4567' }, 2)).toEqual({});
  });

  test('neither e-mail nor phone is refused under the e-mail field with both named', () => {
    expect(validateBookingRequest({ ...REQUEST, email: ' ', phone: '' }, 2)).toEqual({ email: BOOKING_MESSAGES.contactNeeded });
  });

  test('places beyond the limit for one booking, or none, are refused with the range', () => {
    expect(validateBookingRequest({ ...REQUEST, places: 3 }, 2).places).toBe('Please choose between 1 and 2 places.');
    expect(validateBookingRequest({ ...REQUEST, places: 0 }, 2).places).toBe('Please choose between 1 and 2 places.');
    expect(validateBookingRequest({ ...REQUEST, places: 2 }, 1).places).toBe('Each booking is for 1 place.');
  });

  test('a wrong e-mail or phone shape, a missing name', () => {
    const errors = validateBookingRequest({ ...REQUEST, name: ' ', email: 'mary@', phone: 'call me' }, 2);
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'phone']);
  });
});

describe('booking words', () => {
  test('places left, fully booked and closed', () => {
    expect(placesLeftText('open', 12)).toBe('12 places left');
    expect(placesLeftText('open', 1)).toBe('1 place left');
    expect(placesLeftText('waiting-list', 0)).toBe('Fully booked — join the waiting list');
    expect(placesLeftText('closed', 5)).toBe(BOOKING_MESSAGES.closed);
  });

  test('the events list counts places taken of places offered, and those waiting', () => {
    expect(bookingCountText({ bookedPlaces: 12, places: 40, waitingPlaces: 0 })).toBe('12 of 40');
    expect(bookingCountText({ bookedPlaces: 40, places: 40, waitingPlaces: 3 })).toBe('40 of 40, 3 waiting');
    expect(bookingCountText({ bookedPlaces: 7, places: null, waitingPlaces: 0 })).toBe('7 booked');
  });

  test('page addresses encode the event id as one segment', () => {
    expect(bookingPagePath('book', 'Summer Lunch')).toBe('/events/Summer%20Lunch/book');
  });

  test('the privacy words give the retention in months', () => {
    expect(bookingPrivacyParagraphs(3).join(' ')).toContain('deleted 3 months after the event');
    expect(bookingPrivacyParagraphs(1).join(' ')).toContain('deleted 1 month after the event');
  });
});
