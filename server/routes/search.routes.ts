import { API_MESSAGES } from '../../contract/api-messages';
import { API_PATHS, searchQuerySchema, searchResultsSchema } from '../../contract/wire';
import { apiError } from '../http/api-error';
import { errorResponses, type ApiInstance } from '../http/zod-schemas';

/**
 * `GET /api/search?q=...`: the results the search page shows, for the browser's own
 * navigation to it. The page itself (`/search`) is rendered by the site's routes.
 */
export async function searchRoutes(app: ApiInstance): Promise<void> {
  app.get(
    API_PATHS.search,
    { schema: { querystring: searchQuerySchema, response: { 200: searchResultsSchema, ...errorResponses } } },
    async (request, reply) => {
      const verdict = app.siteSearch.limit.take(request.ip);
      if (!verdict.allowed) {
        throw apiError(429, 'too-many-requests', API_MESSAGES.tooManySearches, { retryAfterSeconds: verdict.retryAfterSeconds });
      }
      // Another process's changes are noticed here, so the index catches up with them too.
      app.contentVersion.current();
      void reply.header('cache-control', 'no-store');
      const query = request.query.q ?? '';
      const found = app.siteSearch.index.search(query);
      // What visitors look for and cannot find is counted, without personal data (src-core/domain/visits.ts).
      if (found.results.length === 0) request.searchNotFound = query;
      return {
        ...found,
        results: found.results.map((result) => ({ ...result, snippet: [...result.snippet] })),
        coverage: app.siteSearch.coverage,
      };
    },
  );
}
