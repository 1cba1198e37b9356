import { postInWords } from '../audit/audit-wording';
import { API_MESSAGES } from '../../contract/api-messages';
import type { z } from 'zod';
import type { PictureChoice } from '../../src-core/domain/post-picture';
import { API_PATHS, postDraftSchema, postIdParamsSchema, postListSchema, postSchema } from '../../contract/wire';
import { hasErrors } from '../../src-core/domain/validation';
import { validatePost } from '../../src-core/domain/post-validation';
import { isoAt } from '../clock';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError, invalidInput } from '../http/api-error';
import { REPEAT_WINDOW_MS, submissionKeyOf } from '../http/submission-key';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { requireAdministrator } from '../plugins/auth.plugin';

export async function postsReadRoutes(app: ApiInstance): Promise<void> {
  app.get(API_PATHS.posts, { schema: { response: { 200: postListSchema, ...errorResponses } } }, async (request, reply) =>
    app.responseCache.sendJson(request, reply, 'posts', postListSchema, () => ({ posts: app.posts.list() })),
  );

  app.get(
    API_PATHS.post,
    { schema: { params: postIdParamsSchema, response: { 200: postSchema, ...errorResponses } } },
    async (request, reply) =>
      app.responseCache.sendJson(request, reply, `post ${request.params.id}`, postSchema, () => {
        const post = app.posts.get(request.params.id);
        if (post === undefined) throw apiError(404, 'not-found', API_MESSAGES.postNotFound);
        return post;
      }),
  );
}

function cleanDraft(draft: { title: string; body: string }) {
  return { title: draft.title.trim(), body: draft.body.replace(/\r\n?/g, '\n').trim() };
}

type PostDraftBody = z.infer<typeof postDraftSchema>;

/**
 * The draft's rules, its picture's included: described or marked as decoration, and one the
 * server has prepared. Checked here, whatever the form did.
 */
function checkDraft(app: ApiInstance, draft: PostDraftBody): PictureChoice | null {
  const errors = validatePost(draft);
  if (hasErrors(errors)) throw invalidInput(errors, API_MESSAGES.invalidRequest);
  const picture = draft.picture ?? null;
  if (picture === null) return null;
  const state = app.pictures.get(picture.id);
  if (state === undefined) throw invalidInput({ pictureAlt: API_MESSAGES.pictureNotFound }, API_MESSAGES.pictureNotFound);
  if (state.state === 'preparing') throw invalidInput({ pictureAlt: API_MESSAGES.pictureNotReady }, API_MESSAGES.pictureNotReady);
  if (state.state === 'refused') throw invalidInput({ pictureAlt: API_MESSAGES.pictureRefused }, API_MESSAGES.pictureRefused);
  return { id: picture.id, alt: picture.decorative ? '' : picture.alt.trim(), decorative: picture.decorative };
}

/** Shows `picture` with the post, and deletes the picture it replaced. */
async function showPicture(app: ApiInstance, postId: string, picture: PictureChoice | null): Promise<void> {
  const changed = await retryWhenBusy(() => app.posts.setPicture(postId, picture));
  const previous = changed?.previous;
  if (previous !== undefined && previous !== picture?.id) await app.pictures.remove(previous);
}

export async function postsWriteRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onRequest', requireAdministrator);

  app.post(
    API_PATHS.posts,
    { schema: { body: postDraftSchema, response: { 201: postSchema, ...errorResponses } } },
    async (request, reply) => {
      const picture = checkDraft(app, request.body);
      const now = app.clock();
      const repeat = { submissionKey: submissionKeyOf(request), since: isoAt(now - REPEAT_WINDOW_MS) };
      const { post, repeated } = await retryWhenBusy(() => app.posts.createOnce(cleanDraft(request.body), isoAt(now), repeat));
      if (repeated) request.log.info({ event: 'post-repeat', post: post.id, by: request.user?.email }, 'A new post arrived again; kept once');
      else {
        if (picture !== null) await showPicture(app, post.id, picture);
        request.log.info({ event: 'post-created', post: post.id, by: request.user?.email }, 'Post created');
        await app.audit.record(request, 'post-created', postInWords(post.title));
      }
      return reply.code(201).send(app.posts.get(post.id) ?? post);
    },
  );

  app.put(
    API_PATHS.post,
    { schema: { params: postIdParamsSchema, body: postDraftSchema, response: { 200: postSchema, ...errorResponses } } },
    async (request) => {
      if (app.posts.get(request.params.id) === undefined) throw apiError(404, 'not-found', API_MESSAGES.postNotFound);
      const picture = checkDraft(app, request.body);
      const post = await retryWhenBusy(() => app.posts.update(request.params.id, cleanDraft(request.body), isoAt(app.clock())));
      if (post === undefined) throw apiError(404, 'not-found', API_MESSAGES.postNotFound);
      await showPicture(app, post.id, picture);
      request.log.info({ event: 'post-updated', post: post.id, by: request.user?.email }, 'Post updated');
      await app.audit.record(request, 'post-edited', postInWords(post.title));
      return app.posts.get(post.id) ?? post;
    },
  );

  app.delete(
    API_PATHS.post,
    { schema: { params: postIdParamsSchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const erased = app.posts.get(request.params.id);
      const title = erased?.title ?? '';
      if (!(await app.spaceReserve.withRoom(() => retryWhenBusy(() => app.posts.remove(request.params.id))))) throw apiError(404, 'not-found', API_MESSAGES.postNotFound);
      // Its picture goes with it: nothing of an erased post stays on the disk.
      if (erased?.picture !== undefined) await app.pictures.remove(erased.picture.id);
      request.log.info({ event: 'post-deleted', post: request.params.id, by: request.user?.email }, 'Post deleted');
      await app.audit.record(request, 'post-deleted', postInWords(title));
      return reply.code(204).send(undefined);
    },
  );
}
