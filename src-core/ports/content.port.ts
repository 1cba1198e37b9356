import type { Post, PostDraft } from '../domain/post';

export interface ReadOptions {
  /** Aborts the request, e.g. when the visitor leaves the page. */
  readonly signal?: AbortSignal;
}

/** Read side of news posts: every backend has it. */
export interface ContentPort {
  /**
   * All published posts, newest first.
   * @throws CoreError 'unavailable' when the content service cannot be reached.
   */
  listPosts(options?: ReadOptions): Promise<Post[]>;
  /**
   * One post by its id.
   * @throws CoreError 'not-found' when no post has that id.
   */
  getPost(id: string, options?: ReadOptions): Promise<Post>;
}

/**
 * Write side of news posts. Only the self-hosted backend has it; on the hosted backend
 * posts are written in the external content management site.
 */
export interface ContentEditorPort {
  /**
   * Publishes a new post and returns it.
   * @throws CoreError 'invalid-input' for an empty title or body, 'not-authorised' without an administrator session.
   */
  createPost(draft: PostDraft): Promise<Post>;
  /**
   * Replaces a post's title and body.
   * @throws CoreError 'not-found', 'invalid-input', 'not-authorised'.
   */
  updatePost(id: string, draft: PostDraft): Promise<Post>;
  /**
   * Removes a post for good.
   * @throws CoreError 'not-found', 'not-authorised'.
   */
  deletePost(id: string): Promise<void>;
}
