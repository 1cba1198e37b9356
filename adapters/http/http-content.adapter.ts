import type { ContentEditorPort, ContentPort } from '../../src-core/ports/content.port';
import type { HttpClient } from './http-client';
import {
  API_PATHS,
  SUBMISSION_KEY_HEADER,
  allPostsSchema,
  postDraftSchema,
  postListSchema,
  postPath,
  postRestorePath,
  postSchema,
  postVersionListSchema,
  postVersionsPath,
} from '../../contract/wire';
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
  };
}
