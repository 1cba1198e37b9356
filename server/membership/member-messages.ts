import { MEMBER_STATUSES, PAYMENT_METHODS } from '../../contract/membership';

/** What the member list's routes answer, in the volunteer's words: each says how to fix it. */
export const MEMBER_LIST_MESSAGES = {
  checkFields: 'Some details need a change. Please look at the messages beside them.',
  name: "Please enter the member's full name, for example Mary Byrne.",
  address: 'Please enter the postal address, with each part on its own line.',
  eircode: 'This does not look like an Eircode. An Eircode has 7 letters and numbers, like A65 F4E2. You can leave it empty.',
  phone: 'Please enter a phone number using numbers, spaces and + only, like 01 234 5678. You can leave it empty.',
  email: 'Please enter a valid e-mail address, like name@example.org, or leave it empty.',
  nmbiPin: 'An NMBI PIN is made of numbers only, like 123456. You can leave it empty.',
  branch: 'Please choose a branch from the list, or "No branch".',
  status: `Please choose a status: ${MEMBER_STATUSES.join(', ')}.`,
  joinedOn: 'Please enter the day they joined as a date, like 2024-03-15.',
  paidUntil: 'Please enter "paid until" as a date, like 2026-12-31, or leave it empty.',
  paidOn: 'Please enter the day the money came in as a date, like 2026-03-15.',
  amount: 'Please enter the amount in euro, like 25 or 25.00.',
  method: `Please choose how it was paid: ${PAYMENT_METHODS.join(', ')}.`,
  coversYearEnding: 'Please choose the last day of a membership year, like 2026-12-31, or leave it empty.',
  paymentNotFound: 'This payment could not be found. It may have been removed already.',
  yearStartsOn: 'Please enter the day the membership year starts as month and day, like 01-01 for 1 January (not 29 February).',
  importTooLarge: 'This file is larger than 5 MB. Please split it into smaller files and import each.',
} as const;
