import type { Application, Member, MemberDetail, MemberFilters } from '../../src-core/domain/membership-admin';
import type { MembershipAdminPort } from '../../src-core/ports/membership-admin.port';
import { isCoreError } from '../../src-core/domain/core-error';
import type { HttpClient } from './http-client';
import {
  MEMBERSHIP_PATHS,
  applicationListSchema,
  applicationPath,
  branchListSchema,
  branchPath,
  branchSchema,
  decisionSchema,
  memberDetailSchema,
  memberImportResultSchema,
  memberListSchema,
  memberPath,
  memberSchema,
  membershipSettingsSchema,
  paymentPath,
  type WireApplication,
  type WireMember,
} from '../../contract/membership';
import { z } from '../../contract/zod';

// The letters' list answers its members (with or without the list's page fields): only they are read.
const renewalLettersSchema = z.object({ members: z.array(memberSchema) });

/** The filters as the list's query (contract/membership.ts memberListQuerySchema); an empty one is left out. */
function memberListQuery(filters: MemberFilters): Record<string, string> {
  const query: Record<string, string> = {};
  const q = filters.q?.trim() ?? '';
  if (q !== '') query.q = q;
  if (filters.branch !== undefined && filters.branch !== '') query.branch = filters.branch;
  if (filters.status !== undefined) query.status = filters.status;
  if (filters.renewalDue === true) query.renewal = 'due';
  if (filters.hasEmail !== undefined) query.hasEmail = String(filters.hasEmail);
  if (filters.welcomeLetterToPost === true) query.welcomeLetterToPost = 'true';
  if (filters.page !== undefined && filters.page > 1) query.page = String(filters.page);
  return query;
}

function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
}

export function createHttpMembershipAdmin(client: HttpClient): MembershipAdminPort {
  const toApplication = (wire: WireApplication): Application => ({ ...wire, dataHref: client.link(applicationPath(wire.id, 'data')) });
  const toMember = (wire: WireMember): Member => {
    const { createdAt: _createdAt, ...member } = wire;
    return { ...member, dataHref: client.link(memberPath(wire.number, 'data')) };
  };
  const toDetail = ({ member, payments }: z.output<typeof memberDetailSchema>): MemberDetail => ({ member: toMember(member), payments });

  /** The import answers 422 with its result when a row cannot be read: that is an answer, not a failure. */
  async function postImport(csv: string, dryRun: boolean) {
    try {
      return await client.request('POST', MEMBERSHIP_PATHS.membersImport, memberImportResultSchema, { json: { csv, dryRun } });
    } catch (error) {
      if (isCoreError(error)) {
        const cause = error.cause as { status?: unknown; body?: unknown } | undefined;
        if (cause?.status === 422) {
          const result = memberImportResultSchema.safeParse(cause.body);
          if (result.success) return result.data;
        }
      }
      throw error;
    }
  }

  return {
    async listApplications(state) {
      const list = await client.request('GET', MEMBERSHIP_PATHS.applications, applicationListSchema, { query: { state } });
      return { counts: list.counts, applications: list.applications.map(toApplication) };
    },
    async approve(id) {
      const { application, member } = await client.request('POST', applicationPath(id, 'approve'), decisionSchema);
      if (member === null) throw new Error('The server approved the application without making a member.');
      return { application: toApplication(application), member: toMember(member) };
    },
    async decline(id, note) {
      return toApplication((await client.request('POST', applicationPath(id, 'decline'), decisionSchema, { json: { note } })).application);
    },
    async askForMoreInformation(id, note) {
      return toApplication((await client.request('POST', applicationPath(id, 'more-information'), decisionSchema, { json: { note } })).application);
    },
    eraseApplication(id) {
      return client.send('DELETE', applicationPath(id));
    },
    async listMembers(filters) {
      const list = await client.request('GET', MEMBERSHIP_PATHS.members, memberListSchema, { query: memberListQuery(filters) });
      return { ...list, members: list.members.map(toMember) };
    },
    membersCsvHref(filters) {
      const { page: _page, ...everyPage } = filters;
      return client.link(withQuery(MEMBERSHIP_PATHS.membersExport, memberListQuery(everyPage)));
    },
    async getMember(number) {
      return toDetail(await client.request('GET', memberPath(number), memberDetailSchema));
    },
    async editMember(number, edit) {
      return toDetail(await client.request('PATCH', memberPath(number), memberDetailSchema, { json: edit }));
    },
    async recordPayment(number, payment) {
      return toDetail(await client.request('POST', memberPath(number, 'payments'), memberDetailSchema, { json: payment }));
    },
    async removePayment(number, paymentId) {
      return toDetail(await client.request('DELETE', paymentPath(number, paymentId), memberDetailSchema));
    },
    previewImport(csv) {
      return postImport(csv, true);
    },
    importMembers(csv) {
      return postImport(csv, false);
    },
    getSettings() {
      return client.request('GET', MEMBERSHIP_PATHS.membershipSettings, membershipSettingsSchema);
    },
    saveSettings(settings) {
      return client.request('PUT', MEMBERSHIP_PATHS.membershipSettings, membershipSettingsSchema, { json: settings });
    },
    async listRenewalLetters() {
      return (await client.request('GET', MEMBERSHIP_PATHS.renewalLetters, renewalLettersSchema)).members.map(toMember);
    },
    async markWelcomeLetterPosted(number) {
      return toMember(await client.request('POST', memberPath(number, 'welcome-letter-posted'), memberSchema));
    },
    eraseMember(number) {
      return client.send('DELETE', memberPath(number));
    },
    async listBranches() {
      return (await client.request('GET', MEMBERSHIP_PATHS.branches, branchListSchema)).branches;
    },
    addBranch(name) {
      return client.request('POST', MEMBERSHIP_PATHS.branches, branchSchema, { json: { name } });
    },
    renameBranch(id, name) {
      return client.request('PATCH', branchPath(id), branchSchema, { json: { name } });
    },
    changeBranch({ id, ...details }) {
      return client.request('PATCH', branchPath(id), branchSchema, { json: details });
    },
    removeBranch(id) {
      return client.send('DELETE', branchPath(id));
    },
  };
}
