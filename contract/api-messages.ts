/**
 * The texts the self-hosted API responds with, shared by the server and its MSW stand-in so a
 * view test sees exactly what a volunteer would. The core's validation messages are used as they are.
 */
export const API_MESSAGES = {
  postNotFound: 'This news post could not be found. It may have been removed.',
  postVersionNotFound: 'That version of the news post could not be found.',
  fileNotFound: 'This file could not be found. It may have been deleted already.',
  notFound: 'This could not be found.',
  signInRequired: 'Please sign in as an administrator to do this.',
  forbidden: 'Your account is not an administrator account, so it cannot do this.',
  notYourRole: 'Your role does not include this. Please ask an administrator if you need it.',
  accountSuspended: 'This account is suspended. Please ask an administrator if you need it again.',
  invitationsNeedEmail: 'E-mail is not set up on this website, so invitations cannot be sent.',
  lastAdministrator: 'This is the last active administrator, so it must stay one. Make someone else an administrator first.',
  fixedAdministrator: 'This address is named in the server settings (ADMIN_EMAILS), so it stays an administrator.',
  notYourself: 'You cannot change your own role, suspend or remove yourself here.',
  alreadyInTeam: 'This address already has an account.',
  branchNeeded: 'Please choose the branch this branch officer looks after.',
  notYourBranch: 'This belongs to another branch, or to the whole association, and your role covers only your own branch.',
  ownBranchOnly: 'As a branch officer you can put this only in your own branch.',
  eventFilesOnly: "As a branch officer you can upload and delete your own branch's events only. Other files stay with an administrator or editor.",
  branchPageOnly:
    "As a branch officer you can change where and when your branch meets, its contact and its description. Its name, web address, counties and whether it is active stay with an administrator.",
  branchHasOfficer: 'A branch officer looks after this branch. Give them another branch or role on the Team page first.',
  accountNotFound: 'This account could not be found. It may have been removed already.',
  invitationGone: 'This invitation link has already been used or has expired. Please ask an administrator to send you a new one.',
  signInFailed: 'The e-mail address or password is not right. Please try again.',
  tooManySignIns: 'Too many sign-in attempts. Please wait a while and try again.',
  tooManyMessages: 'You have sent several messages in the last hour. Please wait a while before sending another.',
  tooManyFromConnection:
    'A great many messages have come from your internet connection in the last hour. Please wait a while before sending another.',
  tooManySearches: 'You have searched a great many times in the last minute. Please wait a moment and try again.',
  messageNotFound: 'This message could not be found. It may have been deleted already.',
  emailNotSetUp: 'E-mail is not set up on this website, so messages cannot be e-mailed. Please reply to the sender yourself.',
  alreadySent: 'This message has been e-mailed already, or is waiting to be, so it is not sent again.',
  busy: 'The website is busy right now. Please try again in a moment.',
  diskFull:
    'The website has run out of storage space, so this was not saved. Please try again later. If it keeps happening, tell whoever looks after the website.',
  storageUnavailable:
    'The website could not save this just now. Please try again in a few minutes. If it keeps happening, tell whoever looks after the website.',
  crossOrigin: 'This request came from another website and was refused.',
  invalidRequest: 'Something in the request was not accepted. Please check it and try again.',
  unavailable: 'Something went wrong on the website. Please try again in a moment.',
  invalidPath: 'This is not a valid file address.',
  wrongUploadEncoding: 'This upload was not sent the way the website sends files, so it was refused.',
  mustSetUpTwoStep: 'Please set up two-step sign-in before using the admin area.',
  wrongCode: 'That code is not right. Please type the 6 numbers your app shows now, or one of your recovery codes.',
  wrongEnrolmentCode: 'That code is not right. Please type the 6 numbers your app shows now for this website.',
  noEnrolment: 'Please start setting up two-step sign-in again.',
  secondStepExpired: 'Signing in took too long. Please enter your e-mail address and password again.',
  tooManyCodes: 'Too many wrong codes. Please wait a while and try again.',
  wrongCurrentPassword: 'Your current password is not right. Nothing was changed.',
  twoStepRequired: 'Two-step sign-in is required on this website, so it cannot be turned off.',
  sessionNotFound: 'This device is not signed in any more.',
  emptyFile: 'This file is empty. Please choose another file.',
  pictureNotFound: 'This picture could not be found. Please attach it again.',
  pictureNotReady: 'The picture is still being prepared. Please wait until it shows, then save the post.',
  pictureRefused: 'This picture was not accepted. Please attach another picture.',
  eventNotFound: 'This event could not be found. It may have been removed.',
  eventDetailsElsewhere: 'Only files in the Events folder can have event details.',
  fileExists: (name: string) =>
    `A file called '${name}' already exists here. Delete it first, or rename your file and upload it again.`,
  fileTooLarge: (limit: string) =>
    `This file is larger than ${limit}, the largest file you can upload. Please choose a smaller file.`,
  wrongFileType: (allowed: string) =>
    `This file is not a ${allowed} file, or it is damaged. Only ${allowed} files can be uploaded here.`,
} as const;
