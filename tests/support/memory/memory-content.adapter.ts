import { sortNewestFirst } from '../../../src-core/domain/news';
import { hasErrors } from '../../../src-core/domain/validation';
import { validatePost } from '../../../src-core/domain/post-validation';
import type { ContentEditorPort, ContentPort } from '../../../src-core/ports/content.port';
import type { Post, PostDraft, PostVersion } from '../../../src-core/domain/post';
import { DEFAULT_TIME_ZONE } from '../../../src-core/domain/zoned-time';
import { CoreError } from '../../../src-core/domain/core-error';
import { ADMIN_ONLY, CHECK_THE_FORM, POST_NOT_FOUND } from './memory-messages';

export interface MemoryContentOptions {
  readonly posts?: readonly Post[];
  /** Whether the caller may write; the memory backend asks its auth for an administrator. */
  readonly canWrite?: () => boolean;
  readonly now?: () => Date;
}

export interface MemoryContent {
  readonly content: ContentPort;
  readonly editor: ContentEditorPort;
  /** Adds posts as they are, dates and ids included, for tests and local development. */
  addPosts(posts: readonly Post[]): void;
}

export function createMemoryContent(options: MemoryContentOptions = {}): MemoryContent {
  const posts = new Map<string, Post>((options.posts ?? []).map((post) => [post.id, { ...post }]));
  const canWrite = options.canWrite ?? (() => true);
  const now = options.now ?? (() => new Date());
  let nextId = posts.size + 1;
  const versions = new Map<string, PostVersion[]>();

  function keepVersion(post: Post): void {
    const saved = versions.get(post.id) ?? [];
    versions.set(post.id, [...saved, { number: saved.length + 1, title: post.title, body: post.body, savedAt: now().toISOString() }]);
  }

  /** The status a save leaves; a scheduled time is read as UTC here, where no test needs the zone. */
  function published(post: Post, draft: PostDraft): Post {
    const publication = draft.publication;
    if (publication === undefined) return post;
    if (publication.kind === 'draft') return { ...post, status: 'draft' };
    if (publication.kind === 'at') return { ...post, status: 'scheduled', publishedAt: new Date(`${publication.at}:00Z`).toISOString() };
    return post.status === 'draft' || post.status === 'scheduled' ? { ...post, status: 'published', publishedAt: now().toISOString() } : post;
  }

  const isPublic = (post: Post) => (post.status ?? 'published') === 'published';
  const withoutStatus = ({ status: _status, ...post }: Post): Post => post;

  function find(id: string): Post {
    const post = posts.get(id);
    if (post === undefined) throw new CoreError('not-found', POST_NOT_FOUND);
    return post;
  }

  /** Pictures are not decoded here: any data is a picture of the largest size. */
  const prepared = new Set<string>();

  function pictureOf(draft: PostDraft): Pick<Post, 'picture'> {
    const picture = draft.picture ?? null;
    if (picture === null) return {};
    if (!prepared.has(picture.id)) throw new CoreError('invalid-input', CHECK_THE_FORM);
    return { picture: { id: picture.id, alt: picture.decorative ? '' : picture.alt.trim(), decorative: picture.decorative, width: 1600, height: 1200 } };
  }

  function checkWrite(draft?: PostDraft): void {
    if (!canWrite()) throw new CoreError('not-authorised', ADMIN_ONLY);
    if (draft === undefined) return;
    const fieldErrors = validatePost(draft);
    if (hasErrors(fieldErrors)) throw new CoreError('invalid-input', CHECK_THE_FORM, { fieldErrors });
  }

  function newId(): string {
    while (posts.has(`post-${nextId}`)) nextId += 1;
    return `post-${nextId}`;
  }

  const content: ContentPort = {
    async listPosts(readOptions) {
      readOptions?.signal?.throwIfAborted();
      return sortNewestFirst([...posts.values()].filter(isPublic)).map(withoutStatus);
    },
    async getPost(id, readOptions) {
      readOptions?.signal?.throwIfAborted();
      const post = find(id);
      if (!isPublic(post)) throw new CoreError('not-found', POST_NOT_FOUND);
      return withoutStatus(post);
    },
  };

  const editor: ContentEditorPort = {
    async createPost(draft) {
      checkWrite(draft);
      const post = published({ id: newId(), title: draft.title.trim(), body: draft.body, publishedAt: now().toISOString(), ...pictureOf(draft) }, draft);
      posts.set(post.id, post);
      keepVersion(post);
      return withoutStatus(post);
    },
    async updatePost(id, draft) {
      checkWrite(draft);
      const { picture: _replaced, ...earlier } = find(id);
      const post = published({ ...earlier, title: draft.title.trim(), body: draft.body, updatedAt: now().toISOString(), ...pictureOf(draft) }, draft);
      posts.set(id, post);
      keepVersion(post);
      return withoutStatus(post);
    },
    async listAllPosts() {
      checkWrite();
      return { posts: sortNewestFirst([...posts.values()]).map((post) => ({ ...post, status: post.status ?? 'published' })), timeZone: DEFAULT_TIME_ZONE };
    },
    async listVersions(id) {
      checkWrite();
      const post = find(id);
      return [...(versions.get(id) ?? [{ number: 1, title: post.title, body: post.body, savedAt: post.publishedAt }])].reverse();
    },
    async restoreVersion(id, number) {
      checkWrite();
      const version = (await editor.listVersions(id)).find((saved) => saved.number === number);
      if (version === undefined) throw new CoreError('not-found', POST_NOT_FOUND);
      return editor.updatePost(id, { title: version.title, body: version.body });
    },
    async deletePost(id) {
      checkWrite();
      find(id);
      posts.delete(id);
    },
    async preparePicture(data) {
      checkWrite();
      if (data.size === 0) throw new CoreError('invalid-input', 'This file is empty. Please choose another file.');
      const id = (prepared.size + 1).toString(16).padStart(24, '0');
      prepared.add(id);
      return { id, width: 1600, height: 1200 };
    },
  };

  return {
    content,
    editor,
    addPosts(added) {
      for (const post of added) posts.set(post.id, { ...post });
    },
  };
}
