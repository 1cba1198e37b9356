import type { Application, Member } from '../../src-core/domain/membership-admin';
import type { MembershipAdminPort } from '../../src-core/ports/membership-admin.port';
import type { HttpClient } from './http-client';
import {
  MEMBERSHIP_PATHS,
  applicationListSchema,
  applicationPath,
  branchListSchema,
  branchPath,
  branchSchema,
  decisionSchema,
  memberListSchema,
  memberPath,
  memberSchema,
  type WireApplication,
  type WireMember,
} from '../../contract/membership';

export function createHttpMembershipAdmin(client: HttpClient): MembershipAdminPort {
  const toApplication = (wire: WireApplication): Application => ({ ...wire, dataHref: client.link(applicationPath(wire.id, 'data')) });
  const toMember = (wire: WireMember): Member => {
    const { status: _status, createdAt: _createdAt, ...member } = wire;
    return { ...member, dataHref: client.link(memberPath(wire.number, 'data')) };
  };
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
    async listMembers({ welcomeLetterToPost }) {
      const list = await client.request('GET', MEMBERSHIP_PATHS.members, memberListSchema, welcomeLetterToPost ? { query: { welcomeLetterToPost: 'true' } } : {});
      return list.members.map(toMember);
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
    removeBranch(id) {
      return client.send('DELETE', branchPath(id));
    },
  };
}
