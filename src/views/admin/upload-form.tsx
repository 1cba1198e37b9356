import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CallbackActorLogic } from 'xstate';
import { acceptFor, describeAllowedKinds } from '../../../src-core/domain/file-types';
import { formatBytes } from '../../../src-core/domain/files';
import { uploadActorFor } from '../../../src-core/machines/upload-actor';
import { uploadMachine } from '../../../src-core/machines/upload.machine';
import type { UploadActorEvent, UploadActorInput } from '../../../src-core/machines/upload.types';
import type { Folder } from '../../../src-core/domain/stored-file';
import { useBackend, useRouteDataCache } from '../../lib/backend.context';
import { EMPTY_EVENT_FORM, eventDetailsFromForm } from '../../../src-core/domain/event-details-form';
import { eventsChanged, filesQuery } from '../route.queries';
import { EventDetailsFields, readEventDetailsForm } from './event-details-fields';
import { UploadProgress } from './upload-progress';
import { UploadSuccessDialog } from './upload-success-dialog';
import '../../components/form-field.css';

export type UploadActorLogic = CallbackActorLogic<UploadActorEvent, UploadActorInput>;

export interface UploadFormProps {
  readonly folder: Folder;
  /** The spec's heading, e.g. 'Upload Events'. */
  readonly heading: string;
  readonly maxBytes: number;
  /** For the events folder: the association's time zone, which the details are written in. */
  readonly timeZone?: string;
  /** The transfer; the backend's storage by default. Tests pass their own to drive progress. */
  readonly uploadActor?: UploadActorLogic;
}

/** One of the admin page's upload forms, on the upload machine. */
export function UploadForm({ folder, heading, maxBytes, timeZone, uploadActor }: UploadFormProps) {
  const backend = useBackend();
  const { storage, auth } = backend;
  const cache = useRouteDataCache();
  const [machine] = useState(() =>
    uploadMachine.provide({
      actors: { upload: uploadActor ?? uploadActorFor(storage) },
      actions: {
        // Spec section 4: OK on the popup signs the administrator out.
        signOut: () => {
          auth.signOut().catch((error: unknown) => console.warn('Signing out failed.', error));
        },
        // The public pages and the delete list read this folder through the cache.
        onUploaded: () => {
          cache.invalidate(filesQuery(folder).key);
          if (folder === 'events') eventsChanged(cache, backend);
        },
      },
    }),
  );
  const [state, send] = useMachine(machine, {
    input: { folder, maxBytes, pauseResume: storage.capabilities.pauseResume },
  });
  const { file, fileName, error, progress, success, inputKey, detailsErrors } = state.context;
  const uploading = state.matches('uploading');
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const wasUploading = useRef(false);

  // When an upload stops short (failed or canceled), its controls vanish; focus returns to Upload.
  useEffect(() => {
    if (wasUploading.current && !uploading && !success) submitRef.current?.focus();
    wasUploading.current = uploading;
  }, [uploading, success]);

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (timeZone === undefined) {
      send({ type: 'upload.submit' });
      return;
    }
    // The details are checked here, before a byte is sent; the backend checks them again.
    const { details, errors } = eventDetailsFromForm(readEventDetailsForm(event.currentTarget), timeZone);
    send({ type: 'upload.submit', eventDetails: details, detailsErrors: errors as Record<string, string> });
  }

  function onOk(): void {
    send({ type: 'upload.ok' });
    // The popup closes on the emptied form; the sign-out that follows then leads to the login page.
    queueMicrotask(() => inputRef.current?.focus());
  }

  const describedBy = error === null ? hintId : `${hintId} ${errorId}`;

  return (
    <section className="admin-card upload-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <p id={hintId} className="upload-form__hint">
        {describeAllowedKinds(folder)} files, up to {formatBytes(maxBytes)}.
      </p>
      <form noValidate onSubmit={onSubmit}>
        <div className="form-field">
          <label htmlFor={inputId}>Choose a file</label>
          <input
            key={inputKey}
            ref={inputRef}
            id={inputId}
            name="file"
            type="file"
            accept={acceptFor(folder)}
            aria-describedby={describedBy}
            aria-invalid={error !== null && state.matches('invalid')}
            disabled={uploading}
            onChange={(event) => send({ type: 'file.selected', file: event.target.files?.[0] ?? null })}
          />
        </div>
        {timeZone === undefined ? null : (
          // Folded away until asked for: most uploads need no details, and the form stays short.
          // It opens by itself when a detail needs correcting.
          <details key={inputKey} className="event-details-disclosure" open={Object.keys(detailsErrors).length > 0 || undefined}>
            <summary>Add the event&apos;s date, time and place (optional)</summary>
            <EventDetailsFields initial={EMPTY_EVENT_FORM} errors={detailsErrors} disabled={uploading} timeZone={timeZone} />
          </details>
        )}
        {state.matches('ready') && file !== null && fileName !== null && (
          <p className="upload-form__chosen">
            Ready to upload: <strong>{fileName}</strong> ({formatBytes(file.size)})
          </p>
        )}
        {error !== null && (
          <p id={errorId} role="alert" className="field-error upload-form__error">
            {error}
          </p>
        )}
        {uploading && progress !== null ? (
          <UploadProgress
            fileName={fileName ?? ''}
            progress={progress}
            paused={state.matches({ uploading: 'paused' })}
            canPause={state.context.pauseResume}
            onPause={() => send({ type: 'upload.pause' })}
            onResume={() => send({ type: 'upload.resume' })}
            onCancel={() => send({ type: 'upload.cancel' })}
          />
        ) : (
          <button ref={submitRef} type="submit" className="button">
            Upload
          </button>
        )}
      </form>
      {success && <UploadSuccessDialog onOk={onOk} />}
    </section>
  );
}
