import { useEffect, useRef, useState } from 'react';
import { formatDate } from '../../../src-core/domain/news';
import type { ContentEditorPort } from '../../../src-core/ports/content.port';
import type { Post } from '../../../src-core/domain/post';
import { toCoreError } from '../../../src-core/domain/core-error';
import { ConfirmPrompt } from './confirm-prompt';

type Stage = { readonly step: 'idle' | 'confirming' | 'deleting' } | { readonly step: 'failed'; readonly message: string };

export interface EditablePostProps {
  readonly editor: ContentEditorPort;
  readonly post: Post;
  readonly onEdit: (post: Post) => void;
  readonly onDeleted: (post: Post) => void;
}

/** A published post with 'Edit' and 'Delete'; it leaves the list only once the server has removed it. */
export function EditablePost({ editor, post, onEdit, onDeleted }: EditablePostProps) {
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const deleteRef = useRef<HTMLButtonElement>(null);
  const asking = stage.step === 'confirming' || stage.step === 'deleting';
  const wasAsking = useRef(false);

  useEffect(() => {
    if (wasAsking.current && !asking) deleteRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  async function confirm(): Promise<void> {
    setStage({ step: 'deleting' });
    try {
      await editor.deletePost(post.id);
      onDeleted(post);
    } catch (error) {
      console.warn(`Deleting post ${post.id} failed.`, error);
      setStage({ step: 'failed', message: `"${post.title}" was not deleted. ${toCoreError(error).message}` });
    }
  }

  return (
    <li className="admin-post">
      <div className="admin-post__row">
        <div>
          <p className="admin-post__title">{post.title}</p>
          <p className="card__meta">
            <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
          </p>
        </div>
        {!asking && (
          <div className="admin-post__actions">
            <button type="button" className="button button--secondary" onClick={() => onEdit(post)}>
              Edit <span className="visually-hidden">{post.title}</span>
            </button>
            <button ref={deleteRef} type="button" className="button button--danger" onClick={() => setStage({ step: 'confirming' })}>
              Delete <span className="visually-hidden">{post.title}</span>
            </button>
          </div>
        )}
      </div>
      {asking && (
        <ConfirmPrompt
          question={`Delete the post "${post.title}"? This cannot be undone.`}
          busy={stage.step === 'deleting'}
          busyText={`Deleting "${post.title}"...`}
          onConfirm={() => void confirm()}
          onCancel={() => setStage({ step: 'idle' })}
        />
      )}
      {stage.step === 'failed' && (
        <p role="alert" className="field-error">
          {stage.message}
        </p>
      )}
    </li>
  );
}
