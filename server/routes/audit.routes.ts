import { API_PATHS, auditListSchema, auditQuerySchema } from '../../contract/wire';
import { errorResponses, type ApiInstance } from '../http/zod-schemas';
import { requireArea } from '../plugins/auth.plugin';

/** The audit trail for administrators: newest first, by person and by kind. */
export async function auditRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onRequest', requireArea('site'));

  app.get(
    API_PATHS.audit,
    { schema: { querystring: auditQuerySchema, response: { 200: auditListSchema, ...errorResponses } } },
    async (request, reply) => {
      const { actor, kind, limit } = request.query;
      void reply.header('cache-control', 'no-store');
      return { entries: app.auditTrail.list({ actor, kind, limit }), actors: app.auditTrail.actors() };
    },
  );
}
