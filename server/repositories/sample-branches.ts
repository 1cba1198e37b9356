import type { BranchDetails } from '../../src-core/domain/branches';

/**
 * Plainly fictional, so nobody mistakes a new site's list for the association's real branches:
 * the names say 'Sample', the phone numbers are of the 555 kind no Irish line uses, and the
 * addresses are at example.org, which no mailbox answers.
 */
export const SAMPLE_BRANCHES: readonly Omit<BranchDetails, 'slug'>[] = [
  {
    name: 'Sample Branch North',
    counties: ['Donegal', 'Leitrim', 'Sligo'],
    meets: 'First Monday of the month, 2.30pm, in the sample community hall, Main Street.',
    contactName: 'Sample Secretary North',
    contactPhone: '071 555 0101',
    contactEmail: 'north.branch@example.org',
    description: 'A sample branch for the north-west: talks, outings and a cup of tea. Replace it with a real branch.',
    active: true,
  },
  {
    name: 'Sample Branch South',
    counties: ['Cork', 'Kerry'],
    meets: 'Second Tuesday of the month, 11am, in the sample parish centre.',
    contactName: 'Sample Secretary South',
    contactPhone: '021 555 0102',
    contactEmail: 'south.branch@example.org',
    description: 'A sample branch for Cork and Kerry. Replace it with a real branch.',
    active: true,
  },
  {
    name: 'Sample Branch East',
    counties: ['Dublin', 'Kildare', 'Wicklow'],
    meets: 'Last Thursday of the month, 2pm, in the sample library meeting room.',
    contactName: 'Sample Secretary East',
    contactPhone: '01 555 0103',
    contactEmail: 'east.branch@example.org',
    description: 'A sample branch for Dublin, Kildare and Wicklow. Replace it with a real branch.',
    active: true,
  },
];
