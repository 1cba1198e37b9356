import { describe, expect, onTestFinished, test } from 'vitest';
import { MEMBERSHIP_MESSAGES } from '../../src-core/domain/joining';
import { BRANCH_NOT_SURE } from '../../src-core/domain/membership-application';
import type { MembershipAdminPort } from '../../src-core/ports/membership-admin.port';
import type { MembershipApplication, MembershipPort } from '../../src-core/ports/membership.port';
import { rejectsWithKind } from '../support/core-error';

/** What a backend gives the applications contract: a visitor's port, an administrator's, and the letters that went out. */
export interface ApplicationsHarness {
  readonly membership: MembershipPort;
  readonly membershipAdmin: MembershipAdminPort;
  /** Every letter about an application sent to the address (not the acknowledgement), oldest first. */
  lettersTo(email: string): Promise<{ subject: string; text: string }[]>;
  /**
   * Until the returned release is called, the letters queued wait unsent (a backend that writes
   * each letter out at once has nothing to hold).
   */
  holdLetters(): () => void;
  cleanup(): Promise<void>;
}

async function harnessFrom(makeHarness: () => Promise<ApplicationsHarness>): Promise<ApplicationsHarness> {
  const harness = await makeHarness();
  onTestFinished(() => harness.cleanup());
  return harness;
}

function application(name: string, email: string): MembershipApplication {
  return {
    name,
    address: '4 Main Street\nNavan',
    eircode: 'a65 f4e2',
    phone: '',
    email,
    background: 'Trained at the Mater; ward sister in Navan for twenty years.',
    nmbiPin: '',
    branch: BRANCH_NOT_SURE,
    newsletter: false,
    consent: true,
  };
}

async function newApplicationOf(admin: MembershipAdminPort, name: string) {
  const found = (await admin.listApplications('new')).applications.find((one) => one.name === name);
  if (found === undefined) throw new Error(`No new application from ${name}.`);
  return found;
}

/** The behaviour every backend's joining online shares: applying, and the administrator's decisions. */
export function applicationsContract(name: string, makeHarness: () => Promise<ApplicationsHarness>): void {
  describe(`Applications contract: ${name}`, () => {
    test('a visitor applies; approving makes a member with the next number and sends the welcome letter once', async () => {
      const { membership, membershipAdmin, lettersTo } = await harnessFrom(makeHarness);

      await membership.apply(application('Mary Byrne', 'mary.byrne@example.org'));
      const received = await newApplicationOf(membershipAdmin, 'Mary Byrne');
      expect(received).toMatchObject({ state: 'new', eircode: 'A65 F4E2', email: 'mary.byrne@example.org', branch: null, memberNumber: null });
      const before = (await membershipAdmin.listMembers({})).members.map((member) => member.number);

      const { application: approved, member } = await membershipAdmin.approve(received.id);

      expect(approved).toMatchObject({ state: 'approved', memberNumber: member.number });
      expect(member).toMatchObject({ name: 'Mary Byrne', status: 'active', email: 'mary.byrne@example.org', welcomeLetterToPost: false });
      expect(member.number).toBe(Math.max(0, ...before) + 1);
      expect((await membershipAdmin.listApplications('approved')).counts).toMatchObject({ new: 0, approved: 1 });
      const conflict = await rejectsWithKind(membershipAdmin.approve(received.id), 'conflict');
      expect(conflict.message).toBe(MEMBERSHIP_MESSAGES.alreadyDecided('approved'));
      const letters = await lettersTo('mary.byrne@example.org');
      expect(letters.map((letter) => letter.subject)).toEqual(['Welcome to the Retired Nurses Association of Ireland']);
      expect(letters[0]?.text).toContain(`Your membership number is ${member.number}.`);
    });

    test('two approvals at once never share a membership number', async () => {
      const { membership, membershipAdmin } = await harnessFrom(makeHarness);
      await membership.apply(application('Ann Kelly', 'ann@example.org'));
      await membership.apply(application('Joan Walsh', ''));
      const ann = await newApplicationOf(membershipAdmin, 'Ann Kelly');
      const joan = await newApplicationOf(membershipAdmin, 'Joan Walsh');

      const [first, second] = await Promise.all([membershipAdmin.approve(ann.id), membershipAdmin.approve(joan.id)]);

      expect(new Set([first.member.number, second.member.number]).size).toBe(2);
      expect(Math.abs(first.member.number - second.member.number)).toBe(1);
      // Without an e-mail address the welcome goes by post.
      expect(second.member).toMatchObject({ email: null, welcomeLetterToPost: true });
    });

    test('asking for more information and declining each send the note; a decision needs a note and is taken once', async () => {
      const { membership, membershipAdmin, lettersTo } = await harnessFrom(makeHarness);
      await membership.apply(application('Nora Hayes', 'nora@example.org'));
      const nora = await newApplicationOf(membershipAdmin, 'Nora Hayes');

      await rejectsWithKind(membershipAdmin.askForMoreInformation(nora.id, '  '), 'invalid-input');
      const asked = await membershipAdmin.askForMoreInformation(nora.id, 'Where did you train?');
      const question = await lettersTo('nora@example.org');
      const declined = await membershipAdmin.decline(nora.id, 'We take retired nurses only.');

      expect(asked).toMatchObject({ state: 'more-information', note: 'Where did you train?' });
      expect(question.map((letter) => letter.subject)).toEqual(['Your application to join: a question']);
      expect(question[0]?.text).toContain('Where did you train?');
      expect(declined).toMatchObject({ state: 'declined', note: 'We take retired nurses only.', memberNumber: null });
      await rejectsWithKind(membershipAdmin.askForMoreInformation(nora.id, 'Again?'), 'conflict');
      const letters = await lettersTo('nora@example.org');
      expect(letters.map((letter) => letter.subject)).toEqual(['Your application to join: a question', 'Your application to join']);
      expect(letters[1]?.text).toContain('We take retired nurses only.');
    });

    test('a question still waiting to be sent when the application is declined goes with its own note', async () => {
      const { membership, membershipAdmin, lettersTo, holdLetters } = await harnessFrom(makeHarness);
      const release = holdLetters();
      await membership.apply(application('Kate Burke', 'kate@example.org'));
      const kate = await newApplicationOf(membershipAdmin, 'Kate Burke');

      await membershipAdmin.askForMoreInformation(kate.id, 'Where did you train?');
      await membershipAdmin.decline(kate.id, 'We take retired nurses only.');
      release();
      const letters = await lettersTo('kate@example.org');

      expect(letters.map((letter) => letter.subject)).toEqual(['Your application to join: a question', 'Your application to join']);
      expect(letters[0]?.text).toContain('Where did you train?');
      expect(letters[0]?.text).not.toContain('We take retired nurses only.');
      expect(letters[1]?.text).toContain('We take retired nurses only.');
    });

    test('an application with mistakes is refused naming each field; a filled hidden field stores nothing; erasing removes it', async () => {
      const { membership, membershipAdmin } = await harnessFrom(makeHarness);

      const error = await rejectsWithKind(membership.apply({ ...application('', 'not-an-address'), eircode: 'nonsense', consent: false }), 'invalid-input');
      expect(Object.keys(error.fieldErrors ?? {}).sort()).toEqual(['consent', 'eircode', 'email', 'name']);
      await membership.apply({ ...application('Robot', 'robot@example.org'), website: 'http://spam.example' });
      await membership.apply(application('Eileen Ryan', 'eileen@example.org'));

      const listed = await membershipAdmin.listApplications('new');
      expect(listed.applications.map((one) => one.name)).toEqual(['Eileen Ryan']);
      await membershipAdmin.eraseApplication(listed.applications[0]?.id ?? '');
      expect((await membershipAdmin.listApplications('new')).applications).toEqual([]);
      await rejectsWithKind(membershipAdmin.approve(listed.applications[0]?.id ?? ''), 'not-found');
    });
  });
}
