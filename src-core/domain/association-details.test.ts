import { expect, test } from 'vitest';
import { EMPTY_DETAILS, cleanDetails, contactNameInSentence, mailtoHref, paragraphsOf, socialLinkName, telHref, validateDetails } from './association-details';
import { SAMPLE_DETAILS } from './sample-details';

test('empty details are valid: an empty field is simply not shown', () => {
  expect(validateDetails(EMPTY_DETAILS)).toEqual({});
  expect(validateDetails(SAMPLE_DETAILS)).toEqual({});
});

test('each refused field gets its own clear message', () => {
  const errors = validateDetails({
    ...EMPTY_DETAILS,
    phone: 'ring Mary',
    email: 'office at example.org',
    charityNumber: 'CHY#1',
    socialLinks: ['http://facebook.com/rnai'],
    contactName: 'Two\nlines',
    address: Array.from({ length: 9 }, (_, line) => `Line ${line}`).join('\n'),
  });
  expect(errors.phone).toMatch(/digits and spaces only/);
  expect(errors.email).toMatch(/valid e-mail address/);
  expect(errors.charityNumber).toMatch(/letters, digits and spaces/);
  expect(errors.socialLinks).toMatch(/https:\/\//);
  expect(errors.contactName).toMatch(/one line/);
  expect(errors.address).toMatch(/8 lines or fewer/);
});

test('a phone number needs between 7 and 15 digits, and no hidden characters pass', () => {
  expect(validateDetails({ ...EMPTY_DETAILS, phone: '123' }).phone).toBeDefined();
  expect(validateDetails({ ...EMPTY_DETAILS, phone: '+353 (1) 234-5678' }).phone).toBeUndefined();
  expect(validateDetails({ ...EMPTY_DETAILS, openingHours: 'Mon\u202E' }).openingHours).toMatch(/control characters/);
});

test('cleaning trims fields, keeps line breaks in the address and drops empty links', () => {
  expect(cleanDetails({ ...EMPTY_DETAILS, address: ' 1 Street\r\nDublin ', socialLinks: [' ', 'https://x.com/a '] })).toMatchObject({
    address: '1 Street\nDublin',
    socialLinks: ['https://x.com/a'],
  });
});

test('links a phone can dial and a mail program can open, with the subject filled in', () => {
  expect(telHref('01 234 5678')).toBe('tel:012345678');
  expect(telHref('+353 1 234 5678')).toBe('tel:+35312345678');
  expect(mailtoHref('office@example.org', 'Your message')).toBe('mailto:office@example.org?subject=Your%20message');
  expect(socialLinkName('https://www.facebook.com/rnai')).toBe('Facebook');
  expect(socialLinkName('https://www.example.org/page')).toBe('example.org');
  expect(paragraphsOf('One\ntwo\n\nThree')).toEqual([['One', 'two'], ['Three']]);
});

test("an office's name reads as part of a sentence; a person's name is kept as written", () => {
  expect(contactNameInSentence('The Membership Secretary')).toBe('the Membership Secretary');
  expect(contactNameInSentence('Theresa Byrne')).toBe('Theresa Byrne');
  expect(contactNameInSentence('Mary Byrne, Secretary')).toBe('Mary Byrne, Secretary');
});

test('the sample phone number is written as an Irish number, never a London one', () => {
  expect(SAMPLE_DETAILS.phone).toMatch(/^0[1-9]\d? \d{3} \d{4}$/);
  expect(SAMPLE_DETAILS.phone).not.toMatch(/^020/);
  expect(telHref(SAMPLE_DETAILS.phone)).toBe('tel:015550123');
});
