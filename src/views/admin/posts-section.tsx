import { useRef, useState } from 'react';
import type { ContentEditorPort } from '../../../src-core/ports/content.port';
import type { Post } from '../../../src-core/domain/post';
import { useBackend, useRouteDataCache } from '../../lib/backend.context';
import { useRouteData } from '../../lib/route-data.hook';
import { DataState } from '../../components/data-state';
import { ExternalLink } from '../../components/external-link';
import { postsQuery } from '../route.queries';
import { EditablePost } from './editable-post';
import { PostEditor } from './post-editor';

function PostManager({ editor }: { readonly editor: ContentEditorPort }) {
  const cache = useRouteDataCache();
  const posts = useRouteData(postsQuery());
  const [editing, setEditing] = useState<Post | null>(null);
  // Each save starts a fresh, empty editor.
  const [editorKey, setEditorKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);

  function announce(message: string): void {
    setNotice(message);
    queueMicrotask(() => noticeRef.current?.focus());
  }

  function refresh(): void {
    // 'post' covers the list ('posts') and every article ('post:id'), on the public pages too.
    cache.invalidate('post');
  }

  function onSaved(post: Post, action: 'published' | 'updated'): void {
    refresh();
    setEditing(null);
    setEditorKey((key) => key + 1);
    announce(action === 'published' ? `"${post.title}" was published on the News page.` : `"${post.title}" was updated.`);
  }

  function onEdit(post: Post): void {
    setEditing(post);
    setNotice(null);
    queueMicrotask(() => editorRef.current?.querySelector<HTMLElement>('[name="title"]')?.focus());
  }

  function onDeleted(post: Post): void {
    refresh();
    if (editing?.id === post.id) setEditing(null);
    announce(`The post "${post.title}" was deleted.`);
  }

  return (
    <>
      <div ref={noticeRef} tabIndex={-1} role="status" className="admin-notice">
        {notice !== null && <p className="status status--success">{notice}</p>}
      </div>
      <div ref={editorRef}>
        <PostEditor
          key={editing?.id ?? `new-${editorKey}`}
          editor={editor}
          post={editing}
          onSaved={onSaved}
          onCancel={() => setEditing(null)}
        />
      </div>
      <section aria-labelledby="published-posts" className="admin-posts">
        <h3 id="published-posts">Published posts</h3>
        <DataState
          data={posts}
          loadingText="Loading posts..."
          emptyText="There are no posts yet."
          failureText="The posts could not be loaded."
          isEmpty={(list) => list.length === 0}
        >
          {(list) => (
            <ul className="admin-post-list">
              {list.map((post) => (
                <EditablePost key={post.id} editor={editor} post={post} onEdit={onEdit} onDeleted={onDeleted} />
              ))}
            </ul>
          )}
        </DataState>
      </section>
    </>
  );
}

/**
 * News posts: written here on the self-hosted backend; on the hosted one they live in the
 * external content management site, as the spec's note says.
 */
export function PostsSection() {
  const { contentEditor, externalContentManagerUrl } = useBackend();
  return (
    <section aria-labelledby="news-posts" className="admin-card admin-posts-section">
      <h2 id="news-posts">News Posts</h2>
      {contentEditor ? (
        <PostManager editor={contentEditor} />
      ) : (
        <p className="admin-note">
          To publish a newsletter or news post, upload it through the external content management site.
          {externalContentManagerUrl !== undefined && (
            <>
              {' '}
              <ExternalLink href={externalContentManagerUrl}>Open the content management site</ExternalLink>
            </>
          )}
        </p>
      )}
    </section>
  );
}
