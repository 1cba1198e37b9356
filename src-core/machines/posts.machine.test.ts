import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { Post } from '../domain/post';
import { SCHEDULE_MESSAGES } from '../domain/post-schedule';
import { postsMachine, type PostSubmission } from './posts.machine';

const agm: Post = { id: '2', title: 'Annual General Meeting', body: 'In Dublin.\nAll welcome.', publishedAt: '2026-03-01T10:00:00.000Z' };
const welcome: Post = { id: '1', title: 'Welcome', body: 'Hello.', publishedAt: '2026-01-01T10:00:00.000Z' };

function postsWith(save: (submission: PostSubmission) => Promise<Post>) {
  const saved: PostSubmission[] = [];
  const effects: string[] = [];
  const machine = postsMachine.provide({
    actors: {
      submit: fromPromise<Post, PostSubmission>(({ input }) => {
        saved.push(input);
        return save(input);
      }),
    },
    actions: {
      onSaved: () => void effects.push('onSaved'),
      focusFieldToFix: () => void effects.push('focusFieldToFix'),
      focusFailure: () => void effects.push('focusFailure'),
      focusNotice: () => void effects.push('focusNotice'),
      focusEditor: () => void effects.push('focusEditor'),
    },
  });
  return { actor: createActor(machine).start(), saved, effects };
}

type PostsActor = ReturnType<typeof postsWith>['actor'];

function write(actor: PostsActor, title: string, body: string) {
  actor.send({ type: 'field.changed', field: 'title', value: title });
  actor.send({ type: 'field.changed', field: 'body', value: body });
}

const asPublished = async ({ id, draft }: PostSubmission): Promise<Post> => ({ id: id ?? '9', title: draft.title, body: draft.body, publishedAt: '2026-05-01T09:00:00.000Z' });

test('the editor starts with an empty new post and nothing to announce', () => {
  const { actor } = postsWith(asPublished);

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context).toEqual({
    values: { title: '', body: '', pictureAlt: '' },
    fieldErrors: {},
    errorMessage: null,
    post: null,
    notice: null,
    picture: null,
    decorative: false,
    schedule: { when: 'now', publishDate: '', publishTime: '' },
    scheduleErrors: {},
  });
});

test('an empty post shows what is missing, focuses the field to fix and sends nothing', () => {
  const { actor, saved, effects } = postsWith(asPublished);

  actor.send({ type: 'form.submit' });

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.fieldErrors).toEqual({ title: 'Please enter a title.', body: 'Please enter the text of the post.' });
  expect(saved).toEqual([]);
  expect(effects).toEqual(['focusFieldToFix']);
});

test('a shown error goes as soon as its field is right, and a new one waits for the next submit', () => {
  const { actor } = postsWith(asPublished);
  actor.send({ type: 'form.submit' });

  actor.send({ type: 'field.changed', field: 'title', value: 'Spring Walk' });
  const titleFixed = actor.getSnapshot().context.fieldErrors;
  actor.send({ type: 'field.changed', field: 'body', value: '   ' });
  const bodyStillEmpty = actor.getSnapshot().context.fieldErrors;
  actor.send({ type: 'field.changed', field: 'title', value: '' });

  expect(titleFixed.title).toBeUndefined();
  expect(bodyStillEmpty.body).toBe('Please enter the text of the post.');
  expect(actor.getSnapshot().context.fieldErrors.title).toBeUndefined();
  expect(actor.getSnapshot().context.values).toEqual({ title: '', body: '   ', pictureAlt: '' });
});

test('a new post is published as typed, announced with focus on the notice, and the form is empty again', async () => {
  const { actor, saved, effects } = postsWith(asPublished);
  write(actor, 'Christmas Party', 'On 12 December.\nAll welcome.');

  actor.send({ type: 'form.submit' });
  const whileSaving = actor.getSnapshot().value;
  await waitFor(actor, (state) => state.context.notice !== null);

  expect(whileSaving).toBe('submitting');
  expect(saved).toEqual([{ id: null, draft: { title: 'Christmas Party', body: 'On 12 December.\nAll welcome.', picture: null } }]);
  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context).toEqual({
    values: { title: '', body: '', pictureAlt: '' },
    fieldErrors: {},
    errorMessage: null,
    post: null,
    notice: '"Christmas Party" was published on the News page.',
    picture: null,
    decorative: false,
    schedule: { when: 'now', publishDate: '', publishTime: '' },
    scheduleErrors: {},
  });
  expect(effects).toEqual(['onSaved', 'focusNotice']);
});

test('Edit fills the form with the post and focuses it; saving updates that post and goes back to a new one', async () => {
  const { actor, saved, effects } = postsWith(async ({ draft }) => ({ ...agm, title: draft.title, body: draft.body }));

  actor.send({ type: 'post.edit', post: agm });
  const editing = actor.getSnapshot().context;
  actor.send({ type: 'field.changed', field: 'title', value: 'AGM 2026' });
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.context.notice !== null);

  expect(editing).toMatchObject({ post: agm, values: { title: 'Annual General Meeting', body: 'In Dublin.\nAll welcome.' } });
  expect(saved).toEqual([{ id: '2', draft: { title: 'AGM 2026', body: 'In Dublin.\nAll welcome.', picture: null } }]);
  expect(actor.getSnapshot().context).toMatchObject({ post: null, values: { title: '', body: '', pictureAlt: '' }, notice: '"AGM 2026" was updated.' });
  expect(effects).toEqual(['focusEditor', 'onSaved', 'focusNotice']);
});

test('starting an edit clears the last notice and any errors', async () => {
  const { actor } = postsWith(asPublished);
  write(actor, 'Quiz', 'Friday.');
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.context.notice !== null);
  actor.send({ type: 'form.submit' });

  actor.send({ type: 'post.edit', post: welcome });

  expect(actor.getSnapshot().context).toMatchObject({ notice: null, fieldErrors: {}, errorMessage: null, post: welcome });
});

test('Cancel goes back to an empty new post, without its errors, and keeps the notice', () => {
  const { actor } = postsWith(asPublished);
  actor.send({ type: 'post.edit', post: agm });
  actor.send({ type: 'form.submit', values: { title: '', body: '', pictureAlt: '' } });
  actor.send({ type: 'post.deleted', post: welcome });

  actor.send({ type: 'post.cancel' });

  expect(actor.getSnapshot().context).toEqual({
    values: { title: '', body: '', pictureAlt: '' },
    fieldErrors: {},
    errorMessage: null,
    post: null,
    notice: 'The post "Welcome" was deleted.',
    picture: null,
    decorative: false,
    schedule: { when: 'now', publishDate: '', publishTime: '' },
    scheduleErrors: {},
  });
});

test('a refusal keeps what was typed, shows the backend field errors and focuses the message', async () => {
  const { actor, effects } = postsWith(() =>
    Promise.reject(new CoreError('invalid-input', 'Please enter a title.', { fieldErrors: { title: 'Please enter a title.', other: 'x' } })),
  );
  actor.send({ type: 'post.edit', post: agm });

  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.context.errorMessage !== null);

  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context).toMatchObject({
    post: agm,
    values: { title: 'Annual General Meeting', body: 'In Dublin.\nAll welcome.' },
    fieldErrors: { title: 'Please enter a title.' },
    errorMessage: 'The post was not saved. Please enter a title.',
    notice: null,
  });
  expect(actor.getSnapshot().context.fieldErrors).not.toHaveProperty('other');
  expect(effects).toEqual(['focusEditor', 'focusFailure']);
});

test('the next submit clears the refusal', async () => {
  const responses = [() => Promise.reject(new Error('offline')), asPublished];
  const { actor } = postsWith((submission) => responses.shift()!(submission));
  write(actor, 'Quiz', 'Friday.');
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.context.errorMessage !== null);

  actor.send({ type: 'form.submit' });

  expect(actor.getSnapshot().value).toBe('submitting');
  expect(actor.getSnapshot().context.errorMessage).toBeNull();
});

test('a deleted post is announced with focus on the notice, and stops being edited', () => {
  const { actor, effects } = postsWith(asPublished);
  actor.send({ type: 'post.edit', post: agm });

  actor.send({ type: 'post.deleted', post: agm });

  expect(actor.getSnapshot().context).toEqual({
    values: { title: '', body: '', pictureAlt: '' },
    fieldErrors: {},
    errorMessage: null,
    post: null,
    notice: 'The post "Annual General Meeting" was deleted.',
    picture: null,
    decorative: false,
    schedule: { when: 'now', publishDate: '', publishTime: '' },
    scheduleErrors: {},
  });
  expect(effects).toEqual(['focusEditor', 'focusNotice']);
});

test('deleting another post leaves the one being edited in the form', () => {
  const { actor } = postsWith(asPublished);
  actor.send({ type: 'post.edit', post: agm });
  actor.send({ type: 'field.changed', field: 'body', value: 'Changed.' });

  actor.send({ type: 'post.deleted', post: welcome });

  expect(actor.getSnapshot().context).toMatchObject({
    post: agm,
    values: { title: 'Annual General Meeting', body: 'Changed.' },
    notice: 'The post "Welcome" was deleted.',
  });
});

test('while saving, another submit, an edit and a cancel wait', async () => {
  const gate: { open?: () => void } = {};
  const { actor, saved } = postsWith((submission) => new Promise<void>((resolve) => (gate.open = resolve)).then(() => asPublished(submission)));
  write(actor, 'Quiz', 'Friday.');
  actor.send({ type: 'form.submit' });

  actor.send({ type: 'form.submit' });
  actor.send({ type: 'post.edit', post: agm });
  actor.send({ type: 'post.cancel' });
  actor.send({ type: 'field.changed', field: 'title', value: 'Other' });
  const whileSaving = actor.getSnapshot();
  gate.open?.();
  await waitFor(actor, (state) => state.context.notice !== null);

  expect(whileSaving.value).toBe('submitting');
  expect(whileSaving.context).toMatchObject({ post: null, values: { title: 'Quiz', body: 'Friday.', pictureAlt: '' } });
  expect(saved).toHaveLength(1);
  expect(actor.getSnapshot().context.notice).toBe('"Quiz" was published on the News page.');
});

test('values given with the submit are the ones saved', async () => {
  const { actor, saved } = postsWith(asPublished);

  actor.send({ type: 'form.submit', values: { title: 'Filled', body: 'By the browser.', pictureAlt: '' } });
  await waitFor(actor, (state) => state.context.notice !== null);

  expect(saved).toEqual([{ id: null, draft: { title: 'Filled', body: 'By the browser.', picture: null } }]);
});

test('without a provided submit actor the post is not saved and the form says so', async () => {
  const actor = createActor(postsMachine).start();

  actor.send({ type: 'form.submit', values: { title: 'Quiz', body: 'Friday.', pictureAlt: '' } });
  await waitFor(actor, (state) => state.context.errorMessage !== null);

  expect(actor.getSnapshot().context.errorMessage).toBe('The post was not saved. The service is not available right now. Please try again.');
  expect(actor.getSnapshot().context.values).toEqual({ title: 'Quiz', body: 'Friday.', pictureAlt: '' });
});

test('a post deleted while a new one is being written is announced, and the draft stays', () => {
  const { actor, effects } = postsWith(asPublished);
  write(actor, 'Quiz', 'Friday.');

  actor.send({ type: 'post.deleted', post: welcome });

  expect(actor.getSnapshot().status).toBe('active');
  expect(actor.getSnapshot().context).toMatchObject({ post: null, values: { title: 'Quiz', body: 'Friday.' }, notice: 'The post "Welcome" was deleted.' });
  expect(effects).toEqual(['focusNotice']);
});

test('a picture is saved with its description, or marked as decoration; without either the form asks for one and sends nothing', async () => {
  const { actor, saved } = postsWith(asPublished);
  const picture = { id: 'a1'.repeat(12), width: 1600, height: 1200 };
  write(actor, 'Garden party', 'Sun all day.');
  actor.send({ type: 'picture.attached', picture });

  actor.send({ type: 'form.submit' });
  const refused = actor.getSnapshot().context.fieldErrors.pictureAlt;
  actor.send({ type: 'picture.decorative', decorative: true });
  const afterMark = actor.getSnapshot().context.fieldErrors.pictureAlt;
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.context.notice !== null);

  expect(refused).toBe("Please describe the picture for people who cannot see it, or tick 'The picture is only decoration'.");
  expect(afterMark).toBeUndefined();
  expect(saved).toEqual([{ id: null, draft: { title: 'Garden party', body: 'Sun all day.', picture: { id: picture.id, alt: '', decorative: true } } }]);
  expect(actor.getSnapshot().context).toMatchObject({ picture: null, decorative: false });
});

test('a post scheduled without a time shows what is missing and sends nothing; with one it is sent to be published then', async () => {
  const { actor, saved, effects } = postsWith(async ({ id, draft }) => ({ id: id ?? '9', title: draft.title, body: draft.body, publishedAt: '2026-12-01T10:00:00.000Z' }));
  write(actor, 'Christmas lunch', 'Book now.');
  actor.send({ type: 'schedule.changed', field: 'when', value: 'at' });
  actor.send({ type: 'schedule.changed', field: 'publishDate', value: '2026-12-01' });

  actor.send({ type: 'form.submit' });
  const refused = actor.getSnapshot();
  actor.send({ type: 'schedule.changed', field: 'publishTime', value: '10:00' });
  const fixed = actor.getSnapshot().context.scheduleErrors;
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.context.notice !== null);

  expect(refused.value).toBe('editing');
  expect(refused.context.scheduleErrors).toEqual({ publishTime: SCHEDULE_MESSAGES.timeMissing });
  expect(effects[0]).toBe('focusFieldToFix');
  expect(fixed).toEqual({});
  expect(saved).toEqual([{ id: null, draft: { title: 'Christmas lunch', body: 'Book now.', picture: null, publication: { kind: 'at', at: '2026-12-01T10:00' } } }]);
  expect(actor.getSnapshot().context).toMatchObject({
    notice: '"Christmas lunch" is scheduled. It appears on the News page at the time chosen.',
    schedule: { when: 'now', publishDate: '', publishTime: '' },
  });
});

test('a draft is saved as a draft, and publishing it later says it is on the News page', async () => {
  const { actor, saved } = postsWith(asPublished);
  write(actor, 'Plans', 'Not yet.');
  actor.send({ type: 'schedule.changed', field: 'when', value: 'draft' });
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.context.notice !== null);
  const asDraft = actor.getSnapshot().context.notice;

  actor.send({ type: 'post.edit', post: { id: '9', title: 'Plans', body: 'Not yet.', publishedAt: '2026-05-01T09:00:00.000Z', status: 'draft' } });
  const editing = actor.getSnapshot().context.schedule.when;
  actor.send({ type: 'schedule.changed', field: 'when', value: 'now' });
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (state) => state.context.notice !== asDraft && state.matches('editing'));

  expect(asDraft).toBe('"Plans" was saved as a draft. Visitors do not see it.');
  expect(editing).toBe('draft');
  expect(saved.map((submission) => submission.draft.publication)).toEqual([{ kind: 'draft' }, { kind: 'now' }]);
  expect(actor.getSnapshot().context.notice).toBe('"Plans" was published on the News page.');
});
