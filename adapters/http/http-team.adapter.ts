import { TEAM_PATHS, invitationSchema, teamSchema } from '../../contract/team';
import { userSchema } from '../../contract/wire';
import type { TeamPort } from '../../src-core/ports/team.port';
import type { HttpClient } from './http-client';

/** The team over the self-hosted API; accepting an invitation signs in, so the auth port is told. */
export function createHttpTeam(client: HttpClient, options: { readonly onSignedIn: () => Promise<void> }): TeamPort {
  const change = async (path: string, json: unknown) => (await client.request('POST', path, teamSchema, { json })).members;
  return {
    list: async () => (await client.request('GET', TEAM_PATHS.team, teamSchema)).members,
    invite: (email, role, branchId) => change(TEAM_PATHS.invitations, { email, role, branchId }),
    changeRole: (email, role, branchId) => change(TEAM_PATHS.role, { email, role, branchId }),
    setSuspended: (email, suspended) => change(TEAM_PATHS.suspension, { email, suspended }),
    remove: (email) => change(TEAM_PATHS.removal, { email }),
    lookUpInvitation: (token) => client.request('GET', TEAM_PATHS.invitation, invitationSchema, { query: { token } }),
    async acceptInvitation(token, password) {
      const user = await client.request('POST', TEAM_PATHS.invitation, userSchema, { json: { token, password } });
      await options.onSignedIn();
      return user;
    },
  };
}
