import { API_PATHS, fileLimitsSchema, fileListQuerySchema, fileListSchema } from '../../adapters/http/wire';
import { errorResponses, type ApiInstance } from '../http/zod-schemas';

export async function filesReadRoutes(app: ApiInstance): Promise<void> {
  app.get(
    API_PATHS.files,
    { schema: { querystring: fileListQuerySchema, response: { 200: fileListSchema, ...errorResponses } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return { files: await app.files.list(request.query.folder) };
    },
  );

  app.get(API_PATHS.fileLimits, { schema: { response: { 200: fileLimitsSchema, ...errorResponses } } }, async () => ({
    maxBytes: app.config.maxUploadBytes,
  }));
}
