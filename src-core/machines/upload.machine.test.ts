import { NO_EVENT_DETAILS } from '../domain/event-details';
import { EMPTY_EVENT_FORM } from '../domain/event-details-form';
import { expect, test, vi } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { StoredFile } from '../domain/stored-file';
import type { LogParams } from './log';
import { uploadMachine } from './upload.machine';
import type { UploadActorEvent, UploadActorInput, UploadInput, UploadReport } from './upload.types';

const pdf = (name = 'Spring Newsletter.pdf', size = 4000) =>
  new File([new Uint8Array(size).fill(0x25)], name, { type: 'application/pdf' });
const stored = (name: string): StoredFile => ({ name, fullPath: `newsletters/${name}`, url: `memory:newsletters/${name}` });
const rules: UploadInput = { folder: 'newsletters', maxBytes: 10_000, pauseResume: true };

function uploadWith(input: UploadInput = rules) {
  const starts: UploadActorInput[] = [];
  const received: string[] = [];
  const stops: string[] = [];
  const reporters: Array<(report: UploadReport) => void> = [];
  const effects: string[] = [];
  const logged: LogParams[] = [];
  const machine = uploadMachine.provide({
    actors: {
      upload: fromCallback<UploadActorEvent, UploadActorInput>(({ input: request, sendBack, receive }) => {
        starts.push(request);
        reporters.push(sendBack);
        receive((event) => received.push(event.type));
        return () => stops.push(request.name);
      }),
    },
    actions: {
      signOut: () => void effects.push('signOut'),
      onUploaded: (_, params) => void effects.push(`uploaded ${params.file.fullPath}`),
      focusUploadButton: () => void effects.push('focusUploadButton'),
      clearFileInput: () => void effects.push('clearFileInput'),
      focusFileInput: () => void effects.push('focusFileInput'),
      log: (_, params) => void logged.push(params),
    },
  });
  const actor = createActor(machine, { input }).start();
  const report = (event: UploadReport) => reporters.at(-1)!(event);
  return { actor, starts, received, stops, report, effects, logged };
}

type Harness = ReturnType<typeof uploadWith>;

function choose(harness: Harness, file: File | null = pdf()) {
  harness.actor.send({ type: 'file.selected', file });
}

async function uploadToSuccess(harness: Harness, file = pdf()) {
  choose(harness, file);
  harness.actor.send({ type: 'upload.submit' });
  harness.report({ type: 'upload.done', file: stored(file.name) });
  await waitFor(harness.actor, (state) => state.matches('success'));
}

test('the form starts with no file, no error and no popup', () => {
  const { actor } = uploadWith();

  expect(actor.getSnapshot().value).toBe('idle');
  expect(actor.getSnapshot().context).toEqual({
    ...rules,
    file: null,
    fileName: null,
    error: null,
    progress: null,
    uploaded: null,
    eventDetails: null,
    detailsErrors: {},
  });
});

test('submitting with no file uploads nothing, asks for a file and logs an info line', () => {
  const harness = uploadWith();

  harness.actor.send({ type: 'upload.submit' });

  expect(harness.actor.getSnapshot().value).toBe('idle');
  expect(harness.actor.getSnapshot().context.error).toBe('Please choose a file to upload.');
  expect(harness.starts).toEqual([]);
  expect(harness.logged).toEqual([{ level: 'info', message: 'No file selected. Nothing was uploaded.' }]);
});

test('an allowed file is ready to upload under its safe name', () => {
  const harness = uploadWith();
  const file = pdf('../Spring\u202E Newsletter.pdf');

  choose(harness, file);

  expect(harness.actor.getSnapshot().value).toBe('ready');
  expect(harness.actor.getSnapshot().context).toMatchObject({ file, fileName: 'Spring Newsletter.pdf', error: null });
});

test('a refused file shows why and nothing is sent when submitted', () => {
  const harness = uploadWith();

  choose(harness, new File(['x'], 'form.docx'));
  harness.actor.send({ type: 'upload.submit' });

  expect(harness.actor.getSnapshot().value).toBe('invalid');
  expect(harness.actor.getSnapshot().context.error).toBe('Only PDF files can be uploaded here. Please choose another file.');
  expect(harness.starts).toEqual([]);
});

test('a file over the limit is refused before anything is sent', () => {
  const harness = uploadWith({ ...rules, maxBytes: 1024 });

  choose(harness, pdf('big.pdf', 1025));

  expect(harness.actor.getSnapshot().value).toBe('invalid');
  expect(harness.actor.getSnapshot().context.error).toBe(
    'This file is larger than 1 KB, the largest file you can upload. Please choose a smaller file.',
  );
});

test('a file with an unusable name is refused and has no name to store under', () => {
  const harness = uploadWith();

  choose(harness, pdf('..'));

  expect(harness.actor.getSnapshot().value).toBe('invalid');
  expect(harness.actor.getSnapshot().context.fileName).toBeNull();
});

test('choosing a good file after a refused one clears the error', () => {
  const harness = uploadWith();
  choose(harness, new File(['x'], 'photo.jpg'));

  choose(harness, pdf());

  expect(harness.actor.getSnapshot().value).toBe('ready');
  expect(harness.actor.getSnapshot().context.error).toBeNull();
});

test('clearing the file picker goes back to no file', () => {
  const harness = uploadWith();
  choose(harness, pdf());

  choose(harness, null);

  expect(harness.actor.getSnapshot().value).toBe('idle');
  expect(harness.actor.getSnapshot().context).toMatchObject({ file: null, fileName: null, error: null });
});

test('submitting uploads the file to its folder and shows progress', () => {
  const harness = uploadWith();
  const file = pdf('May.pdf', 4000);
  choose(harness, file);

  harness.actor.send({ type: 'upload.submit' });
  const atStart = harness.actor.getSnapshot().context.progress;
  harness.report({ type: 'upload.progress', bytesTransferred: 1000, totalBytes: 4000 });

  expect(harness.starts).toEqual([{ file, folder: 'newsletters', name: 'May.pdf', eventDetails: null }]);
  expect(harness.actor.getSnapshot().matches({ uploading: 'running' })).toBe(true);
  expect(atStart).toEqual({ bytesTransferred: 0, totalBytes: 4000, percentage: 0 });
  expect(harness.actor.getSnapshot().context.progress).toEqual({ bytesTransferred: 1000, totalBytes: 4000, percentage: 25 });
});

test('the percentage is whole and stays between 0 and 100', () => {
  const harness = uploadWith();
  choose(harness);
  harness.actor.send({ type: 'upload.submit' });

  harness.report({ type: 'upload.progress', bytesTransferred: 1, totalBytes: 3 });
  const third = harness.actor.getSnapshot().context.progress?.percentage;
  harness.report({ type: 'upload.progress', bytesTransferred: 2, totalBytes: 3 });
  const twoThirds = harness.actor.getSnapshot().context.progress?.percentage;
  harness.report({ type: 'upload.progress', bytesTransferred: 9, totalBytes: 3 });
  const over = harness.actor.getSnapshot().context.progress?.percentage;
  harness.report({ type: 'upload.progress', bytesTransferred: -1, totalBytes: 3 });
  const under = harness.actor.getSnapshot().context.progress?.percentage;
  harness.report({ type: 'upload.progress', bytesTransferred: 5, totalBytes: 0 });
  const unknownTotal = harness.actor.getSnapshot().context.progress?.percentage;

  expect([third, twoThirds, over, under, unknownTotal]).toEqual([33, 67, 100, 0, 0]);
});

test('a second submit or a new file while uploading is ignored', () => {
  const harness = uploadWith();
  const file = pdf('first.pdf');
  choose(harness, file);

  harness.actor.send({ type: 'upload.submit' });
  harness.actor.send({ type: 'upload.submit' });
  choose(harness, pdf('second.pdf'));

  expect(harness.starts).toHaveLength(1);
  expect(harness.actor.getSnapshot().context.file).toBe(file);
  expect(harness.actor.getSnapshot().matches('uploading')).toBe(true);
});

test('a finished upload shows the success popup and reports the stored file', async () => {
  const harness = uploadWith();

  await uploadToSuccess(harness, pdf('May.pdf', 4000));

  expect(harness.actor.getSnapshot().value).toBe('success');
  expect(harness.actor.getSnapshot().context).toMatchObject({
    uploaded: stored('May.pdf'),
    progress: { bytesTransferred: 4000, totalBytes: 4000, percentage: 100 },
    error: null,
  });
  expect(harness.effects).toEqual(['uploaded newsletters/May.pdf']);
  expect(harness.logged).toEqual([{ level: 'info', message: 'Uploaded newsletters/May.pdf.' }]);
  expect(harness.stops).toEqual(['May.pdf']);
});

test('choosing a new file after success closes the popup and forgets the stored file', async () => {
  const harness = uploadWith();
  await uploadToSuccess(harness);

  choose(harness, pdf('June.pdf'));

  expect(harness.actor.getSnapshot().value).toBe('ready');
  expect(harness.actor.getSnapshot().context).toMatchObject({ uploaded: null, progress: null, fileName: 'June.pdf' });
});

test('OK clears the popup, the selection and the input, focuses the input, and signs the administrator out', async () => {
  const harness = uploadWith();
  await uploadToSuccess(harness);

  harness.actor.send({ type: 'upload.ok' });

  expect(harness.actor.getSnapshot().value).toBe('idle');
  expect(harness.actor.getSnapshot().context).toEqual({
    ...rules,
    file: null,
    fileName: null,
    error: null,
    progress: null,
    uploaded: null,
    eventDetails: null,
    detailsErrors: {},
  });
  expect(harness.effects).toEqual(['uploaded newsletters/Spring Newsletter.pdf', 'clearFileInput', 'focusFileInput', 'signOut']);
});

test('OK means nothing before an upload has succeeded', () => {
  const harness = uploadWith();
  choose(harness);

  harness.actor.send({ type: 'upload.ok' });

  expect(harness.actor.getSnapshot().value).toBe('ready');
  expect(harness.effects).toEqual([]);
});

test('cancel mid-upload stops the transfer, says nothing was stored and gives focus back to Upload', () => {
  const harness = uploadWith();
  choose(harness);
  harness.actor.send({ type: 'upload.submit' });
  harness.report({ type: 'upload.progress', bytesTransferred: 1000, totalBytes: 4000 });

  harness.actor.send({ type: 'upload.cancel' });
  harness.report({ type: 'upload.done', file: stored('late.pdf') });

  expect(harness.actor.getSnapshot().value).toBe('canceled');
  expect(harness.actor.getSnapshot().context).toMatchObject({
    error: 'The upload was canceled. Nothing was stored.',
    uploaded: null,
  });
  expect(harness.stops).toEqual(['Spring Newsletter.pdf']);
  expect(harness.effects).toEqual(['focusUploadButton']);
  expect(harness.logged).toEqual([{ level: 'info', message: 'Upload canceled.' }]);
});

test('a cancel reported by the storage counts as canceled, not failed', () => {
  const harness = uploadWith();
  choose(harness);
  harness.actor.send({ type: 'upload.submit' });

  harness.report({ type: 'upload.failed', error: new CoreError('canceled', 'User canceled the upload.') });

  expect(harness.actor.getSnapshot().value).toBe('canceled');
});

test('a canceled upload can be submitted again', () => {
  const harness = uploadWith();
  choose(harness);
  harness.actor.send({ type: 'upload.submit' });
  harness.actor.send({ type: 'upload.cancel' });

  harness.actor.send({ type: 'upload.submit' });

  expect(harness.starts).toHaveLength(2);
  expect(harness.actor.getSnapshot().context.error).toBeNull();
});

test('pause and resume reach the transfer where the storage supports them', () => {
  const harness = uploadWith();
  choose(harness);
  harness.actor.send({ type: 'upload.submit' });

  harness.actor.send({ type: 'upload.pause' });
  const paused = harness.actor.getSnapshot().matches({ uploading: 'paused' });
  harness.report({ type: 'upload.progress', bytesTransferred: 2000, totalBytes: 4000 });
  harness.actor.send({ type: 'upload.resume' });

  expect(paused).toBe(true);
  expect(harness.actor.getSnapshot().matches({ uploading: 'running' })).toBe(true);
  expect(harness.received).toEqual(['upload.pause', 'upload.resume']);
  expect(harness.actor.getSnapshot().context.progress?.percentage).toBe(50);
  expect(harness.starts).toHaveLength(1);
});

test('a paused upload can be canceled', () => {
  const harness = uploadWith();
  choose(harness);
  harness.actor.send({ type: 'upload.submit' });
  harness.actor.send({ type: 'upload.pause' });

  harness.actor.send({ type: 'upload.cancel' });

  expect(harness.actor.getSnapshot().value).toBe('canceled');
  expect(harness.stops).toHaveLength(1);
});

test('pause is ignored where the storage cannot pause', () => {
  const harness = uploadWith({ ...rules, pauseResume: false });
  choose(harness);
  harness.actor.send({ type: 'upload.submit' });

  harness.actor.send({ type: 'upload.pause' });
  harness.actor.send({ type: 'upload.resume' });

  expect(harness.actor.getSnapshot().matches({ uploading: 'running' })).toBe(true);
  expect(harness.received).toEqual([]);
});

test('a name already taken fails with a message naming the file, keeping the selection, and gives focus back to Upload', () => {
  const harness = uploadWith();
  const file = pdf('May.pdf');
  choose(harness, file);
  harness.actor.send({ type: 'upload.submit' });

  const error = new CoreError('conflict', 'exists');
  harness.report({ type: 'upload.failed', error });

  expect(harness.actor.getSnapshot().value).toBe('failed');
  expect(harness.actor.getSnapshot().context).toMatchObject({
    file,
    uploaded: null,
    error: 'A file called May.pdf already exists. Nothing was stored. Delete the old file first, or rename this one.',
  });
  expect(harness.logged).toEqual([{ level: 'warn', message: 'Upload failed.', error }]);
  expect(harness.effects).toEqual(['focusUploadButton']);
});

test('a failed upload can be tried again and succeed', async () => {
  const harness = uploadWith();
  choose(harness);
  harness.actor.send({ type: 'upload.submit' });
  harness.report({ type: 'upload.failed', error: new CoreError('unavailable', 'Please try again.') });

  harness.actor.send({ type: 'upload.submit' });
  harness.report({ type: 'upload.done', file: stored('Spring Newsletter.pdf') });
  await waitFor(harness.actor, (state) => state.matches('success'));

  expect(harness.starts).toHaveLength(2);
});

test('a new file can be chosen after a failure', () => {
  const harness = uploadWith();
  choose(harness);
  harness.actor.send({ type: 'upload.submit' });
  harness.report({ type: 'upload.failed', error: new Error('offline') });

  choose(harness, pdf('other.pdf'));

  expect(harness.actor.getSnapshot().value).toBe('ready');
  expect(harness.actor.getSnapshot().context.error).toBeNull();
});

test('without a provided upload actor the upload fails rather than hangs', () => {
  const logged: LogParams[] = [];
  const machine = uploadMachine.provide({ actions: { log: (_, params) => void logged.push(params) } });
  const actor = createActor(machine, { input: rules }).start();
  actor.send({ type: 'file.selected', file: pdf() });

  actor.send({ type: 'upload.submit' });

  expect(actor.getSnapshot().value).toBe('failed');
  expect(actor.getSnapshot().context.error).toBe(
    'The upload did not finish. Nothing was stored. The service is not available right now. Please try again.',
  );
  expect(logged.map((entry) => entry.message)).toEqual(['Upload failed.']);
});

test('by default the no-file message goes to the console as information, not as an error', () => {
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  const actor = createActor(uploadMachine, { input: rules }).start();

  actor.send({ type: 'upload.submit' });

  expect(info.mock.calls).toEqual([['No file selected. Nothing was uploaded.']]);
});

test('details sent with the submit go to the upload, and are cleared by OK', async () => {
  const harness = uploadWith({ ...rules, timeZone: 'Europe/Dublin' });
  const details = { ...NO_EVENT_DETAILS, title: 'Fair', start: '2026-09-12T10:00', timeZone: 'Europe/Dublin' };
  const file = pdf('Fair.pdf');
  choose(harness, file);

  harness.actor.send({ type: 'upload.submit', eventForm: { ...EMPTY_EVENT_FORM, title: 'Fair', startDate: '2026-09-12', startTime: '10:00' } });
  harness.report({ type: 'upload.done', file: stored(file.name) });
  await waitFor(harness.actor, (state) => state.matches('success'));
  harness.actor.send({ type: 'upload.ok' });

  expect(harness.starts).toEqual([{ file, folder: 'newsletters', name: 'Fair.pdf', eventDetails: details }]);
  expect(harness.actor.getSnapshot().context).toMatchObject({ eventDetails: null, detailsErrors: {} });
});

test('refused details keep the file from being sent and are kept for the form to show', () => {
  const harness = uploadWith({ ...rules, timeZone: 'Europe/Dublin' });
  choose(harness);

  harness.actor.send({ type: 'upload.submit', eventForm: { ...EMPTY_EVENT_FORM, startDate: '2026-09-12', startTime: '14:00', endTime: '13:00' } });

  expect(harness.starts).toEqual([]);
  expect(harness.actor.getSnapshot().value).toBe('ready');
  expect(harness.actor.getSnapshot().context).toMatchObject({
    error: 'Please check the event details: the file has not been sent.',
    detailsErrors: { endTime: 'The end must be after the start.' },
  });
});
