import type { FormEvent } from 'react';
import { LIMITS, type FieldErrors, type PostField } from '../../../src-core/domain/validation';
import type { Post } from '../../../src-core/domain/post';
import { FormField } from '../../components/form-field';
import type { ScheduleField, ScheduleForm } from '../../../src-core/domain/post-schedule';
import { PostPreview } from './post-preview';
import { PostPictureFields, type PostPictureFieldsProps } from './post-picture-fields';
import { PostScheduleFields } from './post-schedule-fields';
import { FailureMessage } from '../../components/status-message';
import type { BranchLink } from '../../../src-core/domain/branches';
import { BranchChoice } from './branch-choice';

export interface PostEditorProps {
  /** The post being changed, or null to write a new one. */
  readonly post: Post | null;
  readonly values: Readonly<Record<PostField, string>>;
  readonly fieldErrors: FieldErrors<PostField>;
  readonly errorMessage: string | null;
  readonly saving: boolean;
  /** The date the preview shows for a new post. */
  readonly previewDate: string;
  /** The refusal's element, which the posts machine has focused when it appears. */
  readonly failureId: string;
  readonly onChange: (field: PostField, value: string) => void;
  /** When the post is seen, where the backend can schedule; absent, the editor publishes at once. */
  readonly scheduling?: {
    readonly schedule: ScheduleForm;
    readonly errors: FieldErrors<ScheduleField>;
    readonly timeZone: string;
    readonly onChange: (field: keyof ScheduleForm, value: string) => void;
  };
  readonly onSubmit: () => void;
  readonly onCancel: () => void;
  /** Which branch the post is news of, where the backend keeps branches; absent, nothing is asked. */
  readonly branch?: { readonly choices: readonly BranchLink[]; readonly value: string; readonly onChange: (branch: string) => void };
  /** The post's picture and its description (post-picture-fields.tsx). */
  readonly picture: Omit<PostPictureFieldsProps, 'saving' | 'alt' | 'altError' | 'onAltChange'>;
}

/**
 * Writes or edits a news post, with a live preview of its card. The posts machine checks it as
 * the server does and saves it; this only shows the machine's state and reports what was done.
 */
export function PostEditor({ post, values, fieldErrors, errorMessage, saving, previewDate, failureId, onChange, onSubmit, onCancel, picture, scheduling, branch }: PostEditorProps) {
  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    onSubmit();
  }

  const heading = post === null ? 'Write a new post' : `Edit post: ${post.title}`;
  const when = scheduling?.schedule.when ?? 'now';
  // A new post's button says what it will do; 'Publish post' as ever when it is published at once.
  const newPostButton = when === 'at' ? 'Schedule post' : when === 'draft' ? 'Save draft' : 'Publish post';

  return (
    <div className="post-editor">
      <form className="admin-form post-editor__form" noValidate onSubmit={submit} aria-labelledby="post-editor-heading">
        <h3 id="post-editor-heading">{heading}</h3>
        <FailureMessage id={failureId} message={errorMessage} />
        <FormField
          label="Title"
          name="title"
          value={values.title}
          error={fieldErrors.title}
          maxLength={LIMITS.title}
          readOnly={saving}
          onChange={(value) => onChange('title', value)}
        />
        <FormField
          label="Text of the post"
          name="body"
          rows={10}
          hint="Each line becomes one point on the article page. The news card shows the first 100 characters."
          value={values.body}
          error={fieldErrors.body}
          maxLength={LIMITS.body}
          readOnly={saving}
          onChange={(value) => onChange('body', value)}
        />
        {branch !== undefined && <BranchChoice {...branch} what="post" readOnly={saving} />}
        <PostPictureFields {...picture} alt={values.pictureAlt} altError={fieldErrors.pictureAlt} saving={saving} onAltChange={(value) => onChange('pictureAlt', value)} />
        {scheduling !== undefined && (
          <PostScheduleFields
            post={post}
            schedule={scheduling.schedule}
            errors={scheduling.errors}
            disabled={saving}
            timeZone={scheduling.timeZone}
            onChange={scheduling.onChange}
          />
        )}
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={saving}>
            {post === null ? newPostButton : 'Save changes'}
          </button>
          {post !== null && (
            <button type="button" className="button button--secondary" onClick={onCancel} disabled={saving}>
              Cancel editing
            </button>
          )}
          {saving && (
            <p role="status" className="admin-form__busy">
              Saving the post...
            </p>
          )}
        </div>
      </form>
      <PostPreview title={values.title} body={values.body} publishedAt={post?.publishedAt ?? previewDate} />
    </div>
  );
}
