/**
 * One upload form of the admin page (one actor per folder).
 *
 * Input: { folder, maxBytes, pauseResume, timeZone? } (pauseResume from StoragePort.capabilities;
 *   timeZone, for the events folder, the zone the details form's times are read in).
 * States: 'idle' (no file), 'invalid' (file refused by validateUpload, `error` says why),
 *   'ready', 'uploading' ('running' | 'paused'), 'success' (show the popup),
 *   'failed' (`error`), 'canceled' (`error`). 'checking' is transient.
 * Events: 'file.selected' { file: File | null } (ignored while uploading; leaves 'success'),
 *   'upload.submit' { eventForm? } (with no file: nothing is sent, `error` asks for a file and an
 *   info line is logged; details the core's rules refuse send nothing, and their messages are
 *   kept for the form's boxes; in 'failed' or 'canceled' it tries again), 'upload.pause' / 'upload.resume'
 *   (only when pauseResume), 'upload.cancel', 'upload.ok' (closes the popup: clears the
 *   selection and the file input, runs `signOut`).
 * Types (input, context, events, the actor's input and reports) are in './upload.types'.
 * Context: folder, maxBytes, pauseResume, file, fileName (the safe name it is stored under),
 *   error, progress ({ bytesTransferred, totalBytes, percentage } | null), uploaded (the StoredFile),
 *   eventDetails (sent with the file), detailsErrors (by the form's boxes).
 * The composition root provides:
 *   actor `upload`: `uploadActorFor(storage)` from './upload-actor' (or any callback actor
 *     taking UploadActorInput, sending back UploadActorEvent, receiving pause/resume).
 *   action `signOut`: e.g. `() => void auth.signOut()` (OK on the popup signs the administrator out).
 *   action `onUploaded` { file }: e.g. add the file to the delete list (default: nothing).
 *   actions the view provides (see './form.setup'): `focusUploadButton` (an upload that stopped short: its controls
 *     are gone), `clearFileInput` and `focusFileInput` (OK on the popup).
 *   action `log` { level, message, error? } (default: the console).
 */
import { assign, fromCallback, sendTo, setup } from 'xstate';
import { eventDetailsFromForm } from '../domain/event-details-form';
import { hasErrors, validateUpload } from '../domain/validation';
import { DEFAULT_TIME_ZONE } from '../domain/zoned-time';
import { isCoreError } from '../domain/core-error';
import type { StoredFile } from '../domain/stored-file';
import { logToConsole, type LogParams } from './log';
import type { UploadActorEvent, UploadActorInput, UploadContext, UploadEvent, UploadInput } from './upload.types';
import { NO_CHOICE, choiceOf, progressOf } from './upload-choice';
import { NO_FILE_CHOSEN, UPLOAD_CANCELED, uploadFailureMessage } from './upload-messages';

const DETAILS_REFUSED = 'Please check the event details: the file has not been sent.';

/** No event details and no refusals: how a form starts, and how OK on the popup leaves it. */
const NO_DETAILS: Pick<UploadContext, 'eventDetails' | 'detailsErrors'> = { eventDetails: null, detailsErrors: {} };

// A submit is checked for its details first: refused ones keep the file from being sent.
const submit = { target: 'checkingDetails', actions: 'takeDetails' } as const;

export const uploadMachine = setup({
  types: {
    input: {} as UploadInput,
    context: {} as UploadContext,
    events: {} as UploadEvent,
  },
  actors: {
    upload: fromCallback<UploadActorEvent, UploadActorInput>(({ sendBack }) => {
      sendBack({ type: 'upload.failed', error: new Error('Provide the upload actor.') });
    }),
  },
  actions: {
    signOut: () => {},
    onUploaded: (_, _params: { file: StoredFile }) => {},
    focusUploadButton: () => {},
    clearFileInput: () => {},
    focusFileInput: () => {},
    log: (_, params: LogParams) => logToConsole(params),
    refuseDetails: assign({ error: DETAILS_REFUSED }),
    takeDetails: assign(({ context, event }) => {
      if (event.type !== 'upload.submit' || event.eventForm === undefined) return NO_DETAILS;
      const { details, errors } = eventDetailsFromForm(event.eventForm, context.timeZone ?? DEFAULT_TIME_ZONE);
      return { eventDetails: details, detailsErrors: errors };
    }),
    choose: assign(({ context, event }) => (event.type === 'file.selected' ? choiceOf(event.file, context) : {})),
  },
  guards: {
    noFile: ({ context }) => context.file === null,
    refused: ({ context }) => context.error !== null,
    canPause: ({ context }) => context.pauseResume,
    detailsRefused: ({ context }) => hasErrors(context.detailsErrors),
    wasCanceled: ({ event }) => event.type === 'upload.failed' && isCoreError(event.error, 'canceled'),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({ ...input, ...NO_CHOICE, ...NO_DETAILS }),
  initial: 'idle',
  on: {
    'file.selected': { target: '.checking', actions: 'choose' },
  },
  states: {
    checking: {
      always: [{ guard: 'noFile', target: 'idle' }, { guard: 'refused', target: 'invalid' }, { target: 'ready' }],
    },
    idle: {
      on: {
        'upload.submit': {
          actions: [
            assign({ error: ({ context }) => validateUpload(null, context) }),
            { type: 'log', params: { level: 'info', message: NO_FILE_CHOSEN } },
          ],
        },
      },
    },
    invalid: {},
    checkingDetails: {
      always: [{ guard: 'detailsRefused', target: 'ready', actions: 'refuseDetails' }, { target: 'uploading' }],
    },
    ready: { on: { 'upload.submit': submit } },
    uploading: {
      entry: assign(({ context }) => ({ error: null, progress: progressOf(0, context.file?.size ?? 0) })),
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ file: context.file!, folder: context.folder, name: context.fileName!, eventDetails: context.eventDetails }),
      },
      on: {
        'file.selected': {},
        'upload.progress': {
          actions: assign({ progress: ({ event }) => progressOf(event.bytesTransferred, event.totalBytes) }),
        },
        'upload.done': {
          target: 'success',
          actions: [
            assign(({ context, event }) => ({
              uploaded: event.file,
              progress: progressOf(context.file?.size ?? 0, context.file?.size ?? 0),
            })),
            { type: 'onUploaded', params: ({ event }) => ({ file: event.file }) },
            { type: 'log', params: ({ event }) => ({ level: 'info', message: `Uploaded ${event.file.fullPath}.` }) },
          ],
        },
        'upload.failed': [
          { guard: 'wasCanceled', target: 'canceled' },
          {
            target: 'failed',
            actions: [
              assign({ error: ({ context, event }) => uploadFailureMessage(event.error, context.fileName ?? '') }),
              { type: 'log', params: ({ event }) => ({ level: 'warn', message: 'Upload failed.', error: event.error }) },
            ],
          },
        ],
        'upload.cancel': 'canceled',
      },
      initial: 'running',
      states: {
        running: {
          on: { 'upload.pause': { guard: 'canPause', target: 'paused', actions: sendTo('upload', { type: 'upload.pause' }) } },
        },
        paused: {
          on: { 'upload.resume': { target: 'running', actions: sendTo('upload', { type: 'upload.resume' }) } },
        },
      },
    },
    success: {
      on: {
        'upload.ok': {
          target: 'idle',
          actions: [
            assign({ ...NO_CHOICE, ...NO_DETAILS }),
            'clearFileInput',
            'focusFileInput',
            'signOut',
          ],
        },
      },
    },
    failed: { entry: 'focusUploadButton', on: { 'upload.submit': submit } },
    canceled: {
      entry: [
        assign({ error: UPLOAD_CANCELED }),
        { type: 'log', params: { level: 'info', message: 'Upload canceled.' } },
        'focusUploadButton',
      ],
      on: { 'upload.submit': submit },
    },
  },
});
