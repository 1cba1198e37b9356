import { Readable } from 'node:stream';
import { SAMPLE_DETAILS } from '../../src-core/domain/sample-details';
import { NO_EVENT_DETAILS, type EventDetails } from '../../src-core/domain/event-details';
import type { Folder } from '../../src-core/domain/stored-file';
import { formatLocalDate, localDateTimeAt } from '../../src-core/domain/zoned-time';
import { isoAt } from '../clock';
import type { EventFiles } from '../events/event-files';
import type { BranchesRepository } from '../repositories/branches.repository';
import type { FileStore } from '../files/file-store';
import type { AssociationDetailsRepository } from '../repositories/association-details.repository';
import type { PostsRepository } from '../repositories/posts.repository';
import { samplePdf } from './sample-pdf';

const DAY_MS = 24 * 60 * 60 * 1000;

const REMOVE_HINT = 'An administrator can edit or delete it in the admin area.';

/**
 * Shown on a brand-new site so every page has something on it; each item says it is a sample.
 * @internal Outside this file only tests and fakes use it.
 */
export const SAMPLE_POSTS = [
  {
    title: 'Sample post: welcome to the new website',
    body: [
      'This is a sample post, created when the website started for the first time.',
      'News from the association will appear here.',
      REMOVE_HINT,
    ].join('\n'),
  },
  {
    title: 'Sample post: branch meetings',
    body: [
      'This is a sample post showing how a longer article looks.',
      'Each line of the text becomes its own item on the article page.',
      'Branches can share their meeting dates, outings and news in posts like this one.',
      REMOVE_HINT,
    ].join('\n'),
  },
  {
    title: 'Sample post: annual conference',
    body: ['This is a sample post about a conference that has not been arranged.', REMOVE_HINT].join('\n'),
  },
] as const;

/**
 * The sample files; `inside` is text only the file holds, so a newcomer searching for one of
 * its words sees the search find the text inside a PDF.
 * @internal Outside this file only tests and fakes use it.
 */
export const SAMPLE_FILES: readonly { folder: Folder; name: string; title: string; inside?: readonly string[] }[] = [
  { folder: 'root', name: 'Sample Membership Application Form.pdf', title: 'Sample membership application form' },
  { folder: 'events', name: 'Sample Event - Annual General Meeting.pdf', title: 'Sample event: Annual General Meeting' },
  { folder: 'events', name: 'Sample Event - Spring Walk.pdf', title: 'Sample event: Spring Walk' },
  { folder: 'events', name: 'Sample Event - Christmas Lunch.pdf', title: 'Sample event: Christmas Lunch' },
  {
    folder: 'newsletters',
    name: 'Sample Newsletter - Spring.pdf',
    title: 'Sample newsletter: Spring',
    inside: ['In this issue: the new State Pension rates, branch meeting dates,', 'and a recipe for brown soda bread.'],
  },
];

/** The date `days` from `now` on the association's calendar, as 'YYYY-MM-DD'. */
function dayFrom(now: number, days: number, timeZone: string): string {
  return formatLocalDate(localDateTimeAt(now + days * DAY_MS, timeZone));
}

/**
 * One upcoming event with a time and place, one past all-day event and (by leaving the
 * Christmas lunch out) one file without details, so a newcomer sees every kind of card.
 * Dates count from the day the data directory is made, so the first stays upcoming for a month.
 * @internal Outside this file only tests and fakes use it.
 */
export function sampleEventDetails(now: number, timeZone: string): ReadonlyMap<string, EventDetails> {
  const inAMonth = dayFrom(now, 30, timeZone);
  return new Map([
    [
      'Sample Event - Annual General Meeting.pdf',
      {
        ...NO_EVENT_DETAILS,
        title: 'Sample event: Annual General Meeting',
        start: `${inAMonth}T14:30`,
        end: `${inAMonth}T16:30`,
        timeZone,
        venue: 'Sample Community Hall',
        town: 'Athlone',
        description: 'This is a sample event with a date, a time and a place.\nAn administrator can change its details or delete it in the admin area.',
      },
    ],
    [
      'Sample Event - Spring Walk.pdf',
      {
        ...NO_EVENT_DETAILS,
        title: 'Sample event: Spring Walk',
        start: dayFrom(now, -30, timeZone),
        allDay: true,
        timeZone,
        town: 'Glendalough',
        description: 'This is a sample of an event that has already taken place. It is listed under Past events.',
      },
    ],
  ]);
}

function sampleFileLines(title: string, inside: readonly string[] = []): string[] {
  return [
    `${title}.`,
    'This sample file was created when the website started for the first time,',
    'so that the page showing it is not empty.',
    'An administrator can delete it in the admin area and upload real files.',
    ...(inside.length === 0 ? [] : ['', ...inside]),
  ];
}

export async function loadSampleContent(deps: {
  posts: PostsRepository;
  files: FileStore;
  events: EventFiles;
  details: AssociationDetailsRepository;
  timeZone: string;
  now: number;
}): Promise<void> {
  deps.details.save(SAMPLE_DETAILS, isoAt(deps.now), { sample: true });
  const details = sampleEventDetails(deps.now, deps.timeZone);
  // Oldest first, so the first sample is the newest post.
  [...SAMPLE_POSTS].reverse().forEach((draft, index) => {
    deps.posts.create(draft, isoAt(deps.now - (SAMPLE_POSTS.length - index) * DAY_MS), { sample: true });
  });
  for (const file of SAMPLE_FILES) {
    const bytes = samplePdf(file.title, sampleFileLines(file.title, file.inside));
    await deps.files.save(file.folder, file.name, Readable.from([Buffer.from(bytes)]), Number.MAX_SAFE_INTEGER);
    if (file.folder === 'events') await deps.events.attach(file.name, details.get(file.name) ?? null, deps.now);
  }
}

/**
 * The sample branches' share of the samples: the post about branch meetings is Sample Branch
 * South's news, and the Christmas lunch its event, so its page shows both.
 */
export async function addSampleBranchContent(deps: { branches: BranchesRepository; posts: PostsRepository; events: EventFiles; now: number }): Promise<void> {
  const south = deps.branches.bySlug('sample-branch-south');
  if (south === undefined) return;
  const post = deps.posts.listAll().find((one) => one.title === 'Sample post: branch meetings');
  if (post !== undefined) deps.posts.setBranch(post.id, Number(south.id));
  await deps.events.saveDetails('Sample Event - Christmas Lunch.pdf', null, deps.now, Number(south.id));
}

/**
 * Deletes the sample posts, any sample file still present, and the sample details if nobody has
 * changed them yet; real content is untouched.
 */
export async function removeSampleContent(deps: {
  posts: PostsRepository;
  files: FileStore;
  events: EventFiles;
  details: AssociationDetailsRepository;
}): Promise<number> {
  let removed = deps.posts.removeSamples();
  if (deps.details.removeSample()) removed += 1;
  for (const file of SAMPLE_FILES) {
    const gone = file.folder === 'events' ? await deps.events.remove(file.name) : await deps.files.remove(file.folder, file.name);
    if (gone) removed += 1;
  }
  return removed;
}
