import type { AssociationDetails } from './association-details';

/**
 * The details a new site starts with (sample content), plainly fictional so nobody mistakes them
 * for real ones: an example.org address, a street called Example Street, a phone number written
 * as a Dublin number is (01, then seven digits) but with the 555 that films and books use for
 * made-up numbers, and a charity number that says it is a sample. Administrators replace them
 * in the admin area.
 */
export const SAMPLE_DETAILS: AssociationDetails = {
  contactName: 'The Membership Secretary',
  address: 'Sample Office\n1 Example Street\nDublin 1',
  phone: '01 555 0123',
  email: 'office@example.org',
  charityNumber: 'SAMPLE 00000',
  openingHours: 'Tuesday and Thursday, 10am to 1pm',
  replyTime: 'within three working days',
  socialLinks: ['https://www.example.org/sample-social-page'],
  howToJoin: [
    'Membership is open to every nurse or midwife who has retired from practice in Ireland, whatever their specialty.',
    'The yearly fee is €20 (sample amount), which covers your branch, the newsletter and our national events.',
    'To join, print the membership form below, fill it in and post it with your fee to the Membership Secretary at the address at the foot of this page. You can also e-mail a scanned copy. We will write to welcome you within a few weeks.',
  ].join('\n\n'),
};
