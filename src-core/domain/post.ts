import type { BranchLink } from './branches';
import type { PictureChoice, PostPicture } from './post-picture';
/**
 * Where a post stands, decided by the backend when it is read: a draft is seen only in the
 * admin area; a scheduled post becomes published by itself at its `publishedAt`.
 */
export type PostStatus = 'draft' | 'scheduled' | 'published';

/** A news post. Contentful calls these entries of content type 'newsletters'. */
export interface Post {
  readonly id: string;
  readonly title: string;
  /** Multi-line plain text; each line is shown as one list item on the article page. */
  readonly body: string;
  /** ISO 8601 date-time of publication: past for a published post, to come for a scheduled one. */
  readonly publishedAt: string;
  /** ISO 8601 date-time of the last edit, where the backend keeps one. */
  readonly updatedAt?: string;
  /** The picture shown on the news card, the article and the share preview, where it has one. */
  readonly picture?: PostPicture;
  /** Where the backend keeps drafts and schedules (self-hosted); a post without one is published. */
  readonly status?: PostStatus;
  /** The branch the post is news of, where the backend keeps branches; absent: national news. */
  readonly branch?: BranchLink;
}

/**
 * When a saved post is shown to visitors: at once ('now'; a post already published keeps its
 * date), from a date and time (`at`, the wall clock in the association's time zone, as
 * '2026-12-01T10:00': the backend knows the zone and settles what instant that is), or not at
 * all ('draft', which also unpublishes).
 */
export type Publication = { readonly kind: 'now' } | { readonly kind: 'at'; readonly at: string } | { readonly kind: 'draft' };

/** What an administrator writes: a new post, or the new text of one. */
export interface PostDraft {
  readonly title: string;
  readonly body: string;
  /** Its picture; null or left out: none (the self-hosted backend only). */
  readonly picture?: PictureChoice | null;
  /** Absent: a new post is published at once and a changed one stays as it was. */
  readonly publication?: Publication;
  /** The id of the branch it belongs to; null: national; left out: as it was (the self-hosted backend only). */
  readonly branch?: string | null;
}

/** A post's title and body as one save left them; restoring one saves it again as the newest. */
export interface PostVersion {
  /** 1 for the first save, counting up. */
  readonly number: number;
  readonly title: string;
  readonly body: string;
  readonly savedAt: string;
  /** The account that saved it, where known. */
  readonly savedBy?: string;
}
