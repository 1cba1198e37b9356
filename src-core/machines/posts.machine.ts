/**
 * The admin area's news posts: the editor (a new post, or a published one being changed) and
 * the notice above the list saying what the last save or delete did. Built on the form block
 * ('./form.setup'); each listed post is deleted by its own delete machine, which reports here.
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'submitting' -> 'editing' again:
 *   after a save with an empty form for a new post and the `notice`; after a refusal with what
 *   was typed and `errorMessage`.
 * Events: 'field.changed' { field: 'title' | 'body' | 'pictureAlt'; value } (a field's shown error goes as soon
 *   as the field is right; new errors wait for the next submit), 'form.submit' { values? },
 *   'post.edit' { post } (fills the form with it), 'post.cancel' (back to a new post),
 *   'post.deleted' { post } (deleted from the list: noticed, and no longer edited),
 *   'picture.attached' { picture } (prepared by the server: see picture.machine.ts),
 *   'picture.removed', 'picture.decorative' { decorative } (the editor's mark that the picture
 *   is only decoration, so it needs no description).
 *   Edits, cancels and submits wait while a post is being saved.
 *   'schedule.changed' { field: 'when' | 'publishDate' | 'publishTime'; value } (when the post is
 *   seen: 'now', 'at' the date and time, or kept as a 'draft'; checked with the form on submit).
 *   'post.edit' may carry the post's `schedule` as the view reads it in the association's zone.
 * Context: `values`, `fieldErrors`, `errorMessage`, `post` (the post being edited; null for a
 *   new one), `notice` (what the last save or delete did; null once an edit starts), `picture`
 *   (the picture to save with the post, or null), `decorative`, `schedule` and `scheduleErrors`.
 * The composition root provides:
 *   actor `submit`: fromPromise with input PostSubmission, resolving with the saved Post.
 *   action `onSaved`: e.g. reload every list of posts (default: nothing).
 *   actions `focusFieldToFix`, `focusFailure`, `focusNotice` (after a save or a delete) and
 *     `focusEditor` (a post to edit is in the form): the view's.
 */
import { assign } from 'xstate';
import type { Post, PostDraft } from '../domain/post';
import type { PreparedPicture } from '../domain/post-picture';
import { toCoreError } from '../domain/core-error';
import { hasErrors, type FieldErrors, type PostField } from '../domain/validation';
import { validatePost } from '../domain/post-validation';
import { publicationOf, validateSchedule, type ScheduleField, type ScheduleForm } from '../domain/post-schedule';
import { formSetup, type FormContext, type FormEvent } from './form.setup';

export interface PostsContext extends FormContext<PostField> {
  post: Post | null;
  notice: string | null;
  picture: PreparedPicture | null;
  decorative: boolean;
  schedule: ScheduleForm;
  scheduleErrors: FieldErrors<ScheduleField>;
  /** The id of the branch the post is news of; '' for national news; undefined while nobody chose (left as it was). */
  branch: string | undefined;
}

export type PostsEvent =
  | FormEvent<PostField>
  | { type: 'post.edit'; post: Post; schedule?: ScheduleForm }
  | { type: 'schedule.changed'; field: keyof ScheduleForm; value: string }
  | { type: 'post.cancel' }
  | { type: 'post.deleted'; post: Post }
  | { type: 'picture.attached'; picture: PreparedPicture }
  | { type: 'picture.removed' }
  | { type: 'picture.decorative'; decorative: boolean }
  | { type: 'branch.changed'; branch: string };

/** What the editor sends: a new post (id null) or the new text of a published one. */
export interface PostSubmission {
  readonly id: string | null;
  readonly draft: PostDraft;
}

const EMPTY = { title: '', body: '', pictureAlt: '' };
const PUBLISH_NOW: ScheduleForm = { when: 'now', publishDate: '', publishTime: '' };

/** What a save did, as the notice above the list says it. */
function savedWords(saved: Post, publication: PostDraft['publication'], wasPublished: boolean): string {
  if (publication?.kind === 'draft') return `"${saved.title}" was saved as a draft. Visitors do not see it.`;
  if (publication?.kind === 'at') return `"${saved.title}" is scheduled. It appears on the News page at the time chosen.`;
  return wasPublished ? `"${saved.title}" was updated.` : `"${saved.title}" was published on the News page.`;
}

const saveFailureMessage = (error: unknown) => `The post was not saved. ${toCoreError(error).message}`;

/** What a save sends: the text, the picture, and when it is seen where that changes (see publicationOf). */
function draftOf(context: PostsContext): PostDraft {
  const { values, picture, decorative } = context;
  const publication = publicationOf(context.schedule, context.post);
  return {
    title: values.title,
    body: values.body,
    // The picture with its description or the mark that it is decoration.
    picture: picture === null ? null : { id: picture.id, alt: decorative ? '' : values.pictureAlt, decorative },
    ...(publication === undefined ? {} : { publication }),
    ...(context.branch === undefined ? {} : { branch: context.branch === '' ? null : context.branch }),
  };
}

const submit = { target: 'validating', actions: 'takeSubmittedValues' } as const;

export const postsMachine = formSetup<PostField, PostSubmission, Post, PostsContext, Exclude<PostsEvent, FormEvent<PostField>>>({
  empty: EMPTY,
  validate: (values) => validatePost({ title: values.title, body: values.body }),
  failureMessage: saveFailureMessage,
})
  .extend({
    actions: {
      onSaved: () => {},
      focusNotice: () => {},
      focusEditor: () => {},
      // The picture's description is checked with the rest: whether it is needed depends on the picture.
      validate: assign(({ context }) => ({ fieldErrors: validatePost(draftOf(context)), errorMessage: null })),
      recheckShownError: assign(({ context, event }) => {
        const field = event.type === 'field.changed' ? event.field : event.type.startsWith('picture.') ? 'pictureAlt' : undefined;
        if (field === undefined || context.fieldErrors[field] === undefined) return {};
        return { fieldErrors: { ...context.fieldErrors, [field]: validatePost(draftOf(context))[field] } };
      }),
      edit: assign(({ event }) =>
        event.type === 'post.edit'
          ? {
              post: event.post,
              values: { title: event.post.title, body: event.post.body, pictureAlt: event.post.picture?.alt ?? '' },
              picture: event.post.picture ?? null,
              decorative: event.post.picture?.decorative ?? false,
              fieldErrors: {},
              errorMessage: null,
              notice: null,
              schedule: event.schedule ?? { ...PUBLISH_NOW, when: event.post.status === 'draft' ? 'draft' : 'now' },
              scheduleErrors: {},
              branch: event.post.branch?.id,
            }
          : {},
      ),
      changeBranch: assign(({ event }) => (event.type === 'branch.changed' ? { branch: event.branch } : {})),
      attachPicture: assign(({ event }) => (event.type === 'picture.attached' ? { picture: event.picture } : {})),
      removePicture: assign({ picture: null, decorative: false }),
      markDecorative: assign(({ event }) => (event.type === 'picture.decorative' ? { decorative: event.decorative } : {})),
      changeSchedule: assign(({ context, event }) => {
        if (event.type !== 'schedule.changed') return {};
        const schedule = { ...context.schedule, [event.field]: event.value };
        // A shown error goes as soon as it is right; new ones wait for the next submit.
        const now = validateSchedule(schedule);
        const scheduleErrors = Object.fromEntries(Object.keys(context.scheduleErrors).flatMap((field) => (field in now ? [[field, now[field as ScheduleField]]] : [])));
        return { schedule, scheduleErrors };
      }),
      validateSchedule: assign(({ context }) => ({ scheduleErrors: validateSchedule(context.schedule) })),
      stopEditing: assign({ post: null, picture: null, decorative: false, schedule: PUBLISH_NOW, scheduleErrors: {}, branch: undefined }),
      noteSaved: assign((_, { saved, publication, wasPublished }: { saved: Post; publication: PostDraft['publication']; wasPublished: boolean }) => ({
        notice: savedWords(saved, publication, wasPublished),
      })),
      noteDeleted: assign(({ event }) => (event.type === 'post.deleted' ? { notice: `The post "${event.post.title}" was deleted.` } : {})),
    },
    guards: {
      editsDeletedPost: ({ context, event }) => event.type === 'post.deleted' && context.post?.id === event.post.id,
      hasScheduleErrors: ({ context }) => hasErrors(context.scheduleErrors),
    },
  })
  .createMachine({
    id: 'posts',
    initial: 'editing',
    context: { values: EMPTY, fieldErrors: {}, errorMessage: null, post: null, notice: null, picture: null, decorative: false, schedule: PUBLISH_NOW, scheduleErrors: {}, branch: undefined },
    on: {
      'post.deleted': [
        { guard: 'editsDeletedPost', actions: ['noteDeleted', 'stopEditing', 'clear', 'focusNotice'] },
        { actions: ['noteDeleted', 'focusNotice'] },
      ],
    },
    states: {
      editing: {
        on: {
          'field.changed': { actions: ['change', 'recheckShownError'] },
          'form.submit': submit,
          'post.edit': { actions: ['edit', 'focusEditor'] },
          'post.cancel': { actions: ['stopEditing', 'clear'] },
          'picture.attached': { actions: ['attachPicture', 'recheckShownError'] },
          'picture.removed': { actions: ['removePicture', 'recheckShownError'] },
          'picture.decorative': { actions: ['markDecorative', 'recheckShownError'] },
          'schedule.changed': { actions: 'changeSchedule' },
          'branch.changed': { actions: 'changeBranch' },
        },
      },
      validating: {
        entry: ['validate', 'validateSchedule'],
        always: [
          { guard: 'hasFieldErrors', target: 'editing', actions: 'focusFieldToFix' },
          { guard: 'hasScheduleErrors', target: 'editing', actions: 'focusFieldToFix' },
          { target: 'submitting' },
        ],
      },
      submitting: {
        invoke: {
          src: 'submit',
          input: ({ context }) => ({ id: context.post?.id ?? null, draft: draftOf(context) }),
          onDone: {
            target: 'editing',
            actions: [
              {
                type: 'noteSaved',
                params: ({ context, event }) => ({
                  saved: event.output,
                  publication: draftOf(context).publication,
                  wasPublished: context.post !== null && (context.post.status ?? 'published') === 'published',
                }),
              },
              'stopEditing',
              'clear',
              'onSaved',
              'focusNotice',
            ],
          },
          onError: {
            target: 'editing',
            actions: [{ type: 'showFailure', params: ({ event }) => ({ error: event.error }) }, 'focusFailure'],
          },
        },
      },
    },
  });
