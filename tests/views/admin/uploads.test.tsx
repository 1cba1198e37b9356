import { LEAVE_DURING_UPLOAD } from '../../../src/views/admin/upload-guard';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import { fromCallback } from 'xstate';
import { errorBody } from '../../../contract/wire';
import { createBackend } from '../../../src/app/backend';
import type { UploadActorEvent, UploadActorInput, UploadReport } from '../../../src-core/machines/upload.types';
import type { Backend } from '../../../src-core/ports/backend';
import { UploadForm } from '../../../src/views/admin/upload-form';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, findLoginPage, gate, pdfFile, pickedFile, quietLogs, renderSite, renderWithBackend, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

function form(heading: 'Upload Important Documents' | 'Upload Events' | 'Upload Newsletter') {
  return screen.getByRole('region', { name: heading });
}

function deleteList(heading: 'Important Documents' | 'Events' | 'Newsletters') {
  return screen.getByRole('region', { name: heading });
}

async function openAdmin(seed: Parameters<typeof useSignedInApi>[1] = {}) {
  const state = useSignedInApi(server, seed);
  const view = renderSite('/admin');
  await findAdminPage();
  await screen.findByRole('region', { name: 'Upload Events' });
  return { state, ...view };
}

test('the three upload forms have their fixed headings, a labelled picker, Upload, and their types and size limit', async () => {
  await openAdmin({ maxBytes: 20 * 1024 * 1024 });

  const forms = screen.getAllByRole('heading', { level: 2, name: /^Upload / }).map((heading) => heading.textContent);
  expect(forms).toEqual(['Upload Important Documents', 'Upload Events', 'Upload Newsletter']);
  expect(within(form('Upload Important Documents')).getByLabelText('Choose a file')).toHaveAccessibleDescription('PDF or Word files, up to 20 MB.');
  expect(within(form('Upload Events')).getByLabelText('Choose a file')).toHaveAccessibleDescription('PDF files, up to 20 MB.');
  expect(within(form('Upload Newsletter')).getByLabelText('Choose a file')).toHaveAttribute('type', 'file');
  expect(within(form('Upload Newsletter')).getByRole('button', { name: 'Upload' })).toBeEnabled();
});

test('a file of the wrong type is refused with a message before anything is sent', async () => {
  quietLogs();
  const { user, state } = await openAdmin();
  const before = state.files.length;

  await user.upload(within(form('Upload Events')).getByLabelText('Choose a file'), pickedFile(['hello'], 'notes.docx'));
  await user.click(within(form('Upload Events')).getByRole('button', { name: 'Upload' }));

  expect(within(form('Upload Events')).getByRole('alert')).toHaveTextContent('Only PDF files can be uploaded here. Please choose another file.');
  expect(within(form('Upload Events')).queryByRole('progressbar')).not.toBeInTheDocument();
  expect(state.files).toHaveLength(before);
});

test('a file over the size limit is refused with the limit before anything is sent', async () => {
  quietLogs();
  const { user, state } = await openAdmin({ maxBytes: 1024 * 1024 });
  const before = state.files.length;

  await user.upload(within(form('Upload Newsletter')).getByLabelText('Choose a file'), pdfFile('Big.pdf', 1024 * 1024 + 1));
  await user.click(within(form('Upload Newsletter')).getByRole('button', { name: 'Upload' }));

  expect(within(form('Upload Newsletter')).getByRole('alert')).toHaveTextContent(
    'This file is larger than 1 MB, the largest file you can upload. Please choose a smaller file.',
  );
  expect(state.files).toHaveLength(before);
});

test('Upload with no file chosen asks for one and sends nothing', async () => {
  quietLogs();
  const { user, state } = await openAdmin();
  const before = state.files.length;

  await user.click(within(form('Upload Important Documents')).getByRole('button', { name: 'Upload' }));

  expect(within(form('Upload Important Documents')).getByRole('alert')).toHaveTextContent('Please choose a file to upload.');
  expect(state.files).toHaveLength(before);
});

test('a successful upload shows the popup with focus on OK, and the new file joins its Delete Files list', async () => {
  quietLogs();
  const { user, state } = await openAdmin();
  await within(deleteList('Events')).findByRole('button', { name: 'Delete Summer Outing' });

  await user.upload(within(form('Upload Events')).getByLabelText('Choose a file'), pdfFile('Autumn Lunch.pdf'));
  expect(within(form('Upload Events')).getByText(/Ready to upload:/)).toHaveTextContent('Autumn Lunch.pdf');
  await user.click(within(form('Upload Events')).getByRole('button', { name: 'Upload' }));

  const popup = await screen.findByRole('dialog', { name: 'Upload Successful!' });
  expect(popup).toHaveAccessibleDescription('Your file has been uploaded successfully.');
  expect(within(popup).getByRole('button', { name: 'OK' })).toHaveFocus();
  expect(state.files.map((file) => `${file.folder}/${file.name}`)).toContain('events/Autumn Lunch.pdf');
  expect(await within(deleteList('Events')).findByRole('button', { name: 'Delete Autumn Lunch' })).toBeInTheDocument();
});

test('OK closes the popup, clears the chosen file and signs out, which leads to the login page', async () => {
  quietLogs();
  const { user, state } = await openAdmin();
  const signOut = gate();
  server.use(
    http.delete('*/api/session', async () => {
      await signOut.opened;
    }),
  );
  await user.upload(within(form('Upload Newsletter')).getByLabelText('Choose a file'), pdfFile('Winter Newsletter.pdf'));
  await user.click(within(form('Upload Newsletter')).getByRole('button', { name: 'Upload' }));
  const popup = await screen.findByRole('dialog', { name: 'Upload Successful!' });

  await user.click(within(popup).getByRole('button', { name: 'OK' }));

  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const input = within(form('Upload Newsletter')).getByLabelText<HTMLInputElement>('Choose a file');
  expect(input.files).toHaveLength(0);
  expect(input).toHaveFocus();
  expect(within(form('Upload Newsletter')).queryByText(/Ready to upload:/)).not.toBeInTheDocument();
  signOut.open();
  const loginHeading = await findLoginPage();
  await waitFor(() => expect(loginHeading).toHaveFocus());
  expect(state.signedInAs).toBeNull();
  expect(screen.getByText('You have been signed out. Sign in again to make more changes.')).toBeInTheDocument();
});

test('after the upload the new file shows on the public Events page', async () => {
  quietLogs();
  const { user } = await openAdmin();
  await user.upload(within(form('Upload Events')).getByLabelText('Choose a file'), pdfFile('Harvest Fair.pdf'));
  await user.click(within(form('Upload Events')).getByRole('button', { name: 'Upload' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
  await findLoginPage();

  await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Events' }));

  expect(await screen.findByRole('heading', { name: 'Harvest Fair' })).toBeInTheDocument();
});

test('a name that already exists says so and that nothing was stored', async () => {
  quietLogs();
  const { user, state } = await openAdmin();
  const before = state.files.length;

  await user.upload(within(form('Upload Events')).getByLabelText('Choose a file'), pdfFile('Summer Outing.pdf'));
  await user.click(within(form('Upload Events')).getByRole('button', { name: 'Upload' }));

  expect(await within(form('Upload Events')).findByRole('alert')).toHaveTextContent(
    'A file called Summer Outing.pdf already exists. Nothing was stored.',
  );
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(within(form('Upload Events')).getByRole('button', { name: 'Upload' })).toHaveFocus();
  expect(state.files).toHaveLength(before);
});

test('a file the server refuses by its content says why and that nothing was stored', async () => {
  quietLogs();
  const { user, state } = await openAdmin();
  const before = state.files.length;

  await user.upload(within(form('Upload Newsletter')).getByLabelText('Choose a file'), pickedFile(['not really a pdf'], 'Fake.pdf'));
  await user.click(within(form('Upload Newsletter')).getByRole('button', { name: 'Upload' }));

  expect(await within(form('Upload Newsletter')).findByRole('alert')).toHaveTextContent(
    'This file is not a PDF file, or it is damaged. Only PDF files can be uploaded here. Nothing was stored.',
  );
  expect(state.files).toHaveLength(before);
});

test('a server failure during the upload says the upload did not finish and nothing was stored', async () => {
  quietLogs();
  const { user } = await openAdmin();
  server.use(http.post('*/api/files', () => HttpResponse.json(errorBody('unavailable', 'The website is busy right now.'), { status: 503 })));

  await user.upload(within(form('Upload Important Documents')).getByLabelText('Choose a file'), pdfFile('Form.pdf'));
  await user.click(within(form('Upload Important Documents')).getByRole('button', { name: 'Upload' }));

  expect(await within(form('Upload Important Documents')).findByRole('alert')).toHaveTextContent(
    'The upload did not finish. Nothing was stored. The website is busy right now.',
  );
});

/** An upload actor the test drives by hand: jsdom cannot produce real transfer progress. */
function handDrivenUpload() {
  const reports: Array<(report: UploadReport) => void> = [];
  const received: string[] = [];
  const stopped: string[] = [];
  const actor = fromCallback<UploadActorEvent, UploadActorInput>(({ input, sendBack, receive }) => {
    reports.push(sendBack);
    receive((event) => received.push(event.type));
    return () => stopped.push(input.name);
  });
  const report = (event: UploadReport) => act(() => reports.at(-1)!(event));
  return { actor, report, received, stopped };
}

function withPauseResume(backend: Backend): Backend {
  return { ...backend, storage: { ...backend.storage, capabilities: { pauseResume: true } } };
}

test('while sending, the form shows a named progress bar with its percentage and Cancel, and no Pause where the backend cannot', async () => {
  const upload = handDrivenUpload();
  const { user } = renderWithBackend(<UploadForm folder="events" appearsOn="the test page" heading="Upload Events" maxBytes={10_000_000} />, { upload: upload.actor });

  await user.upload(screen.getByLabelText('Choose a file'), pdfFile('Quiz Night.pdf', 2000));
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  upload.report({ type: 'upload.progress', bytesTransferred: 800, totalBytes: 2000 });

  const bar = screen.getByRole('progressbar', { name: 'Uploading Quiz Night.pdf' });
  expect(bar).toHaveAttribute('value', '40');
  expect(screen.getByText('40%')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  expect(screen.getByLabelText('Choose a file')).toBeDisabled();
});

test('Cancel stops the transfer, says nothing was stored, and Upload tries again', async () => {
  quietLogs();
  const upload = handDrivenUpload();
  const { user } = renderWithBackend(<UploadForm folder="events" appearsOn="the test page" heading="Upload Events" maxBytes={10_000_000} />, { upload: upload.actor });
  await user.upload(screen.getByLabelText('Choose a file'), pdfFile('Quiz Night.pdf', 2000));
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  upload.report({ type: 'upload.progress', bytesTransferred: 500, totalBytes: 2000 });

  await user.click(screen.getByRole('button', { name: 'Cancel' }));

  expect(upload.stopped).toEqual(['Quiz Night.pdf']);
  expect(screen.getByRole('alert')).toHaveTextContent('The upload was canceled. Nothing was stored.');
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Upload' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  expect(screen.getByRole('progressbar', { name: 'Uploading Quiz Night.pdf' })).toHaveAttribute('value', '0');
});

test('where the backend can pause, Pause and Resume reach the transfer', async () => {
  const upload = handDrivenUpload();
  const { user } = renderWithBackend(<UploadForm folder="newsletters" appearsOn="the test page" heading="Upload Newsletter" maxBytes={10_000_000} />, {
    backend: withPauseResume(createBackend()),
    upload: upload.actor,
  });
  await user.upload(screen.getByLabelText('Choose a file'), pdfFile('May.pdf', 4000));
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  upload.report({ type: 'upload.progress', bytesTransferred: 1000, totalBytes: 4000 });

  await user.click(screen.getByRole('button', { name: 'Pause' }));
  expect(screen.getByRole('progressbar', { name: 'Paused May.pdf' })).toHaveAttribute('value', '25');
  await user.click(screen.getByRole('button', { name: 'Resume' }));

  expect(upload.received).toEqual(['upload.pause', 'upload.resume']);
  expect(screen.getByRole('progressbar', { name: 'Uploading May.pdf' })).toBeInTheDocument();
});

test('the bar reaches 100% and the popup follows when the transfer reports the stored file', async () => {
  quietLogs();
  const upload = handDrivenUpload();
  const { user } = renderWithBackend(<UploadForm folder="events" appearsOn="the test page" heading="Upload Events" maxBytes={10_000_000} />, { upload: upload.actor });
  await user.upload(screen.getByLabelText('Choose a file'), pdfFile('Quiz Night.pdf', 2000));
  await user.click(screen.getByRole('button', { name: 'Upload' }));

  upload.report({ type: 'upload.progress', bytesTransferred: 2000, totalBytes: 2000 });
  expect(screen.getByText('100%')).toBeVisible();
  upload.report({ type: 'upload.done', file: { name: 'Quiz Night.pdf', fullPath: 'events/Quiz Night.pdf', url: '/files/events/Quiz%20Night.pdf' } });

  await waitFor(() => expect(screen.getByRole('dialog', { name: 'Upload Successful!' })).toBeInTheDocument());
  // The spec's texts stay exactly; a sentence after them says what OK will do.
  const dialog = screen.getByRole('dialog', { name: 'Upload Successful!' });
  expect(dialog).toHaveAccessibleDescription('Your file has been uploaded successfully.');
  expect(within(dialog).getByText(/^OK signs you out of the admin area/)).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus();
});

test('the admin area warns in plain words when the website is running out of storage space', async () => {
  await openAdmin({ maxBytes: 20 * 1024 * 1024, freeBytes: 120 * 1024 * 1024 });

  expect(
    await screen.findByText(
      'The website is running out of storage space: only 120 MB is left. Delete files you no longer need, or ask whoever looks after the website for more space. When it is full, nothing new can be saved.',
    ),
  ).toHaveAttribute('role', 'status');
});

test('each upload form says where its files appear and that the file name becomes the title', async () => {
  renderWithBackend(<UploadForm folder="events" appearsOn="the 'Upcoming Events' page" heading="Upload Events" maxBytes={10_000_000} />);

  expect(screen.getByText(/Files uploaded here appear on the 'Upcoming Events' page\. The file name becomes the title/)).toBeInTheDocument();
});

test('a volunteer who clicks a link during an upload is asked first; staying keeps the upload, leaving notes it was stopped', async () => {
  const upload = handDrivenUpload();
  const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  const { user } = renderWithBackend(
    <>
      <a href="/news">News</a>
      <UploadForm folder="events" appearsOn="the test page" heading="Upload Events" maxBytes={10_000_000} />
    </>,
    { upload: upload.actor },
  );
  await user.upload(screen.getByLabelText('Choose a file'), pdfFile('Quiz Night.pdf', 2000));
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  upload.report({ type: 'upload.progress', bytesTransferred: 800, totalBytes: 2000 });

  await user.click(screen.getByRole('link', { name: 'News' }));
  expect(confirm).toHaveBeenCalledWith(LEAVE_DURING_UPLOAD);
  expect(screen.getByRole('progressbar', { name: 'Uploading Quiz Night.pdf' })).toBeInTheDocument();
  expect(sessionStorage.getItem('rnai:stopped-upload')).toBeNull();

  await user.click(screen.getByRole('link', { name: 'News' }));
  expect(sessionStorage.getItem('rnai:stopped-upload')).toBe('Quiz Night.pdf');
  sessionStorage.clear();
});
