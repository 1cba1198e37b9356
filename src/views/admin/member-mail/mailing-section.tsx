import { useMachine } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { progressPercent, type Mailing, type MailingSource } from '../../../../src-core/domain/member-mail';
import type { mailingMachine } from '../../../../src-core/machines/mailing.machine';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useAfterRender } from '../../../lib/after-render.hook';
import { focusById } from '../../../lib/focus';
import { useRouteData } from '../../../lib/route-data.hook';
import { filesQuery, postsQuery } from '../../route.queries';
import { subscribersQuery } from '../admin.queries';
import { ConfirmPrompt } from '../confirm-prompt';
import { FormActions } from '../../../components/form-actions';
import { FailureMessage, NoticeArea } from '../../../components/status-message';

type MailingSnapshot = SnapshotFrom<typeof mailingMachine>;
type MailingSend = ActorRefFrom<typeof mailingMachine>['send'];

const PREVIEW_ID = 'mailing-preview';
const PROGRESS_ID = 'mailing-progress';
const NOTICE_ID = 'mailing-notice';
const PROBLEM_ID = 'mailing-problem';
const SEND_BUTTON_ID = 'mailing-send';

function sourceOf(value: string): MailingSource | null {
  const [kind, ...rest] = value.split(':');
  const ref = rest.join(':');
  if ((kind !== 'news' && kind !== 'newsletter') || ref === '') return null;
  return { kind, ref };
}

/** The list of what can be sent: news posts, then newsletter files, newest first as stored. */
function ChooseForm({ send, busy }: { readonly send: MailingSend; readonly busy: boolean }) {
  const selectId = useId();
  const posts = useRouteData(postsQuery());
  const newsletters = useRouteData(filesQuery('newsletters'));
  const [choice, setChoice] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const source = sourceOf(choice);
    if (source !== null) send({ type: 'mailing.choose', source });
  }

  return (
    <form className="admin-form member-mail__choose" onSubmit={onSubmit}>
      <label htmlFor={selectId}>What to send</label>
      <select id={selectId} value={choice} onChange={(event) => setChoice(event.target.value)} required>
        <option value="">Choose a news post or a newsletter</option>
        {posts.status === 'ready' && posts.data.length > 0 && (
          <optgroup label="News posts">
            {posts.data.map((post) => (
              <option key={post.id} value={`news:${post.id}`}>
                {post.title}
              </option>
            ))}
          </optgroup>
        )}
        {newsletters.status === 'ready' && newsletters.data.length > 0 && (
          <optgroup label="Newsletters">
            {newsletters.data.map((file) => (
              <option key={file.fullPath} value={`newsletter:${file.name}`}>
                {file.name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      <FormActions submit="Show the e-mail" busy={busy} disabled={busy || choice === ''} busyText="Making the e-mail..." />
    </form>
  );
}

function Preview({ state, send }: { readonly state: MailingSnapshot; readonly send: MailingSend }) {
  const { preview } = state.context;
  const confirmed = useRouteData(subscribersQuery(''));
  if (preview === null) return null;
  const count = confirmed.status === 'ready' ? confirmed.data.counts.confirmed : null;
  const everyone = count === null ? 'every confirmed subscriber' : count === 1 ? 'the 1 confirmed subscriber' : `all ${count} confirmed subscribers`;
  const confirming = state.matches('confirmingSend') || state.matches('startingSend');
  return (
    <div className="member-mail__preview">
      <h3 id={PREVIEW_ID} tabIndex={-1}>
        The e-mail as readers will see it
      </h3>
      <p>
        <strong>Subject:</strong> {preview.subject}
      </p>
      {/* The server's mail, shown in a box that may run nothing: no scripts, no forms, no links that leave this page. */}
      <iframe className="member-mail__frame" title={`The e-mail: ${preview.subject}`} sandbox="" srcDoc={preview.html} />
      <details>
        <summary>The plain-text version (for mail programs that show no formatting)</summary>
        <pre className="member-mail__text">{preview.text}</pre>
      </details>
      {confirming ? (
        <ConfirmPrompt
          question={`Send “${preview.subject}” to ${everyone}? Once it starts, each person gets it once; you can pause it.`}
          busy={state.matches('startingSend')}
          busyText="Starting..."
          confirmText="Yes, send it"
          keepText="No, not yet"
          onConfirm={() => send({ type: 'confirm' })}
          onCancel={() => send({ type: 'cancel' })}
        />
      ) : (
        <div className="member-mail__actions">
          <button type="button" className="button button--secondary" disabled={!state.matches('ready')} onClick={() => send({ type: 'mailing.test' })}>
            Send a test to me
          </button>
          <button id={SEND_BUTTON_ID} type="button" className="button" disabled={!state.matches('ready') || !state.context.emailSetUp} onClick={() => send({ type: 'mailing.send' })}>
            Send to every subscriber
          </button>
          {state.matches('sendingTest') && (
            <p role="status" className="admin-form__busy">
              Sending the test...
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function progressText(mailing: Mailing): string {
  const { sent, failed, waiting } = mailing.progress;
  return `Sent to ${sent}. Could not send: ${failed}. Waiting: ${waiting}.`;
}

function Progress({ state, send }: { readonly state: MailingSnapshot; readonly send: MailingSend }) {
  const labelId = useId();
  const { mailing } = state.context;
  if (mailing === null) return null;
  const finished = state.matches({ underWay: 'finished' });
  const paused = state.matches({ underWay: 'paused' }) || state.matches({ underWay: 'resuming' });
  const title = finished ? `Finished: ${mailing.subject}` : paused ? `Paused: ${mailing.subject}` : `Sending: ${mailing.subject}`;
  return (
    <div className="member-mail__progress">
      <h3 id={PROGRESS_ID} tabIndex={-1}>
        {title}
      </h3>
      <p id={labelId}>How far it has gone</p>
      <progress aria-labelledby={labelId} max={100} value={progressPercent(mailing.progress)} />
      <p role="status">{progressText(mailing)}</p>
      {mailing.progress.failed > 0 && <p>Addresses that could not be sent to are listed under Subscribers below.</p>}
      {!finished && !paused && (
        <p>
          It goes on sending if you close this page. Come back at any time to see how far it has gone.
        </p>
      )}
      <div className="member-mail__actions">
        {finished ? (
          <button type="button" className="button" onClick={() => send({ type: 'mailing.new' })}>
            Send something else
          </button>
        ) : paused ? (
          <button type="button" className="button" disabled={state.matches({ underWay: 'resuming' })} onClick={() => send({ type: 'mailing.resume' })}>
            Go on sending
          </button>
        ) : (
          <button type="button" className="button button--secondary" disabled={state.matches({ underWay: 'pausing' })} onClick={() => send({ type: 'mailing.pause' })}>
            Pause
          </button>
        )}
      </div>
    </div>
  );
}

/** Sending a news post or a newsletter to every confirmed subscriber, and its progress. */
export function MailingSection() {
  const headingId = useId();
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.mailing({
      focusPreview: () => afterRender(() => focusById(PREVIEW_ID)),
      focusProgress: () => afterRender(() => focusById(PROGRESS_ID)),
      focusNotice: () => afterRender(() => focusById(NOTICE_ID)),
      focusProblem: () => afterRender(() => focusById(PROBLEM_ID)),
      focusSendButton: () => afterRender(() => focusById(SEND_BUTTON_ID)),
    }),
  );
  const [state, send] = useMachine(machine);
  const { notice, problem, emailSetUp } = state.context;
  const choosing = state.matches('choosing') || state.matches('creating') || state.matches('previewing');

  return (
    <section aria-labelledby={headingId} className="admin-card member-mail">
      <h2 id={headingId}>Send our news by e-mail</h2>
      {!emailSetUp && (
        <p className="status">
          E-mail is not set up on this website yet, so nothing can be sent. Whoever looks after the website sets it up (SMTP_URL,
          see the bulk mail part of docs/operations.md).
        </p>
      )}
      <NoticeArea id={NOTICE_ID} notice={notice} />
      <FailureMessage id={PROBLEM_ID} message={problem} />
      {state.matches('starting') && (
        <p role="status" className="data-state data-state--loading">
          Loading...
        </p>
      )}
      {(choosing || state.matches('ready') || state.matches('sendingTest') || state.matches('confirmingSend') || state.matches('startingSend')) && (
        <>
          <p>Choose a news post or a newsletter. You will see the e-mail before anything is sent.</p>
          <ChooseForm send={send} busy={state.matches('creating') || state.matches('previewing')} />
          <Preview state={state} send={send} />
        </>
      )}
      {state.matches('underWay') && <Progress state={state} send={send} />}
    </section>
  );
}
