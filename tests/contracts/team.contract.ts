import { describe, expect, onTestFinished, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import type { CoreError } from '../../src-core/domain/core-error';
import type { StaffRole } from '../../src-core/domain/roles';
import type { TeamPort } from '../../src-core/ports/team.port';

/** What a backend with roles gives this contract: the team port with an administrator signed in. */
export interface TeamHarness {
  readonly team: TeamPort;
  /** The signed-in administrator's address. */
  readonly administrator: string;
  /** An invitation whose link works, as if its e-mail had just been sent; resolves with the link's token. */
  seedInvitation(email: string, role: StaffRole): Promise<string>;
  /** A branch the backend has, for a branch officer's invitation. */
  readonly branch: { readonly id: string; readonly name: string };
  cleanup(): Promise<void>;
}

async function harnessFrom(makeHarness: () => Promise<TeamHarness>): Promise<TeamHarness> {
  const harness = await makeHarness();
  onTestFinished(() => harness.cleanup());
  return harness;
}

async function refusal(promise: Promise<unknown>): Promise<CoreError> {
  return promise.then(
    () => {
      throw new Error('Expected a refusal.');
    },
    (error: unknown) => error as CoreError,
  );
}

/** The behaviour every TeamPort shares (only the self-hosted backend has one). */
export function teamContract(name: string, makeHarness: () => Promise<TeamHarness>): void {
  describe(`TeamPort contract: ${name}`, () => {
    test('the team lists the signed-in administrator; an invitation is listed as invited, with its role', async () => {
      const { team, administrator } = await harnessFrom(makeHarness);

      expect(await team.list()).toContainEqual(expect.objectContaining({ email: administrator, role: 'administrator', status: 'active', you: true }));
      const after = await team.invite('New.Editor@example.org', 'editor');

      expect(after).toContainEqual({ email: 'new.editor@example.org', role: 'editor', status: 'invited', fixed: false, you: false });
    });

    test('a branch officer is invited with their branch, and refused without one, naming the field', async () => {
      const { team, branch } = await harnessFrom(makeHarness);

      const error = await refusal(team.invite('officer@example.org', 'branch-officer'));
      expect(error).toMatchObject({ kind: 'invalid-input', fieldErrors: { branchId: API_MESSAGES.branchNeeded } });

      const after = await team.invite('officer@example.org', 'branch-officer', branch.id);
      expect(after).toContainEqual({ email: 'officer@example.org', role: 'branch-officer', branch, status: 'invited', fixed: false, you: false });
    });

    test('an address that is not one is refused, naming the field', async () => {
      const { team } = await harnessFrom(makeHarness);

      const error = await refusal(team.invite('not an address', 'editor'));

      expect(error).toMatchObject({ kind: 'invalid-input', fieldErrors: { email: 'Please enter a valid e-mail address, like name@example.org.' } });
    });

    test('a working link says who it is for and accepts once, signing in; an unknown one is refused plainly', async () => {
      const { team, seedInvitation } = await harnessFrom(makeHarness);
      const token = await seedInvitation('new.secretary@example.org', 'membership-secretary');

      expect(await team.lookUpInvitation(token)).toEqual({ email: 'new.secretary@example.org', role: 'membership-secretary' });
      expect(await team.acceptInvitation(token, 'a long enough passphrase')).toMatchObject({ email: 'new.secretary@example.org', administrator: true, role: 'membership-secretary' });
      expect(await refusal(team.lookUpInvitation(token))).toMatchObject({ kind: 'not-found', message: API_MESSAGES.invitationGone });
      expect(await refusal(team.acceptInvitation('never-sent', 'a long enough passphrase'))).toMatchObject({ kind: 'not-found', message: API_MESSAGES.invitationGone });
    });
  });
}
