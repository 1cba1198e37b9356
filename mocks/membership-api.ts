/**
 * The self-hosted server's joining-online routes for administrators, as the MSW fake answers
 * them (mocks/self-hosted-api.ts holds the state and the sign-in): applications by state and
 * their decisions, members, welcome letters and branches. Mail is not sent here.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_PATHS,
  applicationListQuerySchema,
  type ApplicationState,
  type WireApplication,
  type WireBranch,
  type WireMember,
} from '../contract/membership';
import type { WireErrorKind } from '../contract/wire';

export interface MembershipState {
  applications: WireApplication[];
  members: WireMember[];
  branches: WireBranch[];
  now: () => Date;
  signedInAs: string | null;
}

interface Helpers {
  readonly refuseUnlessAdministrator: () => Response | null;
  readonly fail: (kind: WireErrorKind, message: string, status: number, extra?: { fieldErrors?: Record<string, string> }) => Response;
  readonly jsonBody: (request: Request) => Promise<unknown>;
}

const STATE_WORDS: Readonly<Record<ApplicationState, string>> = {
  new: 'new',
  'more-information': 'waiting for more information',
  approved: 'approved',
  declined: 'declined',
};

/** An application as the join form leaves it, for seeding tests. */
export function sampleApplication(overrides: Partial<WireApplication> = {}): WireApplication {
  return {
    id: '1',
    state: 'new',
    name: 'Mary Byrne',
    address: '12 Main Street\nBallincollig, Co. Cork',
    eircode: 'P31 XY12',
    phone: '021 555 0101',
    email: 'mary@example.org',
    background: 'Staff nurse, Cork University Hospital, 1978 to 2016.',
    nmbiPin: '123456',
    branch: { id: '1', name: 'Sample Branch North' },
    newsletter: true,
    consent: { at: '2026-03-02T10:00:00.000Z', wording: 'I have read how the association uses my details.' },
    receivedAt: '2026-03-02T10:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    note: null,
    memberNumber: null,
    ...overrides,
  };
}

export function membershipHandlers(state: MembershipState, { refuseUnlessAdministrator, fail, jsonBody }: Helpers): HttpHandler[] {
  const find = (id: unknown) => state.applications.find((one) => one.id === id);
  const findMember = (number: unknown) => state.members.find((one) => String(one.number) === number);
  const counts = () => {
    const of = (wanted: ApplicationState) => state.applications.filter((one) => one.state === wanted).length;
    return { new: of('new'), moreInformation: of('more-information'), approved: of('approved'), declined: of('declined') };
  };
  const change = (changed: WireApplication) => {
    state.applications = state.applications.map((one) => (one.id === changed.id ? changed : one));
    return changed;
  };
  const notFound = () => fail('not-found', MEMBERSHIP_MESSAGES.applicationNotFound, 404);
  const undecided = (application: WireApplication) => application.state === 'new' || application.state === 'more-information';

  const decideWithNote = (to: ApplicationState) =>
    async ({ params, request }: { params: Record<string, unknown>; request: Request }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const application = find(params.id);
      if (application === undefined) return notFound();
      const body = (await jsonBody(request)) as { note?: unknown };
      const note = typeof body.note === 'string' ? body.note.trim() : '';
      if (note === '') return fail('invalid-input', MEMBERSHIP_MESSAGES.noteRequired, 400, { fieldErrors: { note: MEMBERSHIP_MESSAGES.noteRequired } });
      if (!undecided(application)) return fail('conflict', MEMBERSHIP_MESSAGES.alreadyDecided(STATE_WORDS[application.state]), 409);
      const decided = change({ ...application, state: to, note, decidedAt: state.now().toISOString(), decidedBy: state.signedInAs });
      return HttpResponse.json({ application: decided, member: null });
    };

  return [
    http.get(`*${MEMBERSHIP_PATHS.applications}`, ({ request }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const query = applicationListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      const wanted = query.success ? query.data.state : undefined;
      const applications = state.applications.filter((one) => wanted === undefined || one.state === wanted);
      return HttpResponse.json({ applications, counts: counts() });
    }),

    http.post(`*${MEMBERSHIP_PATHS.approve}`, ({ params }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const application = find(params.id);
      if (application === undefined) return notFound();
      if (!undecided(application)) return fail('conflict', MEMBERSHIP_MESSAGES.alreadyDecided(STATE_WORDS[application.state]), 409);
      const now = state.now();
      const number = Math.max(100, ...state.members.map((one) => one.number)) + 1;
      const member: WireMember = {
        number,
        name: application.name,
        address: application.address,
        eircode: application.eircode,
        phone: application.phone,
        email: application.email,
        branch: application.branch,
        background: application.background,
        nmbiPin: application.nmbiPin,
        status: 'active',
        joinedOn: now.toISOString().slice(0, 10),
        paidUntil: null,
        welcomeLetterToPost: application.email === null,
        createdAt: now.toISOString(),
      };
      state.members = [...state.members, member];
      const approved = change({ ...application, state: 'approved', memberNumber: number, decidedAt: now.toISOString(), decidedBy: state.signedInAs });
      return HttpResponse.json({ application: approved, member });
    }),

    http.post(`*${MEMBERSHIP_PATHS.decline}`, decideWithNote('declined')),
    http.post(`*${MEMBERSHIP_PATHS.moreInformation}`, decideWithNote('more-information')),

    http.get(`*${MEMBERSHIP_PATHS.applicationData}`, ({ params }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const application = find(params.id);
      if (application === undefined) return notFound();
      const member = state.members.find((one) => one.number === application.memberNumber) ?? null;
      return HttpResponse.json({ application, member, mail: [] });
    }),

    http.delete(`*${MEMBERSHIP_PATHS.application}`, ({ params }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const application = find(params.id);
      if (application === undefined) return notFound();
      state.applications = state.applications.filter((one) => one.id !== application.id);
      state.members = state.members.filter((one) => one.number !== application.memberNumber);
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(`*${MEMBERSHIP_PATHS.members}`, ({ request }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const letters = new URL(request.url).searchParams.get('welcomeLetterToPost') === 'true';
      return HttpResponse.json({ members: state.members.filter((one) => !letters || one.welcomeLetterToPost) });
    }),

    http.post(`*${MEMBERSHIP_PATHS.memberLetterPosted}`, ({ params }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const member = findMember(params.number);
      if (member === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.memberNotFound, 404);
      if (!member.welcomeLetterToPost) return fail('conflict', MEMBERSHIP_MESSAGES.letterNotWaiting, 409);
      const posted = { ...member, welcomeLetterToPost: false };
      state.members = state.members.map((one) => (one.number === member.number ? posted : one));
      return HttpResponse.json(posted);
    }),

    http.get(`*${MEMBERSHIP_PATHS.memberData}`, ({ params }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const member = findMember(params.number);
      if (member === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.memberNotFound, 404);
      return HttpResponse.json({ application: state.applications.find((one) => one.memberNumber === member.number) ?? null, member, mail: [] });
    }),

    http.delete(`*${MEMBERSHIP_PATHS.member}`, ({ params }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const member = findMember(params.number);
      if (member === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.memberNotFound, 404);
      state.members = state.members.filter((one) => one.number !== member.number);
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(`*${MEMBERSHIP_PATHS.branches}`, () => HttpResponse.json({ branches: state.branches })),

    http.post(`*${MEMBERSHIP_PATHS.branches}`, async ({ request }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const body = (await jsonBody(request)) as { name?: unknown };
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (name === '') return fail('invalid-input', MEMBERSHIP_MESSAGES.branchName, 400, { fieldErrors: { name: MEMBERSHIP_MESSAGES.branchName } });
      if (state.branches.some((one) => one.name.toLowerCase() === name.toLowerCase())) return fail('conflict', MEMBERSHIP_MESSAGES.branchNameTaken, 409);
      const added = { id: `b${state.branches.length + 1}`, name };
      state.branches = [...state.branches, added];
      return HttpResponse.json(added, { status: 201 });
    }),

    http.patch(`*${MEMBERSHIP_PATHS.branch}`, async ({ params, request }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const branch = state.branches.find((one) => one.id === params.id);
      if (branch === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.branchNotFound, 404);
      const body = (await jsonBody(request)) as { name?: unknown };
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (name === '') return fail('invalid-input', MEMBERSHIP_MESSAGES.branchName, 400, { fieldErrors: { name: MEMBERSHIP_MESSAGES.branchName } });
      if (state.branches.some((one) => one.id !== branch.id && one.name.toLowerCase() === name.toLowerCase())) return fail('conflict', MEMBERSHIP_MESSAGES.branchNameTaken, 409);
      const renamed = { ...branch, name };
      state.branches = state.branches.map((one) => (one.id === branch.id ? renamed : one));
      return HttpResponse.json(renamed);
    }),

    http.delete(`*${MEMBERSHIP_PATHS.branch}`, ({ params }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const branch = state.branches.find((one) => one.id === params.id);
      if (branch === undefined) return fail('not-found', MEMBERSHIP_MESSAGES.branchNotFound, 404);
      const applications = state.applications.filter((one) => one.branch?.id === branch.id).length;
      const members = state.members.filter((one) => one.branch?.id === branch.id).length;
      if (applications + members > 0) return fail('conflict', MEMBERSHIP_MESSAGES.branchInUse(applications, members), 409);
      state.branches = state.branches.filter((one) => one.id !== branch.id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
