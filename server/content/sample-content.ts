import { Readable } from 'node:stream';
import { SAMPLE_DETAILS } from '../../src-core/domain/sample-details';
import type { Folder } from '../../src-core/domain/stored-file';
import { isoAt } from '../clock';
import type { FileStore } from '../files/file-store';
import type { AssociationDetailsRepository } from '../repositories/association-details.repository';
import type { PostsRepository } from '../repositories/posts.repository';
import { samplePdf } from './sample-pdf';

const DAY_MS = 24 * 60 * 60 * 1000;

const REMOVE_HINT = 'An administrator can edit or delete it in the admin area.';

/** Shown on a brand-new site so every page has something on it; each item says it is a sample. */
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

export const SAMPLE_FILES: readonly { folder: Folder; name: string; title: string }[] = [
  { folder: 'root', name: 'Sample Membership Application Form.pdf', title: 'Sample membership application form' },
  { folder: 'events', name: 'Sample Event - Annual General Meeting.pdf', title: 'Sample event: Annual General Meeting' },
  { folder: 'newsletters', name: 'Sample Newsletter - Spring.pdf', title: 'Sample newsletter: Spring' },
];

function sampleFileLines(title: string): string[] {
  return [
    `${title}.`,
    'This sample file was created when the website started for the first time,',
    'so that the page showing it is not empty.',
    'An administrator can delete it in the admin area and upload real files.',
  ];
}

export async function loadSampleContent(deps: {
  posts: PostsRepository;
  files: FileStore;
  details: AssociationDetailsRepository;
  now: number;
}): Promise<void> {
  deps.details.save(SAMPLE_DETAILS, isoAt(deps.now), { sample: true });
  // Oldest first, so the first sample is the newest post.
  [...SAMPLE_POSTS].reverse().forEach((draft, index) => {
    deps.posts.create(draft, isoAt(deps.now - (SAMPLE_POSTS.length - index) * DAY_MS), { sample: true });
  });
  for (const file of SAMPLE_FILES) {
    const bytes = samplePdf(file.title, sampleFileLines(file.title));
    await deps.files.save(file.folder, file.name, Readable.from([Buffer.from(bytes)]), Number.MAX_SAFE_INTEGER);
  }
}

/**
 * Deletes the sample posts, any sample file still present, and the sample details if nobody has
 * changed them yet; real content is untouched.
 */
export async function removeSampleContent(deps: {
  posts: PostsRepository;
  files: FileStore;
  details: AssociationDetailsRepository;
}): Promise<number> {
  let removed = deps.posts.removeSamples();
  if (deps.details.removeSample()) removed += 1;
  for (const file of SAMPLE_FILES) {
    if (await deps.files.remove(file.folder, file.name)) removed += 1;
  }
  return removed;
}
