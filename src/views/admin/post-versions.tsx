import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import type { Post } from '../../../src-core/domain/post';
import { publicationTimeWords } from '../../../src-core/domain/post-schedule';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useAfterRender } from '../../lib/after-render.hook';
import { focusById } from '../../lib/focus';
import { ArticleLines } from '../article/article-lines';
import './post-versions.css';

export interface PostVersionsProps {
  readonly post: Post;
  readonly timeZone: string;
  /** The restored post, saved as the newest version: the editor takes its text. */
  readonly onRestored: (post: Post) => void;
}

/** The earlier versions of the post being edited: each one's text on request, and a restore. */
export function PostVersions({ post, timeZone, onRestored }: PostVersionsProps) {
  const headingId = useId();
  const noticeId = useId();
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.postVersions({
      focusNotice: () => afterRender(() => focusById(noticeId)),
      restored: onRestored,
    }),
  );
  const [state, send] = useMachine(machine, { input: { postId: post.id } });
  const { versions, shown, errorMessage, notice } = state.context;
  const open = state.matches('listing') || state.matches('restoring');
  const restoring = state.matches('restoring');
  const newest = versions[0]?.number;

  return (
    <section aria-labelledby={headingId} className="post-versions">
      <h3 id={headingId}>Earlier versions</h3>
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        onClick={() => send({ type: open ? 'versions.close' : 'versions.open' })}
      >
        {open ? 'Hide earlier versions' : 'Show earlier versions'}
      </button>
      {state.matches('loading') && <p role="status">Loading the versions...</p>}
      <div id={noticeId} tabIndex={-1} role="status" className="admin-notice">
        {notice !== null && <p className="status status--success">{notice}</p>}
        {errorMessage !== null && <p className="field-error">{errorMessage}</p>}
      </div>
      {open && (
        <ol className="post-versions__list">
          {versions.map((version) => (
            <li key={version.number} className="post-versions__item">
              <p>
                <strong>Version {version.number}</strong>
                {version.number === newest ? ' (the text now)' : ''}, saved {publicationTimeWords(version.savedAt, timeZone)}
                {version.savedBy === undefined ? '' : ` by ${version.savedBy}`}
              </p>
              <div className="post-versions__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-expanded={shown === version.number}
                  onClick={() => send({ type: 'version.show', number: version.number })}
                >
                  {shown === version.number ? 'Hide' : 'Show'} the text of version {version.number}
                </button>
                {version.number !== newest && (
                  <button type="button" className="button" disabled={restoring} onClick={() => send({ type: 'version.restore', number: version.number })}>
                    Restore version {version.number}
                  </button>
                )}
              </div>
              {shown === version.number && (
                <div className="card article post-versions__text">
                  <p className="post-preview__title">{version.title}</p>
                  <ArticleLines body={version.body} />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {restoring && <p role="status">Restoring version {state.context.restoring}...</p>}
    </section>
  );
}
