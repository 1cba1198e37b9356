import { API_MESSAGES } from '../../adapters/http/api-messages';
import { API_PATHS, postIdParamsSchema, postListSchema, postSchema } from '../../adapters/http/wire';
import { apiError } from '../http/api-error';
import { errorResponses, type ApiInstance } from '../http/zod-schemas';

export async function postsReadRoutes(app: ApiInstance): Promise<void> {
  app.get(
    API_PATHS.posts,
    { schema: { response: { 200: postListSchema, ...errorResponses } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return { posts: app.posts.list() };
    },
  );

  app.get(
    API_PATHS.post,
    { schema: { params: postIdParamsSchema, response: { 200: postSchema, ...errorResponses } } },
    async (request, reply) => {
      const post = app.posts.get(request.params.id);
      if (post === undefined) throw apiError(404, 'not-found', API_MESSAGES.postNotFound);
      void reply.header('cache-control', 'no-cache');
      return post;
    },
  );
}
