import type { Post, PostStatus, PostVersion } from '../../src-core/domain/post';
import type { PictureChoice } from '../../src-core/domain/post-picture';
import type { Db } from '../db/database';
import { prepareReturningWrite } from '../db/returning-write';

interface PostRow {
  id: number;
  title: string;
  body: string;
  published_at: string;
  updated_at: string | null;
  draft: number;
  picture_id: string | null;
  picture_alt: string | null;
  picture_decorative: 0 | 1;
  /** From the picture's own record, joined when a post is read. */
  picture_width?: number | null;
  picture_height?: number | null;
  branch_id: number | null;
  /** From the branch's own record, joined when a post is read. */
  branch_slug?: string | null;
  branch_name?: string | null;
}

interface VersionRow {
  number: number;
  title: string;
  body: string;
  saved_at: string;
  saved_by: string | null;
}

/** When a saved post is seen, with a scheduled time settled to an instant (ISO 8601). */
export type StoredPublication = { readonly kind: 'now' } | { readonly kind: 'at'; readonly instant: string } | { readonly kind: 'draft' };

/** A post's title and body as saved, and when it is seen (absent: new posts at once, changed ones as they were). */
export interface StoredDraft {
  readonly title: string;
  readonly body: string;
  readonly publication?: StoredPublication;
}

/** What makes a new post a repeat of one already stored. */
export interface PostRepeatCheck {
  /** The key the browser sent with this submission, if any: the same key is the same submission. */
  readonly submissionKey: string | undefined;
  /** The same title and body published after this moment (ISO 8601) is the same post. */
  readonly since: string;
}

export interface CreateOptions {
  readonly sample?: boolean;
  readonly submissionKey?: string;
  /** The account saving it, kept with the version. */
  readonly savedBy?: string;
}

/**
 * News posts. `list` and `get` are what visitors see: published posts only, decided against
 * the clock at each read, so a scheduled post appears at its time without anything running
 * then. Every reader outside the admin area's editor (pages, the API, feeds, the sitemap,
 * mailings) goes through them; `listAll` and `getAny` are the editor's.
 */
export interface PostsRepository {
  list(): Post[];
  get(id: string): Post | undefined;
  /** Every post, drafts and scheduled ones too, each with its status. */
  listAll(): Post[];
  getAny(id: string): Post | undefined;
  create(draft: StoredDraft, at: string, options?: CreateOptions): Post;
  /** Creates a post unless it repeats one already stored (see PostRepeatCheck); returns which. */
  createOnce(draft: StoredDraft, at: string, repeat: PostRepeatCheck, savedBy?: string): { readonly post: Post; readonly repeated: boolean };
  /** Saves a new title and body (a new version) and, where given, when the post is seen. */
  update(id: string, draft: StoredDraft, at: string, savedBy?: string): Post | undefined;
  /** The saved versions of a post, newest first; undefined for no such post. */
  versions(id: string): PostVersion[] | undefined;
  /** Saves an earlier version's title and body again, as the newest version; undefined when either is missing. */
  restore(id: string, version: number, at: string, savedBy?: string): Post | undefined;
  /** Makes the post part of a branch's news (null: national news); false for no such post. */
  setBranch(id: string, branchId: number | null): boolean;
  /** Shows `picture` with the post (null: none); returns the id of the picture it had before, if any. */
  setPicture(id: string, picture: PictureChoice | null): { readonly previous: string | undefined } | undefined;
  remove(id: string): boolean;
  /** Deletes the generated sample posts; returns how many there were. */
  removeSamples(): number;
  /** When the next scheduled post becomes published (ms since the epoch); null when none is waiting. */
  nextPublishAt(): number | null;
}

function statusOf(row: PostRow, now: string): PostStatus {
  if (row.draft === 1) return 'draft';
  return row.published_at > now ? 'scheduled' : 'published';
}

function toPost(row: PostRow, now: string): Post {
  return {
    id: String(row.id),
    title: row.title,
    body: row.body,
    publishedAt: row.published_at,
    ...(row.updated_at === null ? {} : { updatedAt: row.updated_at }),
    ...(row.picture_id === null || row.picture_width == null || row.picture_height == null
      ? {}
      : {
          picture: {
            id: row.picture_id,
            alt: row.picture_decorative === 1 ? '' : (row.picture_alt ?? ''),
            decorative: row.picture_decorative === 1,
            width: row.picture_width,
            height: row.picture_height,
          },
        }),
    status: statusOf(row, now),
    ...(row.branch_id === null || row.branch_slug == null || row.branch_name == null
      ? {}
      : { branch: { id: String(row.branch_id), slug: row.branch_slug, name: row.branch_name } }),
  };
}

/** A post as visitors and the API's writes give it: published, or as saved, with no status. */
export function withoutStatus({ status: _status, ...post }: Post): Post {
  return post;
}

function toVersion(row: VersionRow): PostVersion {
  return {
    number: row.number,
    title: row.title,
    body: row.body,
    savedAt: row.saved_at,
    ...(row.saved_by === null ? {} : { savedBy: row.saved_by }),
  };
}

// Ids are row numbers; anything else cannot name a post, so it is simply not found.
function rowId(id: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : undefined;
}

// One format for every stored date, so ordering and comparing the text orders by time.
const stored = (iso: string) => new Date(iso).toISOString();

/** The stored publication date and draft flag after a save that says `publication`. */
function publicationAfter(row: Pick<PostRow, 'published_at' | 'draft'> | undefined, publication: StoredPublication | undefined, at: string) {
  const kept = { publishedAt: row?.published_at ?? stored(at), draft: row?.draft ?? 0 };
  switch (publication?.kind) {
    case undefined:
      return kept;
    case 'draft':
      return { publishedAt: kept.publishedAt, draft: 1 };
    case 'at':
      return { publishedAt: stored(publication.instant), draft: 0 };
    case 'now': {
      // A post visitors already see keeps the date it was first published on.
      const published = row !== undefined && row.draft === 0 && row.published_at <= stored(at);
      return { publishedAt: published ? row.published_at : stored(at), draft: 0 };
    }
  }
}

export interface PostsRepositoryOptions {
  /** Told after every change to the posts, so cached pages rendered from them are invalidated. */
  readonly onChange?: () => void;
  /** What 'now' is when deciding which posts are published. */
  readonly clock?: () => number;
}

export function createPostsRepository(db: Db, { onChange = () => undefined, clock = Date.now }: PostsRepositoryOptions = {}): PostsRepository {
  const now = () => new Date(clock()).toISOString();
  // A post shows its picture once the picture is ready, with the dimensions its record holds,
  // and the slug and name of its branch, if it has one.
  const withPicture = `SELECT posts.*, pictures.width AS picture_width, pictures.height AS picture_height,
      branches.slug AS branch_slug, branches.name AS branch_name
    FROM posts LEFT JOIN pictures ON pictures.id = posts.picture_id AND pictures.state = 'ready'
    LEFT JOIN branches ON branches.id = posts.branch_id`;
  const listPublic = db.prepare<[string], PostRow>(`${withPicture} WHERE posts.draft = 0 AND posts.published_at <= ? ORDER BY posts.published_at DESC, posts.id DESC`);
  const listEvery = db.prepare<[], PostRow>(`${withPicture} ORDER BY posts.published_at DESC, posts.id DESC`);
  const byId = db.prepare<[number], PostRow>(`${withPicture} WHERE posts.id = ?`);
  const pictureOf = db.prepare<[number], { picture_id: string | null }>('SELECT picture_id FROM posts WHERE id = ?');
  const changePicture = db.prepare<[string | null, string | null, number, number]>(
    'UPDATE posts SET picture_id = ?, picture_alt = ?, picture_decorative = ? WHERE id = ?',
  );
  const insert = prepareReturningWrite<[string, string, string, number, number, string | null], PostRow>(
    db,
    'INSERT INTO posts (title, body, published_at, draft, is_sample, submission_key) VALUES (?, ?, ?, ?, ?, ?) RETURNING *',
  );
  const bySubmission = db.prepare<[string], PostRow>('SELECT * FROM posts WHERE submission_key = ?');
  const sameDraft = db.prepare<[string, string, string], PostRow>(
    'SELECT * FROM posts WHERE title = ? AND body = ? AND published_at > ? ORDER BY id DESC LIMIT 1',
  );
  const change = prepareReturningWrite<[string, string, string, string, number, number], PostRow>(
    db,
    'UPDATE posts SET title = ?, body = ?, updated_at = ?, published_at = ?, draft = ? WHERE id = ? RETURNING *',
  );
  const addVersion = db.prepare<[number, number, string, string, string, string | null]>(
    'INSERT INTO post_versions (post_id, number, title, body, saved_at, saved_by) VALUES (?, (SELECT coalesce(max(number), 0) + 1 FROM post_versions WHERE post_id = ?), ?, ?, ?, ?)',
  );
  const listVersions = db.prepare<[number], VersionRow>('SELECT * FROM post_versions WHERE post_id = ? ORDER BY number DESC');
  const oneVersion = db.prepare<[number, number], VersionRow>('SELECT * FROM post_versions WHERE post_id = ? AND number = ?');
  const changeBranch = db.prepare<[number | null, number]>('UPDATE posts SET branch_id = ? WHERE id = ?');
  const deleteById = db.prepare<[number]>('DELETE FROM posts WHERE id = ?');
  const deleteSamples = db.prepare('DELETE FROM posts WHERE is_sample = 1');
  const nextScheduled = db.prepare<[string], { at: string | null }>('SELECT min(published_at) AS at FROM posts WHERE draft = 0 AND published_at > ?');

  const create = db.transaction((draft: StoredDraft, at: string, options: CreateOptions = {}): Post => {
    const { publishedAt, draft: isDraft } = publicationAfter(undefined, draft.publication, at);
    const row = insert.first(draft.title, draft.body, publishedAt, isDraft, options.sample === true ? 1 : 0, options.submissionKey ?? null);
    if (row === undefined) throw new Error('The new post was not stored.');
    addVersion.run(row.id, row.id, row.title, row.body, stored(at), options.savedBy ?? null);
    onChange();
    return toPost(row, now());
  });

  const update = db.transaction((id: string, draft: StoredDraft, at: string, savedBy?: string): Post | undefined => {
    const key = rowId(id);
    const before = key === undefined ? undefined : byId.get(key);
    if (key === undefined || before === undefined) return undefined;
    const { publishedAt, draft: isDraft } = publicationAfter(before, draft.publication, at);
    const row = change.first(draft.title, draft.body, at, publishedAt, isDraft, key);
    if (row === undefined) return undefined;
    addVersion.run(key, key, row.title, row.body, stored(at), savedBy ?? null);
    onChange();
    return toPost(row, now());
  });

  // Visitors' reads say nothing of status: every post they get is published.
  function published(row: PostRow | undefined): Post | undefined {
    if (row === undefined) return undefined;
    const post = toPost(row, now());
    return post.status === 'published' ? withoutStatus(post) : undefined;
  }

  return {
    list: () => {
      const at = now();
      return listPublic.all(at).map((row) => withoutStatus(toPost(row, at)));
    },
    get(id) {
      const key = rowId(id);
      return published(key === undefined ? undefined : byId.get(key));
    },
    listAll: () => {
      const at = now();
      return listEvery.all().map((row) => toPost(row, at));
    },
    getAny(id) {
      const key = rowId(id);
      const row = key === undefined ? undefined : byId.get(key);
      return row === undefined ? undefined : toPost(row, now());
    },
    create,
    createOnce: db.transaction((draft: StoredDraft, at: string, repeat: PostRepeatCheck, savedBy?: string) => {
      const earlier =
        (repeat.submissionKey === undefined ? undefined : bySubmission.get(repeat.submissionKey)) ??
        sameDraft.get(draft.title, draft.body, stored(repeat.since));
      if (earlier !== undefined) return { post: toPost(earlier, now()), repeated: true };
      return { post: create(draft, at, { submissionKey: repeat.submissionKey, savedBy }), repeated: false };
    }),
    update: (id, draft, at, savedBy) => update(id, draft, at, savedBy),
    versions(id) {
      const key = rowId(id);
      if (key === undefined || byId.get(key) === undefined) return undefined;
      return listVersions.all(key).map(toVersion);
    },
    restore: db.transaction((id: string, version: number, at: string, savedBy?: string) => {
      const key = rowId(id);
      const earlier = key === undefined ? undefined : oneVersion.get(key, version);
      if (earlier === undefined) return undefined;
      return update(id, { title: earlier.title, body: earlier.body }, at, savedBy);
    }),
    setBranch(id, branchId) {
      const key = rowId(id);
      const changed = key !== undefined && changeBranch.run(branchId, key).changes > 0;
      if (changed) onChange();
      return changed;
    },
    setPicture: db.transaction((id: string, picture: PictureChoice | null) => {
      const key = rowId(id);
      const before = key === undefined ? undefined : pictureOf.get(key);
      if (key === undefined || before === undefined) return undefined;
      changePicture.run(picture?.id ?? null, picture === null || picture.decorative ? null : picture.alt, picture?.decorative === true ? 1 : 0, key);
      onChange();
      return { previous: before.picture_id ?? undefined };
    }),
    remove(id) {
      const key = rowId(id);
      const removed = key !== undefined && deleteById.run(key).changes > 0;
      if (removed) onChange();
      return removed;
    },
    removeSamples() {
      const removed = deleteSamples.run().changes;
      if (removed > 0) onChange();
      return removed;
    },
    nextPublishAt() {
      const { at } = nextScheduled.get(now()) ?? { at: null };
      return at === null ? null : Date.parse(at);
    },
  };
}
