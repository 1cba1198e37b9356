import { useRef, useState, type FormEvent } from 'react';
import { hasErrors, LIMITS, validatePostDraft, type FieldErrors, type PostField } from '../../../src-core/domain/validation';
import type { ContentEditorPort } from '../../../src-core/ports/content.port';
import type { Post, PostDraft } from '../../../src-core/domain/post';
import { toCoreError } from '../../../src-core/domain/core-error';
import { FormField } from '../../components/form-field';
import { PostPreview } from './post-preview';

export interface PostEditorProps {
  readonly editor: ContentEditorPort;
  /** The post being changed, or null to write a new one. */
  readonly post: Post | null;
  readonly onSaved: (post: Post, action: 'published' | 'updated') => void;
  readonly onCancel: () => void;
}

const FIELDS: readonly PostField[] = ['title', 'body'];

function fieldErrorsOf(errors: Readonly<Record<string, string>> | undefined): FieldErrors<PostField> {
  return { title: errors?.title, body: errors?.body };
}

/** Writes or edits a news post, checked as the server checks it, with a live preview of its card. */
export function PostEditor({ editor, post, onSaved, onCancel }: PostEditorProps) {
  const [draft, setDraft] = useState<PostDraft>({ title: post?.title ?? '', body: post?.body ?? '' });
  const [errors, setErrors] = useState<FieldErrors<PostField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const [previewDate] = useState(() => post?.publishedAt ?? new Date().toISOString());

  function focusFirstError(found: FieldErrors<PostField>): void {
    const first = FIELDS.find((field) => found[field] !== undefined);
    if (first !== undefined) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  function change(field: PostField, value: string): void {
    const next = { ...draft, [field]: value };
    setDraft(next);
    // A shown error goes away as soon as the field is right; new errors wait for the next submit.
    if (errors[field] !== undefined) setErrors({ ...errors, [field]: validatePostDraft(next)[field] });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (saving) return;
    const found = validatePostDraft(draft);
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) {
      focusFirstError(found);
      return;
    }
    setSaving(true);
    try {
      const saved = post === null ? await editor.createPost(draft) : await editor.updatePost(post.id, draft);
      onSaved(saved, post === null ? 'published' : 'updated');
    } catch (error) {
      const problem = toCoreError(error);
      const fromServer = fieldErrorsOf(problem.fieldErrors);
      setErrors(fromServer);
      setFailure(`The post was not saved. ${problem.message}`);
      setSaving(false);
      queueMicrotask(() => failureRef.current?.focus());
    }
  }

  const heading = post === null ? 'Write a new post' : `Edit post: ${post.title}`;

  return (
    <div className="post-editor">
      <form ref={formRef} className="admin-form post-editor__form" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="post-editor-heading">
        <h3 id="post-editor-heading">{heading}</h3>
        {failure !== null && (
          <div ref={failureRef} tabIndex={-1} role="alert" className="status status--error">
            <p>{failure}</p>
          </div>
        )}
        <FormField label="Title" name="title" value={draft.title} error={errors.title} maxLength={LIMITS.title} readOnly={saving} onChange={(value) => change('title', value)} />
        <FormField
          label="Text of the post"
          name="body"
          rows={10}
          hint="Each line becomes one point on the article page. The news card shows the first 100 characters."
          value={draft.body}
          error={errors.body}
          maxLength={LIMITS.body}
          readOnly={saving}
          onChange={(value) => change('body', value)}
        />
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={saving}>
            {post === null ? 'Publish post' : 'Save changes'}
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
      <PostPreview title={draft.title} body={draft.body} publishedAt={previewDate} />
    </div>
  );
}
