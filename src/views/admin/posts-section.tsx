import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useAfterRender } from '../../lib/after-render.hook';
import { useBackend } from '../../lib/backend.context';
import { focusById, focusFirstInvalidField } from '../../lib/focus';
import { useRouteData } from '../../lib/route-data.hook';
import { DataState } from '../../components/data-state';
import { ExternalLink } from '../../components/external-link';
import { PAGE_HEADING_ID } from '../../components/page-heading';
import { DEFAULT_TIME_ZONE } from '../../../src-core/domain/zoned-time';
import { scheduleFormOf, scheduledInstant } from '../../../src-core/domain/post-schedule';
import { allPostsQuery } from './admin.queries';
import { activeBranchesQuery } from '../branches/branches.queries';
import { EditablePost } from './editable-post';
import { PostEditor } from './post-editor';
import { PostVersions } from './post-versions';
import { useBranchLimit } from './branch-limit';
import { NoticeArea } from '../../components/status-message';
import { AdminCard } from './admin-card';

/** The editor and the list of posts (drafts and scheduled ones too), on the posts machine. */
function PostManager() {
  const listing = useRouteData(allPostsQuery());
  const branches = useRouteData(activeBranchesQuery());
  // A branch officer's posts are their branch's news: the server puts them there, so no choice.
  const oneBranch = useBranchLimit() !== undefined;
  const branchChoices = !oneBranch && branches.status === 'ready' && branches.data !== null && branches.data.length > 0 ? branches.data : null;
  const timeZone = listing.status === 'ready' ? listing.data.timeZone : DEFAULT_TIME_ZONE;
  const noticeId = useId();
  const editorId = useId();
  const failureId = useId();
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.posts({
      focusFieldToFix: () => afterRender(() => focusFirstInvalidField(editorId)),
      focusFailure: () => afterRender(() => focusById(failureId)),
      // A save or a delete is announced where the keyboard can stay: the notice.
      focusNotice: () => afterRender(() => focusById(noticeId)),
      focusEditor: () => afterRender(() => document.getElementById(editorId)?.querySelector<HTMLElement>('[name="title"]')?.focus()),
    }),
  );
  const [state, send] = useMachine(machine);
  const { post, values, fieldErrors, errorMessage, notice, picture, decorative, schedule, scheduleErrors, branch } = state.context;
  // A new post's preview is dated today, or the time it is scheduled for.
  const [today] = useState(() => new Date().toISOString());
  const scheduledFor = schedule.when === 'at' ? scheduledInstant(`${schedule.publishDate}T${schedule.publishTime}`, timeZone) : null;

  return (
    <>
      {oneBranch && (
        <p>
          What you publish here is your branch&rsquo;s news: it shows on your branch&rsquo;s page and on the News page. Below are your
          branch&rsquo;s posts only.
        </p>
      )}
      <NoticeArea id={noticeId} notice={notice} />
      <div id={editorId}>
        <PostEditor
          post={post}
          values={values}
          fieldErrors={fieldErrors}
          errorMessage={errorMessage}
          saving={state.matches('submitting')}
          previewDate={scheduledFor === null ? today : new Date(scheduledFor).toISOString()}
          failureId={failureId}
          onChange={(field, value) => send({ type: 'field.changed', field, value })}
          onSubmit={() => send({ type: 'form.submit' })}
          onCancel={() => send({ type: 'post.cancel' })}
          picture={{
            picture,
            decorative,
            onAttached: (prepared) => send({ type: 'picture.attached', picture: prepared }),
            onRemoved: () => send({ type: 'picture.removed' }),
            onDecorativeChange: (checked) => send({ type: 'picture.decorative', decorative: checked }),
          }}
          {...(branchChoices === null ? {} : { branch: { choices: branchChoices, value: branch ?? '', onChange: (chosen: string) => send({ type: 'branch.changed', branch: chosen }) } })}
          scheduling={{
            schedule,
            errors: scheduleErrors,
            timeZone,
            onChange: (field, value) => send({ type: 'schedule.changed', field, value }),
          }}
        />
        {post !== null && (
          <PostVersions
            // Each post edited has its own versions.
            key={post.id}
            post={post}
            timeZone={timeZone}
            onRestored={(restored) => {
              const edited = { ...restored, ...(post.status === undefined ? {} : { status: post.status }) };
              send({ type: 'post.edit', post: edited, schedule: scheduleFormOf(edited, timeZone) });
            }}
          />
        )}
      </div>
      <section aria-labelledby="published-posts" className="admin-posts">
        <h3 id="published-posts">{oneBranch ? 'Your branch’s posts' : 'All posts'}</h3>
        <DataState
          data={listing}
          loadingText="Loading posts..."
          emptyText={oneBranch ? 'Your branch has no posts yet.' : 'There are no posts yet.'}
          failureText="The posts could not be loaded."
          isEmpty={({ posts }) => posts.length === 0}
        >
          {({ posts }) => (
            <ul className="admin-post-list">
              {posts.map((listed) => (
                <EditablePost
                  // Its delete machine names the post as it was listed; a new title makes a new one.
                  key={`${listed.id}:${listed.title}`}
                  post={listed}
                  timeZone={timeZone}
                  onEdit={(edited) => send({ type: 'post.edit', post: edited, schedule: scheduleFormOf(edited, timeZone) })}
                  onDeleted={(deleted) => send({ type: 'post.deleted', post: deleted })}
                />
              ))}
            </ul>
          )}
        </DataState>
      </section>
    </>
  );
}

/**
 * On the hosted backend news posts live in the external content management site
 * (docs/behaviour.md#news-posts): the spec's note on /admin, with its link.
 */
export function ContentManagerNote() {
  const { externalContentManagerUrl } = useBackend();
  return (
    <AdminCard title="News Posts" className="admin-posts-section">
      <p className="admin-note">
        To publish a newsletter or news post, upload it through the external content management site.
        {externalContentManagerUrl !== undefined && (
          <>
            {' '}
            <ExternalLink href={externalContentManagerUrl}>Open the content management site</ExternalLink>
          </>
        )}
      </p>
      {/* Pictures are prepared by the self-hosted server (server/pictures/); this backend has none. */}
      <p className="admin-note">Pictures for posts are not available on this website: they need the website&apos;s own server.</p>
      <p className="admin-note">
        Drafts, scheduled publishing and earlier versions of posts are not available on this website: a post shows on the News page as
        soon as it is published in the content management site.
      </p>
    </AdminCard>
  );
}

/** News posts, written here on the self-hosted backend: the page's own heading names the section. */
export function PostsSection() {
  return (
    <section aria-labelledby={PAGE_HEADING_ID} className="admin-card admin-posts-section">
      <PostManager />
    </section>
  );
}
