import { MEMBERSHIP_MESSAGES, MEMBERSHIP_PATHS, branchListSchema, branchNameSchema, branchSchema, idParamsSchema } from '../../contract/membership';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError } from '../http/api-error';
import { CACHE_CONTROL } from '../http/cache-control';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { requireArea } from '../plugins/auth.plugin';

function checkedName(raw: string): string {
  const name = raw.replace(/\s+/g, ' ').trim();
  if (name === '') throw apiError(400, 'invalid-input', MEMBERSHIP_MESSAGES.branchName, { fieldErrors: { name: MEMBERSHIP_MESSAGES.branchName } });
  return name;
}

const taken = () => apiError(409, 'conflict', MEMBERSHIP_MESSAGES.branchNameTaken, { fieldErrors: { name: MEMBERSHIP_MESSAGES.branchNameTaken } });
const notFound = () => apiError(404, 'not-found', MEMBERSHIP_MESSAGES.branchNotFound);

/** The association's branches, for the join form's list. */
export async function branchesReadRoutes(app: ApiInstance): Promise<void> {
  app.get(MEMBERSHIP_PATHS.branches, { schema: { response: { 200: branchListSchema, ...errorResponses } } }, async (_request, reply) => {
    // Changed only by an administrator, and read by every join form: revalidated, never stale for long.
    void reply.header('cache-control', CACHE_CONTROL.revalidate);
    return { branches: app.branches.list() };
  });
}

/** Adding, renaming and removing branches (administrators); each change is recorded. */
export async function branchesWriteRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onRequest', requireArea('membership'));

  app.post(MEMBERSHIP_PATHS.branches, { schema: { body: branchNameSchema, response: { 201: branchSchema, ...errorResponses } } }, async (request, reply) => {
    const name = checkedName(request.body.name);
    const added = await retryWhenBusy(() => app.branches.add(name));
    if (added === 'taken') throw taken();
    await app.audit.record(request, 'branch-added', `branch ${added.id}: ${added.name}`);
    return reply.code(201).send(added);
  });

  app.patch(
    MEMBERSHIP_PATHS.branch,
    { schema: { params: idParamsSchema, body: branchNameSchema, response: { 200: branchSchema, ...errorResponses } } },
    async (request) => {
      const before = app.branches.get(request.params.id);
      const name = checkedName(request.body.name);
      const renamed = await retryWhenBusy(() => app.branches.rename(request.params.id, name));
      if (renamed === undefined || before === undefined) throw notFound();
      if (renamed === 'taken') throw taken();
      await app.audit.record(request, 'branch-renamed', `branch ${renamed.id}: ${before.name} to ${renamed.name}`);
      return renamed;
    },
  );

  app.delete(MEMBERSHIP_PATHS.branch, { schema: { params: idParamsSchema, response: { 204: emptyBody, ...errorResponses } } }, async (request, reply) => {
    const removed = await retryWhenBusy(() => app.branches.remove(request.params.id));
    if (removed === undefined) throw notFound();
    if (!('id' in removed)) throw apiError(409, 'conflict', MEMBERSHIP_MESSAGES.branchInUse(removed.applications, removed.members));
    await app.audit.record(request, 'branch-removed', `branch ${removed.id}: ${removed.name}`);
    return reply.code(204).send(undefined);
  });
}
