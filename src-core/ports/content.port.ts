import type { Post, PostDraft } from '../domain/post';
import type { PreparedPicture } from '../domain/post-picture';

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
  /**
   * Sends a picture for a post and resolves once the server has prepared its sizes (it may take a
   * few seconds: the server prepares one picture at a time). Save it with a post by its id.
   * @throws CoreError 'invalid-input' with the reason for a file that is not a picture, or too large;
   *   'not-authorised', 'unavailable'.
   */
  preparePicture(data: Blob, options?: ReadOptions): Promise<PreparedPicture>;
}
