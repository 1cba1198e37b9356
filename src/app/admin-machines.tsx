import { useMemo, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { CoreError } from '../../src-core/domain/core-error';
import { folderOfPath } from '../../src-core/domain/files';
import type { Post, PostVersion } from '../../src-core/domain/post';
import type { Folder } from '../../src-core/domain/stored-file';
import type { Credentials, SignInOutcome, User } from '../../src-core/domain/user';
import type { AssociationDetails } from '../../src-core/domain/association-details';
import { detailsMachine } from '../../src-core/machines/details.machine';
import { associationQuery } from '../lib/association.query';
import { deleteMachine, type DeleteItem } from '../../src-core/machines/delete.machine';
import { devicesMachine } from '../../src-core/machines/devices.machine';
import { trustedBrowsersMachine } from '../../src-core/machines/trusted-browsers.machine';
import { visitsSummaryMachine } from '../../src-core/machines/visits-summary.machine';
import { teamMachine, type TeamJob } from '../../src-core/machines/team.machine';
import { invitationMachine } from '../../src-core/machines/invitation.machine';
import type { InvitationDetails, TeamMember } from '../../src-core/domain/team';
import { NO_TEAM_HERE } from '../../src-core/domain/team';
import type { TeamPort } from '../../src-core/ports/team.port';
import { inboxMachine, type MarkRequest } from '../../src-core/machines/inbox.machine';
import type { ContactInbox, ReceivedContactMessage } from '../../src-core/domain/contact-message';
import type { Mailing, MailingPreview, Mailings, MailingSource, NewSubscriber, Subscriber, SubscriberRecord } from '../../src-core/domain/member-mail';
import { addSubscriberMachine } from '../../src-core/machines/add-subscriber.machine';
import { mailingMachine } from '../../src-core/machines/mailing.machine';
import { subscribersMachine } from '../../src-core/machines/subscribers.machine';
import type { MembershipAdminPort } from '../../src-core/ports/membership-admin.port';
import type { Approval } from '../../src-core/domain/membership-admin';
import { membershipMachine, type MembershipJob } from '../../src-core/machines/membership.machine';
import { memberEditMachine, type MemberEditInput } from '../../src-core/machines/member-edit.machine';
import { memberPaymentsMachine, type PaymentInput, type RemovePaymentInput } from '../../src-core/machines/member-payments.machine';
import { membershipSettingsMachine } from '../../src-core/machines/membership-settings.machine';
import { branchDetailsMachine } from '../../src-core/machines/branch-details.machine';
import type { Branch } from '../../src-core/domain/branches';
import { memberImportMachine, type ChosenFile } from '../../src-core/machines/member-import.machine';
import type { ImportResult, MemberDetail, MembershipSettings } from '../../src-core/domain/membership-admin';
import { eventDetailsMachine, type SaveDetailsInput } from '../../src-core/machines/event-details.machine';
import { bookingsAdminMachine, type BookingsAdminJob, type BookingsAdminOutcome } from '../../src-core/machines/bookings-admin.machine';
import type { BookingsAdminPort } from '../../src-core/ports/bookings.port';
import { bookingSummariesQuery, eventBookingsQuery } from '../views/admin/bookings.queries';
import { loginMachine } from '../../src-core/machines/login.machine';
import { passwordMachine, type PasswordChange } from '../../src-core/machines/password.machine';
import { secondStepMachine } from '../../src-core/machines/second-step.machine';
import { twoStepMachine } from '../../src-core/machines/two-step.machine';
import type { SignedInDevice, TwoStepEnrolment, TwoStepState } from '../../src-core/ports/account.port';
import { pdfCheckMachine } from '../../src-core/machines/pdf-check.machine';
import { postsMachine, type PostSubmission } from '../../src-core/machines/posts.machine';
import { pictureMachine } from '../../src-core/machines/picture.machine';
import type { PreparedPicture } from '../../src-core/domain/post-picture';
import { postVersionsMachine, type RestoreInput } from '../../src-core/machines/post-versions.machine';
import { uploadActorFor } from '../../src-core/machines/upload-actor';
import { uploadMachine } from '../../src-core/machines/upload.machine';
import { portOf, type Backend } from '../../src-core/ports/backend';
import { AdminMachinesProvider } from '../lib/admin-machines.context';
import { useBackend, useRouteDataCache } from '../lib/backend.context';
import type { AdminMachines } from '../lib/view-actions';
import { inspectChosenPdf } from '../lib/pdf-inspect.actor';
import type { RouteDataCache } from '../lib/route-data.cache';
import { filesQuery } from '../views/route.queries';
import { eventsChanged } from '../views/event.queries';
import { MEMBERSHIP_KEY, SUBSCRIBERS_KEY, adminBranchesQuery, allPostsQuery, detailsFormQuery, memberQuery, teamQuery, trustedBrowsersQuery, visitsQuery } from '../views/admin/admin.queries';

const NO_VISITS = 'This website does not count visits.';

const teamOf = (backend: Backend) => portOf(backend, 'team', NO_TEAM_HERE);

function runTeamJob(team: TeamPort, job: TeamJob): Promise<readonly TeamMember[]> {
  switch (job.kind) {
    case 'invite':
      return team.invite(job.email, job.role, job.branchId);
    case 'role':
      return team.changeRole(job.email, job.role, job.branchId);
    case 'suspend':
      return team.setSuspended(job.email, job.suspended);
    case 'remove':
      return team.remove(job.email);
  }
}

/** A folder's files changed: every page reading them loads them again, and the events' pages too. */
function folderChanged(folder: Folder, backend: Backend, cache: RouteDataCache): void {
  cache.invalidate(filesQuery(folder).key);
  if (folder === 'events') eventsChanged(cache, backend);
}

/** The lists that showed what was deleted load again, on the public pages too. */
function deletedFrom(item: DeleteItem, backend: Backend, cache: RouteDataCache): void {
  // 'post' covers the list ('posts') and every article ('post:id').
  if ('file' in item) folderChanged(folderOfPath(item.file.fullPath) ?? 'root', backend, cache);
  else {
    cache.invalidate('post');
    cache.invalidate(allPostsQuery().key);
  }
}

const postEditor = (backend: Backend) => portOf(backend, 'contentEditor', 'This backend cannot edit posts.');
const detailsEditor = (backend: Backend) => portOf(backend, 'associationEditor', "This backend cannot change the association's details.");
const inboxOf = (backend: Backend) => portOf(backend, 'contactInbox', 'This backend keeps no contact messages.');
const memberMailOf = (backend: Backend) => portOf(backend, 'memberMail', 'This website cannot send e-mail to members yet.');
const membershipOf = (backend: Backend) => portOf(backend, 'membershipAdmin', 'This website cannot take applications to join online yet.');
const bookingsAdminOf = (backend: Backend) => portOf(backend, 'bookingsAdmin', 'This website does not take bookings for events.');

function runBookingsJob(port: BookingsAdminPort, job: BookingsAdminJob): Promise<BookingsAdminOutcome> {
  switch (job.kind) {
    case 'saveSettings':
      return port.saveSettings(job.eventPath, job.settings);
    case 'addPhoneBooking':
      return port.addPhoneBooking(job.eventPath, job.request);
    case 'cancelBooking':
      return port.cancelBooking(job.id);
    case 'moveUp':
      return port.moveUp(job.id);
    case 'markPhoned':
      return port.markPhoned(job.id);
    case 'cancelEvent':
      return port.cancelEvent(job.eventPath, job.message);
    case 'saveGlobalSettings':
      return port.saveGlobalSettings(job.settings);
  }
}

function runMembershipJob(port: MembershipAdminPort, job: MembershipJob): Promise<Approval | undefined> {
  switch (job.kind) {
    case 'approve':
      return port.approve(job.id);
    case 'decline':
      return port.decline(job.id, job.note.trim()).then(() => undefined);
    case 'moreInformation':
      return port.askForMoreInformation(job.id, job.note.trim()).then(() => undefined);
    case 'eraseApplication':
      return port.eraseApplication(job.id).then(() => undefined);
    case 'eraseMember':
      return port.eraseMember(job.number).then(() => undefined);
    case 'letterPosted':
      return port.markWelcomeLetterPosted(job.number).then(() => undefined);
    case 'addBranch':
      return port.addBranch(job.name.trim()).then(() => undefined);
    case 'renameBranch':
      return port.renameBranch(job.id, job.name.trim()).then(() => undefined);
    case 'removeBranch':
      return port.removeBranch(job.id).then(() => undefined);
  }
}

/** The wire's names for the settings' fields are the form's own: the day and month, and the fee in euro. */
const SETTINGS_FIELDS: Readonly<Record<string, string>> = { yearStartsOn: 'day', feeCents: 'fee' };

async function saveSettings(port: MembershipAdminPort, settings: MembershipSettings): Promise<MembershipSettings> {
  try {
    return await port.saveSettings(settings);
  } catch (error) {
    if (!(error instanceof CoreError) || error.fieldErrors === undefined) throw error;
    const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([field, message]) => [SETTINGS_FIELDS[field] ?? field, message]));
    throw new CoreError(error.kind, error.message, { fieldErrors, cause: error });
  }
}

const accountOf = (backend: Backend) => portOf(backend, 'account', 'This backend has no account settings.');

/**
 * Turns a backend into the admin area's machines: its ports become their actors, the route data
 * cache learns what changed, and each view adds the few actions only it can do (its object's
 * members are named as the machine's actions, so they are provided as they are).
 */
export function createAdminMachines(backend: Backend, cache: RouteDataCache): AdminMachines {
  const { auth, storage } = backend;
  /** A member changed: the lists load again, and their own page in place. */
  const memberChanged = (number: number | null) => {
    cache.invalidate(MEMBERSHIP_KEY);
    if (number !== null) void cache.refresh(memberQuery(number), backend);
  };
  return {
    login: (view) =>
      loginMachine.provide({
        actors: { submit: fromPromise<SignInOutcome, Credentials>(({ input }) => auth.signIn(input)) },
        actions: { ...view },
      }),

    secondStep: (view) =>
      secondStepMachine.provide({
        actors: { submit: fromPromise<User, string>(({ input }) => auth.completeSecondStep(input, { trustBrowser: view.trustBrowser() })) },
        actions: { ...view },
      }),

    twoStep: (view) =>
      twoStepMachine.provide({
        actors: {
          loadState: fromPromise<TwoStepState>(() => accountOf(backend).twoStepState()),
          start: fromPromise<TwoStepEnrolment>(() => accountOf(backend).startTwoStepEnrolment()),
          submit: fromPromise<readonly string[], string>(({ input }) => accountOf(backend).confirmTwoStepEnrolment(input)),
          turnOff: fromPromise<void, string>(({ input }) => accountOf(backend).turnOffTwoStep(input)),
        },
        actions: { ...view },
      }),

    devices: (view) =>
      devicesMachine.provide({
        actors: {
          list: fromPromise<readonly SignedInDevice[]>(() => accountOf(backend).listDevices()),
          end: fromPromise<void, string>(({ input }) => accountOf(backend).signOutDevice(input)),
          endOthers: fromPromise<number>(() => accountOf(backend).signOutOtherDevices()),
        },
        actions: { ...view },
      }),

    inbox: (view) =>
      inboxMachine.provide({
        actors: {
          list: fromPromise<ContactInbox>(() => inboxOf(backend).listMessages()),
          mark: fromPromise<ReceivedContactMessage, MarkRequest>(({ input }) => inboxOf(backend).markHandled(input.id, input.handled)),
          sendAgain: fromPromise<ReceivedContactMessage, string>(({ input }) => inboxOf(backend).sendAgain(input)),
          remove: fromPromise<void, string>(({ input }) => inboxOf(backend).deleteMessage(input)),
        },
        actions: { ...view, focusDeleteButton: (_, { id }) => view.focusDeleteButton(id) },
      }),

    addSubscriber: (view) =>
      addSubscriberMachine.provide({
        actors: { submit: fromPromise<Subscriber, NewSubscriber>(({ input }) => memberMailOf(backend).addSubscriber(input)) },
        actions: { onAdded: () => cache.invalidate(SUBSCRIBERS_KEY), ...view },
      }),

    subscribers: (view) =>
      subscribersMachine.provide({
        actors: {
          loadRecord: fromPromise<SubscriberRecord, string>(({ input }) => memberMailOf(backend).subscriberRecord(input)),
          remove: fromPromise<void, string>(({ input }) => memberMailOf(backend).removeSubscriber(input)),
          erase: fromPromise<void, string>(({ input }) => memberMailOf(backend).eraseSubscriber(input)),
        },
        actions: { ...view, onChanged: () => cache.invalidate(SUBSCRIBERS_KEY), focusButton: (_, { id, action }) => view.focusButton(id, action) },
      }),

    mailing: (view) =>
      mailingMachine.provide({
        actors: {
          list: fromPromise<Mailings>(() => memberMailOf(backend).listMailings()),
          create: fromPromise<Mailing, MailingSource>(({ input }) => memberMailOf(backend).createMailing(input)),
          preview: fromPromise<MailingPreview, string>(({ input }) => memberMailOf(backend).previewMailing(input)),
          test: fromPromise<void, string>(({ input }) => memberMailOf(backend).sendTest(input)),
          send: fromPromise<Mailing, string>(({ input }) => memberMailOf(backend).sendMailing(input)),
          pause: fromPromise<Mailing, string>(({ input }) => memberMailOf(backend).pauseMailing(input)),
          resume: fromPromise<Mailing, string>(({ input }) => memberMailOf(backend).resumeMailing(input)),
          check: fromPromise<Mailing, string>(({ input }) => memberMailOf(backend).getMailing(input)),
        },
        actions: { ...view },
      }),

    membership: (view) =>
      membershipMachine.provide({
        actors: { run: fromPromise<Approval | undefined, MembershipJob>(({ input }) => runMembershipJob(membershipOf(backend), input)) },
        actions: {
          onChanged: () => cache.invalidate(MEMBERSHIP_KEY),
          focusNotice: () => view.focusNotice(),
          focusProblem: (_, { target }) => view.focusProblem(target),
          focusButton: (_, { target, kind }) => view.focusButton(target, kind),
        },
      }),

    memberEdit: (view) =>
      memberEditMachine.provide({
        actors: { submit: fromPromise<MemberDetail, MemberEditInput>(({ input }) => membershipOf(backend).editMember(input.number, input.edit)) },
        actions: { onSaved: ({ context }) => memberChanged(context.number), ...view },
      }),

    memberPayments: (view) =>
      memberPaymentsMachine.provide({
        actors: {
          submit: fromPromise<MemberDetail, PaymentInput>(({ input }) => membershipOf(backend).recordPayment(input.number, input.payment)),
          remove: fromPromise<MemberDetail, RemovePaymentInput>(({ input }) => membershipOf(backend).removePayment(input.number, input.paymentId)),
        },
        actions: { ...view, onSaved: ({ context }) => memberChanged(context.number), focusRemoveButton: (_, { paymentId }) => view.focusRemoveButton(paymentId) },
      }),

    membershipSettings: (view) =>
      membershipSettingsMachine.provide({
        actors: { submit: fromPromise<MembershipSettings, MembershipSettings>(({ input }) => saveSettings(membershipOf(backend), input)) },
        actions: { onSaved: () => cache.invalidate(MEMBERSHIP_KEY), ...view },
      }),

    branchDetails: (view) =>
      branchDetailsMachine.provide({
        actors: { submit: fromPromise<Branch, Branch>(({ input }) => membershipOf(backend).changeBranch(input)) },
        actions: {
          onSaved: () => {
            // The public pages read the branches too: theirs load afresh when next shown. The list
            // here loads again in place, so the form and its notice stay on screen.
            for (const key of ['branches', 'branch:', 'events:']) cache.invalidate(key);
            void cache.refresh(adminBranchesQuery(), backend);
          },
          ...view,
        },
      }),

    memberImport: (view) =>
      memberImportMachine.provide({
        actors: {
          // Read in the browser: the file itself is never sent, only its text.
          read: fromPromise<string, ChosenFile>(({ input }) => input.text()),
          preview: fromPromise<ImportResult, string>(({ input }) => membershipOf(backend).previewImport(input)),
          import: fromPromise<ImportResult, string>(({ input }) => membershipOf(backend).importMembers(input)),
        },
        actions: { onImported: () => cache.invalidate(MEMBERSHIP_KEY), ...view },
      }),

    bookingsAdmin: (view) =>
      bookingsAdminMachine.provide({
        actors: { run: fromPromise<BookingsAdminOutcome, BookingsAdminJob>(({ input }) => runBookingsJob(bookingsAdminOf(backend), input)) },
        actions: {
          // The counts and the event's lists load again with the old ones on screen, so nothing
          // leaves the page meanwhile.
          onChanged: (_, { eventPath }) => {
            void cache.refresh(bookingSummariesQuery(), backend);
            if (eventPath !== null) void cache.refresh(eventBookingsQuery(eventPath), backend);
          },
          focusNotice: () => view.focusNotice(),
          focusProblem: (_, { target }) => view.focusProblem(target),
          focusButton: (_, { target }) => view.focusButton(target),
          jobDone: (_, { kind }) => {
            if (kind === 'saveSettings') view.settingsSaved();
          },
        },
      }),

    trustedBrowsers: (view) =>
      trustedBrowsersMachine.provide({
        actors: { end: fromPromise<void, string>(({ input }) => accountOf(backend).forgetTrustedBrowser(input)) },
        actions: {
          ended: () => void cache.refresh(trustedBrowsersQuery(), backend),
          ...view,
        },
      }),

    visitsSummary: (view) =>
      visitsSummaryMachine.provide({
        actors: {
          save: fromPromise<void, boolean>(({ input }) => portOf(backend, 'visits', NO_VISITS).setSummaryByEmail(input)),
        },
        actions: { saved: () => void cache.refresh(visitsQuery(), backend), ...view },
      }),

    team: (view) =>
      teamMachine.provide({
        actors: { run: fromPromise<readonly TeamMember[], TeamJob>(({ input }) => runTeamJob(teamOf(backend), input)) },
        actions: { changed: () => void cache.refresh(teamQuery(), backend), ...view },
      }),

    invitation: (view) =>
      invitationMachine.provide({
        actors: {
          lookUp: fromPromise<InvitationDetails, string>(({ input }) => teamOf(backend).lookUpInvitation(input)),
          accept: fromPromise<unknown, { token: string; password: string }>(({ input }) => teamOf(backend).acceptInvitation(input.token, input.password)),
        },
        actions: { ...view },
      }),

    password: (view) =>
      passwordMachine.provide({
        actors: {
          submit: fromPromise<void, PasswordChange>(({ input }) => accountOf(backend).changePassword(input.currentPassword, input.newPassword)),
        },
        actions: { ...view },
      }),

    upload: (view) =>
      uploadMachine.provide({
        actors: { upload: uploadActorFor(storage) },
        actions: {
          // OK on the popup signs the administrator out, as docs/behaviour.md#uploads says.
          signOut: () => {
            auth.signOut().catch((error: unknown) => console.warn('Signing out failed.', error));
          },
          // The public pages and the delete list read this folder through the cache.
          onUploaded: ({ context }) => folderChanged(context.folder, backend, cache),
          ...view,
        },
      }),

    delete: (view) =>
      deleteMachine.provide({
        actors: {
          deleteItem: fromPromise<void, DeleteItem>(async ({ input }) =>
            'file' in input ? storage.deleteFile(input.file.fullPath) : postEditor(backend).deletePost(input.post.id),
          ),
        },
        actions: {
          onDeleted: ({ context }) => {
            deletedFrom(context.item, backend, cache);
            view.deleted();
          },
          focusDeleteButton: () => view.focusDeleteButton(),
        },
      }),

    // Reads the chosen PDF in the browser (nothing is sent), the same on both backends.
    pdfCheck: () => pdfCheckMachine.provide({ actors: { inspect: inspectChosenPdf } }),
    eventDetails: (view) =>
      eventDetailsMachine.provide({
        actors: {
          saveDetails: fromPromise<unknown, SaveDetailsInput>(({ input }) => backend.events.saveDetails(input.fullPath, input.details, input.branch)),
        },
        actions: {
          // Every page showing events, public or here, loads them again.
          onSaved: () => eventsChanged(cache, backend),
          ...view,
        },
      }),

    posts: (view) =>
      postsMachine.provide({
        actors: {
          submit: fromPromise<Post, PostSubmission>(async ({ input: { id, draft } }) =>
            id === null ? postEditor(backend).createPost(draft) : postEditor(backend).updatePost(id, draft),
          ),
        },
        actions: {
          onSaved: () => {
            cache.invalidate('post');
            cache.invalidate(allPostsQuery().key);
          },
          ...view,
        },
      }),

    postVersions: (view) =>
      postVersionsMachine.provide({
        actors: {
          loadVersions: fromPromise<PostVersion[], string>(({ input }) => postEditor(backend).listVersions(input)),
          restoreVersion: fromPromise<Post, RestoreInput>(({ input }) => postEditor(backend).restoreVersion(input.postId, input.number)),
        },
        actions: {
          onRestored: (_, { post }) => {
            cache.invalidate('post');
            cache.invalidate(allPostsQuery().key);
            view.restored(post);
          },
          focusNotice: view.focusNotice,
        },
      }),

    picture: (view) =>
      pictureMachine.provide({
        actors: { prepare: fromPromise<PreparedPicture, Blob>(({ input, signal }) => postEditor(backend).preparePicture(input, { signal })) },
        actions: { onPrepared: (_, { picture }) => view.onPrepared(picture), focusRefusal: () => view.focusRefusal() },
      }),

    details: (view) =>
      detailsMachine.provide({
        actors: {
          submit: fromPromise<AssociationDetails, AssociationDetails>(({ input }) => detailsEditor(backend).saveDetails(input)),
        },
        actions: {
          // Every page's footer reads them through the cache; the form's copy loads again in place.
          onSaved: () => {
            cache.invalidate(associationQuery().key);
            void cache.refresh(detailsFormQuery(), backend);
          },
          ...view,
        },
      }),
  };
}

/** Wraps an admin page (login or admin area) in its machines, made from the app's backend and cache. */
export function WithAdminMachines({ children }: { readonly children: ReactNode }) {
  const backend = useBackend();
  const cache = useRouteDataCache();
  const machines = useMemo(() => createAdminMachines(backend, cache), [backend, cache]);
  return <AdminMachinesProvider machines={machines}>{children}</AdminMachinesProvider>;
}
