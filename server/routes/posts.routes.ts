import type { FastifyRequest } from 'fastify';
import { postInWords } from '../audit/audit-wording';
import { API_MESSAGES } from '../../contract/api-messages';
import type { z } from 'zod';
import type { PictureChoice } from '../../src-core/domain/post-picture';
import {
  API_PATHS,
  allPostsSchema,
  postDraftSchema,
  postIdParamsSchema,
  postListSchema,
  postSchema,
  postVersionListSchema,
  postVersionParamsSchema,
} from '../../contract/wire';
import type { Publication } from '../../src-core/domain/post';
import { SCHEDULE_MESSAGES, scheduledInstant } from '../../src-core/domain/post-schedule';
import { hasErrors } from '../../src-core/domain/validation';
import { validatePost } from '../../src-core/domain/post-validation';
import { isoAt } from '../clock';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError, invalidInput } from '../http/api-error';
import { REPEAT_WINDOW_MS, submissionKeyOf } from '../http/submission-key';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { branchForChange, listedBranch, requireArea, requireRecordBranch } from '../plugins/auth.plugin';
import { chosenBranch } from './branch-choice';
import { withoutStatus, type StoredPublication } from '../repositories/posts.repository';

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

/** A scheduled time settled to an instant in the association's zone; refused unless it is still to come. */
function storedPublication(publication: Publication | undefined, zone: string, now: number): StoredPublication | undefined {
  if (publication?.kind !== 'at') return publication;
  const instant = scheduledInstant(publication.at, zone);
  if (instant === null) throw invalidInput({ publishDate: SCHEDULE_MESSAGES.dateMissing }, API_MESSAGES.invalidRequest);
  if (instant <= now) throw invalidInput({ publishDate: SCHEDULE_MESSAGES.notToCome }, API_MESSAGES.invalidRequest);
  return { kind: 'at', instant: isoAt(instant) };
}

function cleanDraft(draft: { title: string; body: string; publication?: Publication | undefined }, zone: string, now: number) {
  return {
    title: draft.title.trim(),
    body: draft.body.replace(/\r\n?/g, '\n').trim(),
    publication: storedPublication(draft.publication, zone, now),
  };
}

/** The audit trail's words for a save that was not simply published at once. */
function publicationInWords(post: { title: string; status?: string | undefined; publishedAt: string }): string {
  if (post.status === 'draft') return `${postInWords(post.title)} (draft)`;
  if (post.status === 'scheduled') return `${postInWords(post.title)} (scheduled for ${post.publishedAt})`;
  return postInWords(post.title);
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
  app.addHook('onRequest', requireArea('news-and-events'));

  /** The post a request reads or changes: 404 when there is none, 403 when it is not the branch officer's branch's. */
  function postToChange(request: FastifyRequest, id: string, missing: string = API_MESSAGES.postNotFound) {
    const post = app.posts.getAny(id);
    if (post === undefined) throw apiError(404, 'not-found', missing);
    requireRecordBranch(request, 'news-and-events', post.branch?.id ?? null);
    return post;
  }

  app.post(
    API_PATHS.posts,
    { schema: { body: postDraftSchema, response: { 201: postSchema, ...errorResponses } } },
    async (request, reply) => {
      const branch = chosenBranch(app.branches, branchForChange(request, request.body.branch));
      const picture = checkDraft(app, request.body);
      const now = app.clock();
      const repeat = { submissionKey: submissionKeyOf(request), since: isoAt(now - REPEAT_WINDOW_MS) };
      const draft = cleanDraft(request.body, app.config.timeZone, now);
      const { post, repeated } = await retryWhenBusy(() => app.posts.createOnce(draft, isoAt(now), repeat, request.user?.email));
      if (repeated) request.log.info({ event: 'post-repeat', post: post.id, by: request.user?.email }, 'A new post arrived again; kept once');
      else {
        if (picture !== null) await showPicture(app, post.id, picture);
        if (branch !== undefined) await retryWhenBusy(() => app.posts.setBranch(post.id, branch));
        request.log.info({ event: 'post-created', post: post.id, by: request.user?.email }, 'Post created');
        await app.audit.record(request, 'post-created', publicationInWords(post));
      }
      return reply.code(201).send(withoutStatus(app.posts.getAny(post.id) ?? post));
    },
  );

  app.put(
    API_PATHS.post,
    { schema: { params: postIdParamsSchema, body: postDraftSchema, response: { 200: postSchema, ...errorResponses } } },
    async (request) => {
      postToChange(request, request.params.id);
      const branch = chosenBranch(app.branches, branchForChange(request, request.body.branch));
      const picture = checkDraft(app, request.body);
      const now = app.clock();
      const draft = cleanDraft(request.body, app.config.timeZone, now);
      const post = await retryWhenBusy(() => app.posts.update(request.params.id, draft, isoAt(now), request.user?.email));
      if (post === undefined) throw apiError(404, 'not-found', API_MESSAGES.postNotFound);
      await showPicture(app, post.id, picture);
      if (branch !== undefined) await retryWhenBusy(() => app.posts.setBranch(post.id, branch));
      request.log.info({ event: 'post-updated', post: post.id, by: request.user?.email }, 'Post updated');
      await app.audit.record(request, 'post-edited', publicationInWords(post));
      return withoutStatus(app.posts.getAny(post.id) ?? post);
    },
  );

  app.get(API_PATHS.allPosts, { schema: { response: { 200: allPostsSchema, ...errorResponses } } }, async (request) => {
    // A branch officer's list is their branch's news only.
    const branch = listedBranch(request);
    const posts = app.posts.listAll();
    return { posts: branch === undefined ? posts : posts.filter((post) => post.branch?.id === branch), timeZone: app.config.timeZone };
  });

  app.get(
    API_PATHS.postVersions,
    { schema: { params: postIdParamsSchema, response: { 200: postVersionListSchema, ...errorResponses } } },
    async (request) => {
      postToChange(request, request.params.id);
      const versions = app.posts.versions(request.params.id);
      if (versions === undefined) throw apiError(404, 'not-found', API_MESSAGES.postNotFound);
      return { versions };
    },
  );

  app.post(
    API_PATHS.postRestore,
    { schema: { params: postVersionParamsSchema, response: { 200: postSchema, ...errorResponses } } },
    async (request) => {
      const { id, number } = request.params;
      postToChange(request, id, API_MESSAGES.postVersionNotFound);
      const post = await retryWhenBusy(() => app.posts.restore(id, number, isoAt(app.clock()), request.user?.email));
      if (post === undefined) throw apiError(404, 'not-found', API_MESSAGES.postVersionNotFound);
      request.log.info({ event: 'post-restored', post: post.id, version: number, by: request.user?.email }, 'Post version restored');
      await app.audit.record(request, 'post-edited', `${postInWords(post.title)} (version ${number} restored)`);
      return withoutStatus(post);
    },
  );

  app.delete(
    API_PATHS.post,
    { schema: { params: postIdParamsSchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const erased = postToChange(request, request.params.id);
      const title = erased.title;
      if (!(await app.spaceReserve.withRoom(() => retryWhenBusy(() => app.posts.remove(request.params.id))))) throw apiError(404, 'not-found', API_MESSAGES.postNotFound);
      // Its picture goes with it: nothing of an erased post stays on the disk.
      if (erased.picture !== undefined) await app.pictures.remove(erased.picture.id);
      request.log.info({ event: 'post-deleted', post: request.params.id, by: request.user?.email }, 'Post deleted');
      await app.audit.record(request, 'post-deleted', postInWords(title));
      return reply.code(204).send(undefined);
    },
  );
}
