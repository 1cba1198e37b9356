import { MEMBERSHIP_MESSAGES, MEMBERSHIP_PATHS, branchChangeSchema, branchListQuerySchema, branchListSchema, branchNameSchema, branchSchema, idParamsSchema } from '../../contract/membership';
import { BRANCH_MESSAGES, branchesInCounty, checkBranch, type Branch, type BranchField } from '../../src-core/domain/branches';
import type { FieldErrors } from '../../src-core/domain/validation';
import { retryWhenBusy } from '../db/retry-when-busy';
import { API_MESSAGES } from '../../contract/api-messages';
import { apiError } from '../http/api-error';
import { CACHE_CONTROL } from '../http/cache-control';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { listedBranch, requireArea, requireRecordBranch } from '../plugins/auth.plugin';

function checkedName(raw: string): string {
  const name = raw.replace(/\s+/g, ' ').trim();
  if (name === '') throw apiError(400, 'invalid-input', MEMBERSHIP_MESSAGES.branchName, { fieldErrors: { name: MEMBERSHIP_MESSAGES.branchName } });
  return name;
}

function withoutUndefined<T extends object>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

const firstMessage = (errors: FieldErrors<BranchField>) => Object.values(errors).find((message) => message !== undefined) ?? BRANCH_MESSAGES.name;

/** The audit trail's words for a change: which fields changed, not their values (a contact's phone is personal data). */
function branchChangeInWords(before: Branch, after: Branch): string {
  const fields = (['name', 'slug', 'counties', 'meets', 'contactName', 'contactPhone', 'contactEmail', 'description', 'active'] as const).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  return `branch ${after.id}: ${after.name}${fields.length === 0 ? ', nothing changed' : `, changed ${fields.join(', ')}`}`;
}

const taken = () => apiError(409, 'conflict', MEMBERSHIP_MESSAGES.branchNameTaken, { fieldErrors: { name: MEMBERSHIP_MESSAGES.branchNameTaken } });
const notFound = () => apiError(404, 'not-found', MEMBERSHIP_MESSAGES.branchNotFound);

/** The association's branches, for the join form's list and the branch pages. */
export async function branchesReadRoutes(app: ApiInstance): Promise<void> {
  app.get(
    MEMBERSHIP_PATHS.branches,
    { schema: { querystring: branchListQuerySchema, response: { 200: branchListSchema, ...errorResponses } } },
    async (request, reply) => {
      // Changed only by an administrator, and read by every join form: revalidated, never stale for long.
      void reply.header('cache-control', CACHE_CONTROL.revalidate);
      const { county } = request.query;
      const branches = app.branches.list();
      return { branches: county === undefined ? branches : branchesInCounty(branches, county) };
    },
  );
}

/** Adding, renaming, changing and removing branches (administrators); each change is recorded. */
export async function branchesWriteRoutes(app: ApiInstance): Promise<void> {
  // Adding and removing branches is the membership's; a branch's page is also its branch officer's.
  const membership = requireArea('membership');

  app.post(MEMBERSHIP_PATHS.branches, { onRequest: membership, schema: { body: branchNameSchema, response: { 201: branchSchema, ...errorResponses } } }, async (request, reply) => {
    const name = checkedName(request.body.name);
    const added = await retryWhenBusy(() => app.branches.add(name));
    if (added === 'taken') throw taken();
    await app.audit.record(request, 'branch-added', `branch ${added.id}: ${added.name}`);
    return reply.code(201).send(added);
  });

  app.patch(
    MEMBERSHIP_PATHS.branch,
    { onRequest: requireArea('branch-pages'), schema: { params: idParamsSchema, body: branchChangeSchema, response: { 200: branchSchema, ...errorResponses } } },
    async (request) => {
      const before = app.branches.get(request.params.id);
      if (before === undefined) throw notFound();
      requireRecordBranch(request, 'branch-pages', before.id);
      const { name: rawName, ...rest } = request.body;
      // A branch officer keeps the page up to date; what the branch is (its name, address,
      // counties, whether it is active) stays with the membership.
      if (listedBranch(request) !== undefined) {
        const changes = { name: rawName, slug: rest.slug, counties: rest.counties, active: rest.active };
        if (Object.entries(changes).some(([field, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(before[field as keyof typeof changes]))) {
          throw apiError(403, 'not-authorised', API_MESSAGES.branchPageOnly);
        }
      }
      if (Object.values(rest).every((value) => value === undefined)) {
        const name = checkedName(rawName);
        const renamed = await retryWhenBusy(() => app.branches.rename(request.params.id, name));
        if (renamed === undefined) throw notFound();
        if (renamed === 'taken') throw taken();
        await app.audit.record(request, 'branch-renamed', `branch ${renamed.id}: ${before.name} to ${renamed.name}`);
        return renamed;
      }
      const checked = checkBranch({ ...before, ...withoutUndefined(rest), name: rawName });
      if (!checked.ok) throw apiError(400, 'invalid-input', firstMessage(checked.fieldErrors), { fieldErrors: checked.fieldErrors });
      const changed = await retryWhenBusy(() => app.branches.change(request.params.id, checked.details));
      if (changed === undefined) throw notFound();
      if (changed === 'name-taken') throw taken();
      if (changed === 'slug-taken') throw apiError(409, 'conflict', BRANCH_MESSAGES.slugTaken, { fieldErrors: { slug: BRANCH_MESSAGES.slugTaken } });
      await app.audit.record(request, 'branch-changed', branchChangeInWords(before, changed));
      return changed;
    },
  );

  app.delete(MEMBERSHIP_PATHS.branch, { onRequest: membership, schema: { params: idParamsSchema, response: { 204: emptyBody, ...errorResponses } } }, async (request, reply) => {
    // A branch officer's account names the branch: it cannot be left naming none.
    if (app.accounts.summaries().some((account) => account.branchId !== null && String(account.branchId) === request.params.id)) {
      throw apiError(409, 'conflict', API_MESSAGES.branchHasOfficer);
    }
    const removed = await retryWhenBusy(() => app.branches.remove(request.params.id));
    if (removed === undefined) throw notFound();
    if (!('id' in removed)) {
      const message =
        removed.applications + removed.members > 0
          ? MEMBERSHIP_MESSAGES.branchInUse(removed.applications, removed.members)
          : BRANCH_MESSAGES.inUseByContent(removed.posts, removed.events);
      throw apiError(409, 'conflict', message);
    }
    await app.audit.record(request, 'branch-removed', `branch ${removed.id}: ${removed.name}`);
    return reply.code(204).send(undefined);
  });
}
