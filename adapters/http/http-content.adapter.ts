import type { ContentEditorPort, ContentPort } from '../../src-core/ports/content.port';
import type { HttpClient } from './http-client';
import {
  API_PATHS,
  SUBMISSION_KEY_HEADER,
  allPostsSchema,
  picturePath,
  pictureStateSchema,
  postDraftSchema,
  postListSchema,
  postPath,
  postRestorePath,
  postSchema,
  postVersionListSchema,
  postVersionsPath,
  type WirePictureState,
} from '../../contract/wire';
import { CoreError } from '../../src-core/domain/core-error';
import type { PreparedPicture } from '../../src-core/domain/post-picture';
import { coreErrorFromNetworkFailure, coreErrorFromResponse } from './http-errors';
import { newSubmissionKey } from '../../contract/submission-key';

export function createHttpContent(client: HttpClient): ContentPort {
  return {
    async listPosts(options) {
      const { posts } = await client.request('GET', API_PATHS.posts, postListSchema, { signal: options?.signal });
      return posts;
    },
    getPost(id, options) {
      return client.request('GET', postPath(id), postSchema, { signal: options?.signal });
    },
  };
}

export function createHttpContentEditor(client: HttpClient): ContentEditorPort {
  return {
    createPost(draft) {
      return client.request('POST', API_PATHS.posts, postSchema, {
        json: postDraftSchema.parse(draft),
        headers: { [SUBMISSION_KEY_HEADER]: newSubmissionKey() },
      });
    },
    updatePost(id, draft) {
      return client.request('PUT', postPath(id), postSchema, { json: postDraftSchema.parse(draft) });
    },
    listAllPosts() {
      return client.request('GET', API_PATHS.allPosts, allPostsSchema);
    },
    async listVersions(id) {
      const { versions } = await client.request('GET', postVersionsPath(id), postVersionListSchema);
      return versions;
    },
    restoreVersion(id, version) {
      return client.request('POST', postRestorePath(id, version), postSchema);
    },
    deletePost(id) {
      return client.send('DELETE', postPath(id));
    },
    async preparePicture(data, options) {
      let response: Response;
      try {
        response = await client.fetch(client.url(API_PATHS.pictures), {
          method: 'POST',
          headers: { 'content-type': data.type === '' ? 'application/octet-stream' : data.type, accept: 'application/json' },
          body: data,
          signal: options?.signal,
          credentials: 'same-origin',
        });
      } catch (error) {
        throw coreErrorFromNetworkFailure(error);
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) throw coreErrorFromResponse(response.status, response.headers, body);
      let state: WirePictureState = pictureStateSchema.parse(body);
      // Behind other pictures in the server's queue: asked again until it is ready.
      while (state.state === 'preparing') {
        await new Promise((resolve) => setTimeout(resolve, PREPARING_RECHECK_MS));
        state = await client.request('GET', picturePath(state.id), pictureStateSchema, { signal: options?.signal });
      }
      if (state.state === 'refused') throw new CoreError('invalid-input', state.refusal);
      return { id: state.id, width: state.width, height: state.height } satisfies PreparedPicture;
    },
  };
}

/** How often a picture still being prepared is asked about. */
const PREPARING_RECHECK_MS = 2_000;
