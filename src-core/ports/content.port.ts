import type { Post, PostDraft, PostVersion } from '../domain/post';
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
   * Every post with its status, drafts and scheduled ones too, newest first, and the time zone
   * scheduled times are written in.
   * @throws CoreError 'not-authorised' without an administrator session.
   */
  listAllPosts(): Promise<{ readonly posts: Post[]; readonly timeZone: string }>;
  /**
   * Saves a new post (published at once unless `draft.publication` says otherwise) and returns it.
   * @throws CoreError 'invalid-input' for an empty title or body, 'not-authorised' without an administrator session.
   */
  createPost(draft: PostDraft): Promise<Post>;
  /**
   * Replaces a post's title and body (a new version) and, where `draft.publication` says, when it is seen.
   * @throws CoreError 'not-found', 'invalid-input', 'not-authorised'.
   */
  updatePost(id: string, draft: PostDraft): Promise<Post>;
  /**
   * The saved versions of a post's title and body, newest first.
   * @throws CoreError 'not-found', 'not-authorised'.
   */
  listVersions(id: string): Promise<PostVersion[]>;
  /**
   * Saves an earlier version again as the newest and returns the post.
   * @throws CoreError 'not-found', 'not-authorised'.
   */
  restoreVersion(id: string, version: number): Promise<Post>;
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
