import type { PostDraft } from './post';
import type { PictureChoice } from './post-picture';
import { validatePostDraft, type FieldErrors, type PostField } from './validation';

export const PICTURE_ALT_LIMIT = 300;

/**
 * A post's rules, its picture's included: described, or marked as decoration, never shown
 * without either. Its own module beside validatePostDraft, which public pages load first, and
 * post-picture.ts, which they load with a news card.
 */
export function validatePost(draft: PostDraft): FieldErrors<PostField> {
  const errors = validatePostDraft(draft);
  const pictureAlt = draft.picture === undefined || draft.picture === null ? undefined : pictureAltError(draft.picture);
  return pictureAlt === undefined ? errors : { ...errors, pictureAlt };
}

/** Why a picture's description is not acceptable, or undefined when it is. */
function pictureAltError(choice: Pick<PictureChoice, 'alt' | 'decorative'>): string | undefined {
  if (choice.decorative) return undefined;
  if (choice.alt.trim() === '') return "Please describe the picture for people who cannot see it, or tick 'The picture is only decoration'.";
  if (choice.alt.length > PICTURE_ALT_LIMIT) return `Please keep the description to ${PICTURE_ALT_LIMIT} characters or fewer.`;
  return undefined;
}
