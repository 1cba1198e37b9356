import type { Post } from '../../src-core/domain/post';
import type { contactMachine } from '../../src-core/machines/contact.machine';
import type { detailsMachine } from '../../src-core/machines/details.machine';
import type { deleteMachine } from '../../src-core/machines/delete.machine';
import type { eventDetailsMachine } from '../../src-core/machines/event-details.machine';
import type { loginMachine } from '../../src-core/machines/login.machine';
import type { menuMachine } from '../../src-core/machines/menu.machine';
import type { secondStepMachine } from '../../src-core/machines/second-step.machine';
import type { passwordMachine } from '../../src-core/machines/password.machine';
import type { twoStepMachine } from '../../src-core/machines/two-step.machine';
import type { devicesMachine } from '../../src-core/machines/devices.machine';
import type { trustedBrowsersMachine } from '../../src-core/machines/trusted-browsers.machine';
import type { visitsSummaryMachine } from '../../src-core/machines/visits-summary.machine';
import type { teamMachine } from '../../src-core/machines/team.machine';
import type { invitationMachine } from '../../src-core/machines/invitation.machine';
import type { inboxMachine } from '../../src-core/machines/inbox.machine';
import type { addSubscriberMachine } from '../../src-core/machines/add-subscriber.machine';
import type { mailingMachine } from '../../src-core/machines/mailing.machine';
import type { SubscriberAction, subscribersMachine } from '../../src-core/machines/subscribers.machine';
import type { MembershipJobKind, membershipMachine } from '../../src-core/machines/membership.machine';
import type { memberEditMachine } from '../../src-core/machines/member-edit.machine';
import type { memberPaymentsMachine } from '../../src-core/machines/member-payments.machine';
import type { membershipSettingsMachine } from '../../src-core/machines/membership-settings.machine';
import type { branchDetailsMachine } from '../../src-core/machines/branch-details.machine';
import type { memberImportMachine } from '../../src-core/machines/member-import.machine';
import type { bookingsAdminMachine } from '../../src-core/machines/bookings-admin.machine';
import type { pdfCheckMachine } from '../../src-core/machines/pdf-check.machine';
import type { postsMachine } from '../../src-core/machines/posts.machine';
import type { pictureMachine } from '../../src-core/machines/picture.machine';
import type { PreparedPicture } from '../../src-core/domain/post-picture';
import type { postVersionsMachine } from '../../src-core/machines/post-versions.machine';
import type { uploadMachine } from '../../src-core/machines/upload.machine';

/*
 * What only a view can do for a machine: move focus to one of its elements, go to another page,
 * read a field it owns. A view passes one of these objects, once, to the composition root's
 * factory (`useMachines().contact({...})`), whose provided actions call it; the machine itself
 * only names the moment (see each machine's header). A focus move whose element the new state
 * draws goes through `useAfterRender`, so it lands on what React has drawn for that state.
 */

/** A form's focus moves: the first field marked invalid, or the backend's refusal. */
interface FormViewActions {
  focusFieldToFix(): void;
  focusFailure(): void;
}

export interface TeamViewActions extends Pick<FormViewActions, 'focusFailure'> {
  /** The invitation went: the form empties. */
  invited(): void;
  focusNotice(): void;
}

export interface InvitationViewActions extends Pick<FormViewActions, 'focusFailure'> {
  /** The account is made and signed in: on to the admin area. */
  accepted(): void;
}

export interface MenuViewActions {
  focusToggle(): void;
}

export interface ContactViewActions extends Pick<FormViewActions, 'focusFieldToFix'> {
  /** The hidden trap field as the message is sent: people never fill it, robots do. */
  trapValue(): string;
  focusOutcome(): void;
}

export interface JoinViewActions extends FormViewActions {
  /** The hidden trap field as the application is sent: people never fill it, robots do. */
  trapValue(): string;
  /** Accepted: the thanks page. */
  showThanks(): void;
}

/** A sign-in that reaches the admin area. */
interface SignInViewActions extends FormViewActions {
  showAdminArea(): void;
}

export interface SecondStepViewActions extends SignInViewActions {
  /** Whether the administrator chose to trust this browser (a checkbox the machine does not need to know). */
  trustBrowser(): boolean;
}

export interface LoginViewActions extends SignInViewActions {
  /** The password was right and the sign-in waits for a code: the code field. */
  showSecondStep(): void;
  /** 'Start again' from the code: the e-mail field. */
  showPasswordStep(): void;
}

export interface TrustedBrowsersViewActions extends Pick<FormViewActions, 'focusFailure'> {
  focusNotice(): void;
}

/** The association's details and the password: after a save, the notice that says so. */
export interface DetailsViewActions extends FormViewActions {
  focusNotice(): void;
}

export type PasswordViewActions = DetailsViewActions;

export interface PictureViewActions {
  onPrepared(picture: PreparedPicture): void;
  focusRefusal(): void;
}

export interface PostsViewActions extends DetailsViewActions {
  focusEditor(): void;
}

/** A post's earlier versions: where a restore is announced, and what the editor does with the restored post. */
export interface PostVersionsViewActions {
  focusNotice(): void;
  restored(post: Post): void;
}

export interface TwoStepViewActions extends FormViewActions {
  /** The new key and its QR code are shown: the key's heading. */
  focusEnrolment(): void;
  /** The recovery codes are shown, once. */
  focusRecoveryCodes(): void;
  /** Two-step sign-in was turned on or off: the section's status. */
  focusStatus(): void;
  /** The password field for turning it off. */
  focusTurnOff(): void;
}

export type DevicesViewActions = TrustedBrowsersViewActions;

export interface InboxViewActions {
  /** A message was deleted: the notice that says so. */
  focusNotice(): void;
  /** Deleting it was declined: that message's Delete button. */
  focusDeleteButton(messageId: string): void;
}

export interface AddSubscriberViewActions extends Pick<FormViewActions, 'focusFieldToFix' | 'focusFailure'> {
  /** The address was added: the notice that says so. */
  focusNotice(): void;
}

export interface SubscribersViewActions {
  focusNotice(): void;
  /** 'What we keep' loaded: the record's heading. */
  focusRecord(): void;
  /** A question was declined: the button that asked it. */
  focusButton(subscriberId: string, action: SubscriberAction): void;
}

export interface MembershipViewActions {
  /** A job was done: the notice that says what happened. */
  focusNotice(): void;
  /** A job was refused: the message beside what caused it (`target` as jobTarget names it). */
  focusProblem(target: string): void;
  /** A question was declined: the button that asked it. */
  focusButton(target: string, kind: MembershipJobKind): void;
}

export interface MemberEditViewActions extends DetailsViewActions {
  /** Marking the member deceased was declined: the status field. */
  focusStatus(): void;
}

export interface MemberPaymentsViewActions extends DetailsViewActions {
  /** Removing a payment was declined: its Remove button. */
  focusRemoveButton(paymentId: string): void;
}

export interface MemberImportViewActions {
  /** The preview (or a refused import's problems) is shown: its heading. */
  focusPreview(): void;
  /** The members were imported: the message that says how many. */
  focusOutcome(): void;
  /** The file could not be read or sent: the message that says so. */
  focusProblem(): void;
}

export interface BookingsAdminViewActions {
  /** A job was done: the notice that says what happened. */
  focusNotice(): void;
  /** A job was refused: the message beside what caused it (`target` as bookingsJobTarget names it). */
  focusProblem(target: string): void;
  /** A question was declined: the button that asked it. */
  focusButton(target: string): void;
  /** An event's booking settings were saved: their form closes. */
  settingsSaved(): void;
}

export interface MailingViewActions {
  focusPreview(): void;
  focusProgress(): void;
  focusNotice(): void;
  focusProblem(): void;
  focusSendButton(): void;
}

export interface UploadViewActions {
  focusUploadButton(): void;
  clearFileInput(): void;
  focusFileInput(): void;
}

export interface DeleteViewActions {
  focusDeleteButton(): void;
  /** Gone from the backend; the lists that showed it are already reloading. */
  deleted(): void;
}

export interface EventDetailsViewActions extends Pick<FormViewActions, 'focusFieldToFix'> {
  /** The form opened: its first box. */
  focusEditor(): void;
  /** The form closed (saved or canceled): the button that opens it. */
  focusOpenButton(): void;
}

/**
 * The machines of the public pages, provided with the backend's actors by the composition root
 * (src/app/public-machines.ts): a view asks for its machine with its own few actions and then only
 * sends events and reads state.
 */
export interface Machines {
  readonly menu: (view: MenuViewActions) => ReturnType<typeof menuMachine>;
  readonly contact: (view: ContactViewActions) => ReturnType<typeof contactMachine>;
}

/**
 * The admin area's machines, the same way (src/app/admin-machines.tsx). They come with the admin
 * area's code, so a visitor's page never downloads them.
 */
export interface AdminMachines {
  readonly login: (view: LoginViewActions) => typeof loginMachine;
  readonly upload: (view: UploadViewActions) => typeof uploadMachine;
  /** Deletes a stored file or a news post, whichever its input names. */
  readonly delete: (view: DeleteViewActions) => typeof deleteMachine;
  readonly posts: (view: PostsViewActions) => typeof postsMachine;
  /** A post's picture, sent and prepared by the server, then handed to the posts machine. */
  readonly picture: (view: PictureViewActions) => typeof pictureMachine;
  /** The earlier versions of the post being edited (self-hosted). */
  readonly postVersions: (view: PostVersionsViewActions) => typeof postVersionsMachine;
  /** The association's details (self-hosted; the hosted backend sets them in its build). */
  readonly details: (view: DetailsViewActions) => typeof detailsMachine;
  /** Reads a chosen PDF for what a screen reader needs; it only warns. */
  readonly pdfCheck: () => typeof pdfCheckMachine;
  /** Adds or changes one listed event file's details. */
  readonly eventDetails: (view: EventDetailsViewActions) => typeof eventDetailsMachine;
  /** The code that finishes a two-step sign-in. */
  readonly secondStep: (view: SecondStepViewActions) => typeof secondStepMachine;
  /** The administrator's own account (self-hosted): two-step sign-in, devices, password. */
  readonly twoStep: (view: TwoStepViewActions) => typeof twoStepMachine;
  readonly devices: (view: DevicesViewActions) => typeof devicesMachine;
  /** Stopping trust in a browser; the list is route data (trustedBrowsersQuery). */
  readonly trustedBrowsers: (view: TrustedBrowsersViewActions) => typeof trustedBrowsersMachine;
  readonly password: (view: PasswordViewActions) => typeof passwordMachine;
  /** The monthly visits summary by e-mail (self-hosted); the counts are route data (visitsQuery). */
  readonly visitsSummary: (view: Pick<FormViewActions, 'focusFailure'>) => typeof visitsSummaryMachine;
  /** The team (self-hosted): invitations, roles, suspending and removing; the list is route data (teamQuery). */
  readonly team: (view: TeamViewActions) => typeof teamMachine;
  /** The page an invitation e-mail links to: choosing a password accepts it. */
  readonly invitation: (view: InvitationViewActions) => typeof invitationMachine;
  /** The contact messages (self-hosted): one actor, shared by the inbox and the page's contents. */
  readonly inbox: (view: InboxViewActions) => typeof inboxMachine;
  /** E-mail to members (self-hosted): adding an address by hand, one address's record, removing, erasing. */
  readonly addSubscriber: (view: AddSubscriberViewActions) => typeof addSubscriberMachine;
  readonly subscribers: (view: SubscribersViewActions) => typeof subscribersMachine;
  /** Choosing, previewing and sending a mailing, and following its progress. */
  readonly mailing: (view: MailingViewActions) => typeof mailingMachine;
  /** Joining online (self-hosted): deciding applications, welcome letters, erasure and branches. */
  readonly membership: (view: MembershipViewActions) => typeof membershipMachine;
  /** One member's details, their payments, the renewal settings and the import of a CSV list. */
  readonly memberEdit: (view: MemberEditViewActions) => typeof memberEditMachine;
  readonly memberPayments: (view: MemberPaymentsViewActions) => typeof memberPaymentsMachine;
  readonly membershipSettings: (view: DetailsViewActions) => typeof membershipSettingsMachine;
  readonly branchDetails: (view: DetailsViewActions) => typeof branchDetailsMachine;
  readonly memberImport: (view: MemberImportViewActions) => typeof memberImportMachine;
  /** An event's bookings (self-hosted): settings, phone bookings, cancelling, the waiting list. */
  readonly bookingsAdmin: (view: BookingsAdminViewActions) => typeof bookingsAdminMachine;
}
