// The texts the in-memory backend fails with, written as the real backends word them.
export const SIGN_IN_FAILED = 'The e-mail address or password is not correct.';
export const ADMIN_ONLY = 'Please sign in as an administrator to do this.';
export const POST_NOT_FOUND = 'This news post could not be found. It may have been removed.';
export const FILE_NOT_FOUND = 'This file could not be found. It may have been deleted already.';
export const FILE_EXISTS = 'A file with this name already exists here. Delete it first, or rename your file and upload it again.';
export const UPLOAD_CANCELED = 'The upload was cancelled. Nothing was stored.';
export const CHECK_THE_FORM = 'Please check the form and try again.';
export const MESSAGE_NOT_FOUND = 'This message could not be found. It may have been deleted already.';
export const EMAIL_NOT_SET_UP = 'E-mail is not set up on this website, so messages cannot be e-mailed. Please reply to the sender yourself.';
