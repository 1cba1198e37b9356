import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import { formatDate } from '../../../src-core/domain/news';
import type { Post } from '../../../src-core/domain/post';
import { publicationTimeWords } from '../../../src-core/domain/post-schedule';
import { deleteConfirmation } from '../../../src-core/machines/delete.machine';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useAfterRender } from '../../lib/after-render.hook';
import { focusById } from '../../lib/focus';
import { ConfirmPrompt } from './confirm-prompt';

export interface EditablePostProps {
  readonly post: Post;
  /** The zone a scheduled post's time is written in. */
  readonly timeZone: string;
  readonly onEdit: (post: Post) => void;
  readonly onDeleted: (post: Post) => void;
}

/** A published post with 'Edit' and 'Delete', on the delete machine; it leaves the list only once the server has removed it. */
export function EditablePost({ post, timeZone, onEdit, onDeleted }: EditablePostProps) {
  const deleteId = useId();
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.delete({
      // Back from the question (kept, or failed): focus returns to the button that asked it.
      focusDeleteButton: () => afterRender(() => focusById(deleteId)),
      deleted: () => onDeleted(post),
    }),
  );
  const [state, send] = useMachine(machine, { input: { post } });
  // Deleted, it stays as it was while deleting until the reloaded list leaves it out.
  const asking = state.matches('confirming') || state.matches('deleting') || state.matches('deleted');

  return (
    <li className="admin-post">
      <div className="admin-post__row">
        <div>
          <p className="admin-post__title">{post.title}</p>
          <p className="card__meta">
            {post.status === 'draft' && <strong className="admin-post__status">Draft, not published. </strong>}
            {post.status === 'scheduled' ? (
              <strong className="admin-post__status">
                Scheduled for <time dateTime={post.publishedAt}>{publicationTimeWords(post.publishedAt, timeZone)}</time>
              </strong>
            ) : (
              <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
            )}
          </p>
        </div>
        {!asking && (
          <div className="admin-post__actions">
            <button type="button" className="button button--secondary" onClick={() => onEdit(post)}>
              Edit <span className="visually-hidden">{post.title}</span>
            </button>
            <button id={deleteId} type="button" className="button button--danger" onClick={() => send({ type: 'delete.request' })}>
              Delete <span className="visually-hidden">{post.title}</span>
            </button>
          </div>
        )}
      </div>
      {asking && (
        <ConfirmPrompt
          question={deleteConfirmation({ post })}
          busy={!state.matches('confirming')}
          busyText={`Deleting "${post.title}"...`}
          onConfirm={() => send({ type: 'delete.confirm' })}
          onCancel={() => send({ type: 'delete.cancel' })}
        />
      )}
      {state.context.errorMessage !== null && (
        <p role="alert" className="field-error">
          {state.context.errorMessage}
        </p>
      )}
    </li>
  );
}
