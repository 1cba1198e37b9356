import { expect, test } from 'vitest';
import { UNUSABLE_FILE_NAME } from './files';
import {
  hasErrors,
  LIMITS,
  validateContact,
  validateLogin,
  validatePassword,
  validatePostDraft,
  validateUpload,
} from './validation';

const contact = { name: 'Mary Byrne', email: 'mary@example.org', message: 'When is the next branch meeting?' };
const MB = 1024 * 1024;
const pdf = (size = 1000, name = 'form.pdf') => ({ name, size, type: 'application/pdf' });

test('the limits are those the forms and the server share', () => {
  expect(LIMITS).toEqual({ name: 200, email: 254, message: 5000, title: 200, body: 20000, passwordMin: 12, passwordMax: 128 });
});

test('a complete contact message has no errors', () => {
  expect(validateContact(contact)).toEqual({});
  expect(hasErrors(validateContact(contact))).toBe(false);
});

test('every empty contact field is named with its own message', () => {
  const errors = validateContact({ name: '', email: '', message: '' });

  expect(errors).toEqual({
    name: 'Please enter your name.',
    email: 'Please enter your e-mail address.',
    message: 'Please enter a message.',
  });
  expect(hasErrors(errors)).toBe(true);
});

test('fields of only spaces count as empty', () => {
  expect(validateContact({ name: '  ', email: ' \t', message: '\n\n' })).toEqual({
    name: 'Please enter your name.',
    email: 'Please enter your e-mail address.',
    message: 'Please enter a message.',
  });
});

test('an e-mail address must look like one', () => {
  for (const email of ['mary', 'mary@', '@example.org', 'mary@example', 'mary byrne@example.org', 'a@b@example.org', 'mary@example..org', 'mary@.org']) {
    expect(validateContact({ ...contact, email }).email).toBe('Please enter a valid e-mail address, like name@example.org.');
  }
});

test('an upper-case or padded e-mail address is fine', () => {
  expect(validateContact({ ...contact, email: '  MARY.Byrne@Example.ORG  ' })).toEqual({});
});

test('a name of 200 characters is accepted and 201 refused', () => {
  expect(validateContact({ ...contact, name: 'n'.repeat(200) })).toEqual({});
  expect(validateContact({ ...contact, name: 'n'.repeat(201) })).toEqual({
    name: 'Please keep your name to 200 characters or fewer.',
  });
});

test('an e-mail address of 254 characters is accepted and 255 refused', () => {
  const local = 'm'.repeat(254 - '@example.org'.length);

  expect(validateContact({ ...contact, email: `${local}@example.org` })).toEqual({});
  expect(validateContact({ ...contact, email: `${local}m@example.org` })).toEqual({
    email: 'Please keep your e-mail address to 254 characters or fewer.',
  });
});

test('a message of 5000 characters is accepted and 5001 refused', () => {
  expect(validateContact({ ...contact, message: 'm'.repeat(5000) })).toEqual({});
  expect(validateContact({ ...contact, message: 'm'.repeat(5001) })).toEqual({
    message: 'Please keep your message to 5,000 characters or fewer.',
  });
});

test('surrounding spaces do not count towards a limit', () => {
  expect(validateContact({ ...contact, name: `  ${'n'.repeat(200)}  ` })).toEqual({});
});

test('a complete login has no errors', () => {
  expect(validateLogin({ email: 'secretary@example.org', password: 'x' })).toEqual({});
});

test('an empty login names both fields', () => {
  expect(validateLogin({ email: '', password: '' })).toEqual({
    email: 'Please enter your e-mail address.',
    password: 'Please enter your password.',
  });
});

test('a login e-mail must look like an address', () => {
  expect(validateLogin({ email: 'secretary', password: 'secret' })).toEqual({
    email: 'Please enter a valid e-mail address, like name@example.org.',
  });
});

test('a password of spaces is still a password the backend must judge', () => {
  expect(validateLogin({ email: 'secretary@example.org', password: '   ' })).toEqual({});
});

test('a new password needs 12 to 128 characters', () => {
  expect(validatePassword('p'.repeat(11))).toBe('Please choose a password of at least 12 characters.');
  expect(validatePassword('p'.repeat(12))).toBeNull();
  expect(validatePassword('p'.repeat(128))).toBeNull();
  expect(validatePassword('p'.repeat(129))).toBe('Please choose a password of at most 128 characters.');
});

test('a post needs a title and a body', () => {
  expect(validatePostDraft({ title: 'AGM', body: 'Agenda' })).toEqual({});
  expect(validatePostDraft({ title: ' ', body: '' })).toEqual({
    title: 'Please enter a title.',
    body: 'Please enter the text of the post.',
  });
});

test('a post title may have 200 characters and a body 20,000', () => {
  expect(validatePostDraft({ title: 't'.repeat(200), body: 'b'.repeat(20000) })).toEqual({});
  expect(validatePostDraft({ title: 't'.repeat(201), body: 'b'.repeat(20001) })).toEqual({
    title: 'Please keep the title to 200 characters or fewer.',
    body: 'Please keep the text to 20,000 characters or fewer.',
  });
});

test('an upload needs a chosen file', () => {
  expect(validateUpload(null, { folder: 'root', maxBytes: MB })).toBe('Please choose a file to upload.');
});

test('a PDF within the limit may be uploaded to any folder', () => {
  expect(validateUpload(pdf(), { folder: 'root', maxBytes: MB })).toBeNull();
  expect(validateUpload(pdf(), { folder: 'events', maxBytes: MB })).toBeNull();
  expect(validateUpload(pdf(), { folder: 'newsletters', maxBytes: MB })).toBeNull();
});

test('a Word document may go to the root only', () => {
  const docx = { name: 'Membership Form.DOCX', size: 5000, type: '' };
  const doc = { name: 'Form.doc', size: 5000, type: 'application/octet-stream' };

  expect(validateUpload(docx, { folder: 'root', maxBytes: MB })).toBeNull();
  expect(validateUpload(doc, { folder: 'root', maxBytes: MB })).toBeNull();
  expect(validateUpload(docx, { folder: 'events', maxBytes: MB })).toBe(
    'Only PDF files can be uploaded here. Please choose another file.',
  );
});

test('a file of another kind is refused, naming the kinds allowed', () => {
  const photo = { name: 'photo.jpg', size: 5000, type: 'image/jpeg' };

  expect(validateUpload(photo, { folder: 'root', maxBytes: MB })).toBe(
    'Only PDF or Word files can be uploaded here. Please choose another file.',
  );
  expect(validateUpload({ ...photo, name: 'notes' }, { folder: 'root', maxBytes: MB })).toBe(
    'Only PDF or Word files can be uploaded here. Please choose another file.',
  );
});

test('an empty file is refused', () => {
  expect(validateUpload(pdf(0), { folder: 'root', maxBytes: MB })).toBe('This file is empty. Please choose another file.');
});

test('a file of exactly the limit is accepted and one byte more refused, naming the limit', () => {
  expect(validateUpload(pdf(20 * MB), { folder: 'newsletters', maxBytes: 20 * MB })).toBeNull();
  expect(validateUpload(pdf(20 * MB + 1), { folder: 'newsletters', maxBytes: 20 * MB })).toBe(
    'This file is larger than 20 MB, the largest file you can upload. Please choose a smaller file.',
  );
});

test('a file whose name cannot be stored is refused before its type is judged', () => {
  expect(validateUpload(pdf(10, '../..'), { folder: 'root', maxBytes: MB })).toBe(UNUSABLE_FILE_NAME);
});

test('the type is judged on the name as it will be stored', () => {
  expect(validateUpload(pdf(10, 'invoice\u202Efdp.exe'), { folder: 'root', maxBytes: MB })).toBe(
    'Only PDF or Word files can be uploaded here. Please choose another file.',
  );
  expect(validateUpload(pdf(10, '../form.pdf'), { folder: 'root', maxBytes: MB })).toBeNull();
});

test('a field listed without a message is no error', () => {
  expect(hasErrors({ name: undefined })).toBe(false);
  expect(hasErrors({})).toBe(false);
});

test('an address with several dots in its domain is fine', () => {
  expect(validateContact({ ...contact, email: 'mary@mail.branch.example.org' })).toEqual({});
});

test('an address followed by more text is refused', () => {
  expect(validateContact({ ...contact, email: 'mary@example.org and ann@example.org' }).email).toBe(
    'Please enter a valid e-mail address, like name@example.org.',
  );
});
