import { postInWords } from '../audit/audit-wording';
import { API_MESSAGES } from '../../contract/api-messages';
import { API_PATHS, postDraftSchema, postIdParamsSchema, postListSchema, postSchema } from '../../contract/wire';
import { hasErrors, validatePostDraft } from '../../src-core/domain/validation';
import { isoAt } from '../clock';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError, invalidInput } from '../http/api-error';
import { REPEAT_WINDOW_MS, submissionKeyOf } from '../http/submission-key';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { requireArea } from '../plugins/auth.plugin';

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

export async function postsWriteRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onRequest', requireArea('content'));

  app.post(
    API_PATHS.posts,
    { schema: { body: postDraftSchema, response: { 201: postSchema, ...errorResponses } } },
    async (request, reply) => {
      const errors = validatePostDraft(request.body);
      if (hasErrors(errors)) throw invalidInput(errors, API_MESSAGES.invalidRequest);
      const now = app.clock();
      const repeat = { submissionKey: submissionKeyOf(request), since: isoAt(now - REPEAT_WINDOW_MS) };
      const { post, repeated } = await retryWhenBusy(() => app.posts.createOnce(cleanDraft(request.body), isoAt(now), repeat));
      if (repeated) request.log.info({ event: 'post-repeat', post: post.id, by: request.user?.email }, 'A new post arrived again; kept once');
      else {
        request.log.info({ event: 'post-created', post: post.id, by: request.user?.email }, 'Post created');
        await app.audit.record(request, 'post-created', postInWords(post.title));
      }
      return reply.code(201).send(post);
    },
  );

  app.put(
    API_PATHS.post,
    { schema: { params: postIdParamsSchema, body: postDraftSchema, response: { 200: postSchema, ...errorResponses } } },
    async (request) => {
      if (app.posts.get(request.params.id) === undefined) throw apiError(404, 'not-found', API_MESSAGES.postNotFound);
      const errors = validatePostDraft(request.body);
      if (hasErrors(errors)) throw invalidInput(errors, API_MESSAGES.invalidRequest);
      const post = await retryWhenBusy(() => app.posts.update(request.params.id, cleanDraft(request.body), isoAt(app.clock())));
      if (post === undefined) throw apiError(404, 'not-found', API_MESSAGES.postNotFound);
      request.log.info({ event: 'post-updated', post: post.id, by: request.user?.email }, 'Post updated');
      await app.audit.record(request, 'post-edited', postInWords(post.title));
      return post;
    },
  );

  app.delete(
    API_PATHS.post,
    { schema: { params: postIdParamsSchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const title = app.posts.get(request.params.id)?.title ?? '';
      if (!(await app.spaceReserve.withRoom(() => retryWhenBusy(() => app.posts.remove(request.params.id))))) throw apiError(404, 'not-found', API_MESSAGES.postNotFound);
      request.log.info({ event: 'post-deleted', post: request.params.id, by: request.user?.email }, 'Post deleted');
      await app.audit.record(request, 'post-deleted', postInWords(title));
      return reply.code(204).send(undefined);
    },
  );
}
