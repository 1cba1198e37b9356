import type { Post, PostDraft } from '../../src-core/domain/post';
import type { PictureChoice } from '../../src-core/domain/post-picture';
import type { Db } from '../db/database';
import { prepareReturningWrite } from '../db/returning-write';

interface PostRow {
  id: number;
  title: string;
  body: string;
  published_at: string;
  updated_at: string | null;
  picture_id: string | null;
  picture_alt: string | null;
  picture_decorative: 0 | 1;
  /** From the picture's own record, joined when a post is read. */
  picture_width?: number | null;
  picture_height?: number | null;
}

/** What makes a new post a repeat of one already stored. */
export interface PostRepeatCheck {
  /** The key the browser sent with this submission, if any: the same key is the same submission. */
  readonly submissionKey: string | undefined;
  /** The same title and body published after this moment (ISO 8601) is the same post. */
  readonly since: string;
}

export interface PostsRepository {
  list(): Post[];
  get(id: string): Post | undefined;
  create(draft: PostDraft, at: string, options?: { sample?: boolean; submissionKey?: string }): Post;
  /** Creates a post unless it repeats one already stored (see PostRepeatCheck); returns which. */
  createOnce(draft: PostDraft, at: string, repeat: PostRepeatCheck): { readonly post: Post; readonly repeated: boolean };
  update(id: string, draft: PostDraft, at: string): Post | undefined;
  remove(id: string): boolean;
  /** Shows `picture` with the post (null: none); returns the id of the picture it had before, if any. */
  setPicture(id: string, picture: PictureChoice | null): { readonly previous: string | undefined } | undefined;
  /** Deletes the generated sample posts; returns how many there were. */
  removeSamples(): number;
}

function toPost(row: PostRow): Post {
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
  };
}

// Ids are row numbers; anything else cannot name a post, so it is simply not found.
function rowId(id: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : undefined;
}

export interface PostsRepositoryOptions {
  /** Told after every change to the posts, so cached pages rendered from them are invalidated. */
  readonly onChange?: () => void;
}

export function createPostsRepository(db: Db, { onChange = () => undefined }: PostsRepositoryOptions = {}): PostsRepository {
  // A post shows its picture once the picture is ready, with the dimensions its record holds.
  const withPicture =
    "SELECT posts.*, pictures.width AS picture_width, pictures.height AS picture_height FROM posts LEFT JOIN pictures ON pictures.id = posts.picture_id AND pictures.state = 'ready'";
  const listAll = db.prepare<[], PostRow>(`${withPicture} ORDER BY published_at DESC, id DESC`);
  const byId = db.prepare<[number], PostRow>(`${withPicture} WHERE posts.id = ?`);
  const pictureOf = db.prepare<[number], { picture_id: string | null }>('SELECT picture_id FROM posts WHERE id = ?');
  const changePicture = db.prepare<[string | null, string | null, number, number]>(
    'UPDATE posts SET picture_id = ?, picture_alt = ?, picture_decorative = ? WHERE id = ?',
  );
  const insert = prepareReturningWrite<[string, string, string, number, string | null], PostRow>(
    db,
    'INSERT INTO posts (title, body, published_at, is_sample, submission_key) VALUES (?, ?, ?, ?, ?) RETURNING *',
  );
  const bySubmission = db.prepare<[string], PostRow>('SELECT * FROM posts WHERE submission_key = ?');
  const sameDraft = db.prepare<[string, string, string], PostRow>(
    'SELECT * FROM posts WHERE title = ? AND body = ? AND published_at > ? ORDER BY id DESC LIMIT 1',
  );
  const change = prepareReturningWrite<[string, string, string, number], PostRow>(
    db,
    'UPDATE posts SET title = ?, body = ?, updated_at = ? WHERE id = ? RETURNING *',
  );
  const deleteById = db.prepare<[number]>('DELETE FROM posts WHERE id = ?');
  const deleteSamples = db.prepare('DELETE FROM posts WHERE is_sample = 1');

  function create(draft: PostDraft, at: string, options: { sample?: boolean; submissionKey?: string } = {}): Post {
    // One format for every stored date, so ordering by the text orders by time.
    const row = insert.first(draft.title, draft.body, new Date(at).toISOString(), options.sample === true ? 1 : 0, options.submissionKey ?? null);
    if (row === undefined) throw new Error('The new post was not stored.');
    onChange();
    return toPost(row);
  }

  return {
    list: () => listAll.all().map(toPost),
    create,
    createOnce: db.transaction((draft: PostDraft, at: string, repeat: PostRepeatCheck) => {
      const earlier =
        (repeat.submissionKey === undefined ? undefined : bySubmission.get(repeat.submissionKey)) ??
        sameDraft.get(draft.title, draft.body, new Date(repeat.since).toISOString());
      if (earlier !== undefined) return { post: toPost(earlier), repeated: true };
      return { post: create(draft, at, { submissionKey: repeat.submissionKey }), repeated: false };
    }),
    get(id) {
      const key = rowId(id);
      const row = key === undefined ? undefined : byId.get(key);
      return row === undefined ? undefined : toPost(row);
    },
    update(id, draft, at) {
      const key = rowId(id);
      const row = key === undefined ? undefined : change.first(draft.title, draft.body, at, key);
      if (row === undefined) return undefined;
      onChange();
      return toPost(row);
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
  };
}
