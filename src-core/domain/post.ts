import type { PictureChoice, PostPicture } from './post-picture';

/** A news post. Contentful calls these entries of content type 'newsletters'. */
export interface Post {
  readonly id: string;
  readonly title: string;
  /** Multi-line plain text; each line is shown as one list item on the article page. */
  readonly body: string;
  /** ISO 8601 date-time of first publication. */
  readonly publishedAt: string;
  /** ISO 8601 date-time of the last edit, where the backend keeps one. */
  readonly updatedAt?: string;
  /** The picture shown on the news card, the article and the share preview, where it has one. */
  readonly picture?: PostPicture;
}

/** What an administrator writes: a new post, or the new text of one. */
export interface PostDraft {
  readonly title: string;
  readonly body: string;
  /** Its picture; null or left out: none (the self-hosted backend only). */
  readonly picture?: PictureChoice | null;
}
