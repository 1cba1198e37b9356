import { formatDate } from '../../../src-core/domain/news';
import type { Post } from '../../../src-core/domain/post';
import { publicationTimeWords } from '../../../src-core/domain/post-schedule';
import { deleteConfirmation } from '../../../src-core/machines/delete.machine';
import { useDeleteFlow } from './delete-flow.hook';

export interface EditablePostProps {
  readonly post: Post;
  /** The zone a scheduled post's time is written in. */
  readonly timeZone: string;
  readonly onEdit: (post: Post) => void;
  readonly onDeleted: (post: Post) => void;
}

/** A published post with 'Edit' and 'Delete', on the delete machine; it leaves the list only once the server has removed it. */
export function EditablePost({ post, timeZone, onEdit, onDeleted }: EditablePostProps) {
  const flow = useDeleteFlow({ post }, () => onDeleted(post));
  // Deleted, it stays as it was while deleting until the reloaded list leaves it out.
  const asking = flow.asking || flow.deleted;

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
            <button {...flow.buttonProps} className="button button--danger">
              Delete <span className="visually-hidden">{post.title}</span>
            </button>
          </div>
        )}
      </div>
      {asking && flow.prompt(deleteConfirmation({ post }), `Deleting "${post.title}"...`)}
      {flow.failure}
    </li>
  );
}
