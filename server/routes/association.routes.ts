import { API_MESSAGES } from '../../contract/api-messages';
import { API_PATHS, associationDetailsSchema } from '../../contract/wire';
import { cleanDetails, validateDetails } from '../../src-core/domain/association-details';
import { hasErrors } from '../../src-core/domain/validation';
import { recordAdminAction } from '../audit/admin-actions';
import { changedDetailsInWords } from '../audit/audit-wording';
import { isoAt } from '../clock';
import { retryWhenBusy } from '../db/retry-when-busy';
import { invalidInput } from '../http/api-error';
import { CACHE_CONTROL } from '../http/cache-control';
import { errorResponses, type ApiInstance } from '../http/zod-schemas';
import { requireArea } from '../plugins/auth.plugin';

/** Which fields changed, by name only: the audit says what was changed, the page says what it is now. */
export async function associationRoutes(app: ApiInstance): Promise<void> {
  app.get(
    API_PATHS.association,
    { schema: { response: { 200: associationDetailsSchema, ...errorResponses } } },
    async (_request, reply) => {
      void reply.header('cache-control', CACHE_CONTROL.revalidate);
      const details = app.associationDetails.get();
      return { ...details, socialLinks: [...details.socialLinks] };
    },
  );

  // Replacing the whole set is idempotent: the same details sent twice leave the same row.
  app.put(
    API_PATHS.association,
    { onRequest: requireArea('site'), schema: { body: associationDetailsSchema, response: { 200: associationDetailsSchema, ...errorResponses } } },
    async (request) => {
      const errors = validateDetails(request.body);
      if (hasErrors(errors)) throw invalidInput(errors, API_MESSAGES.invalidRequest);
      const before = app.associationDetails.get();
      const saved = await retryWhenBusy(() => app.associationDetails.save(cleanDetails(request.body), isoAt(app.clock())));
      await recordAdminAction(request, 'association-details-changed', changedDetailsInWords(before, saved));
      return { ...saved, socialLinks: [...saved.socialLinks] };
    },
  );
}
