import { MEMBERSHIP_PATHS, branchListSchema, type ApplicationRequest } from '../../contract/membership';
import { newSubmissionKey } from '../../contract/submission-key';
import { SUBMISSION_KEY_HEADER } from '../../contract/wire';
import type { BranchesPort } from '../../src-core/ports/branches.port';
import type { MembershipPort } from '../../src-core/ports/membership.port';
import type { HttpClient } from './http-client';

/** An optional field is left out of the request when empty (JSON drops an undefined value). */
function given(value: string): string | undefined {
  const text = value.trim();
  return text === '' ? undefined : text;
}

export function createHttpBranches(client: HttpClient): BranchesPort {
  return {
    async listBranches(options) {
      const { branches } = await client.request('GET', MEMBERSHIP_PATHS.branches, branchListSchema, { signal: options?.signal });
      return branches;
    },
  };
}

export function createHttpMembership(client: HttpClient): MembershipPort {
  return {
    async listBranches() {
      const { branches } = await client.request('GET', MEMBERSHIP_PATHS.branches, branchListSchema);
      // An inactive branch no longer takes new members.
      return branches.filter((branch) => branch.active);
    },
    apply(application) {
      const request: ApplicationRequest = {
        name: application.name.trim(),
        address: application.address.trim(),
        eircode: given(application.eircode),
        phone: given(application.phone),
        email: given(application.email),
        background: application.background.trim(),
        nmbiPin: given(application.nmbiPin),
        branch: application.branch,
        newsletter: application.newsletter,
        consent: application.consent,
        website: given(application.website ?? ''),
      };
      return client.send('POST', MEMBERSHIP_PATHS.applications, { json: request, headers: { [SUBMISSION_KEY_HEADER]: newSubmissionKey() } });
    },
  };
}
