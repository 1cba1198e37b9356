import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CallbackActorLogic } from 'xstate';
import { acceptFor, describeAllowedKinds } from '../../../src-core/domain/file-types';
import { formatBytes } from '../../../src-core/domain/files';
import { pdfCheckMachine } from '../../../src-core/machines/pdf-check.machine';
import { uploadActorFor } from '../../../src-core/machines/upload-actor';
import { uploadMachine } from '../../../src-core/machines/upload.machine';
import type { UploadActorEvent, UploadActorInput } from '../../../src-core/machines/upload.types';
import type { Folder } from '../../../src-core/domain/stored-file';
import { useBackend, useRouteDataCache } from '../../lib/backend.context';
import { inspectChosenPdf } from '../../lib/pdf-inspect.actor';
import { filesQuery } from '../route.queries';
import { PdfAdvice } from './pdf-advice';
import { UploadProgress } from './upload-progress';
import { UploadSuccessDialog } from './upload-success-dialog';
import '../../components/form-field.css';

export type UploadActorLogic = CallbackActorLogic<UploadActorEvent, UploadActorInput>;

export interface UploadFormProps {
  readonly folder: Folder;
  /** The spec's heading, e.g. 'Upload Events'. */
  readonly heading: string;
  readonly maxBytes: number;
  /** The transfer; the backend's storage by default. Tests pass their own to drive progress. */
  readonly uploadActor?: UploadActorLogic;
}

/** One of the admin page's upload forms, on the upload machine. */
export function UploadForm({ folder, heading, maxBytes, uploadActor }: UploadFormProps) {
  const { storage, auth } = useBackend();
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
        onUploaded: () => cache.invalidate(filesQuery(folder).key),
      },
    }),
  );
  const [state, send] = useMachine(machine, {
    input: { folder, maxBytes, pauseResume: storage.capabilities.pauseResume },
  });
  const { file, fileName, error, progress, success, inputKey } = state.context;
  // Reads a chosen PDF for what screen readers need; it only warns (docs/behaviour.md#uploads).
  const [pdfChecker] = useState(() => pdfCheckMachine.provide({ actors: { inspect: inspectChosenPdf } }));
  const [pdfCheck, sendToPdfCheck] = useMachine(pdfChecker);
  const adviceId = useId();
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
    send({ type: 'upload.submit' });
  }

  function onOk(): void {
    send({ type: 'upload.ok' });
    sendToPdfCheck({ type: 'file.selected', file: null });
    // The popup closes on the emptied form; the sign-out that follows then leads to the login page.
    queueMicrotask(() => inputRef.current?.focus());
  }

  const advising = pdfCheck.matches('checking') || pdfCheck.matches('checked');
  const describedBy = [hintId, ...(advising ? [adviceId] : []), ...(error === null ? [] : [errorId])].join(' ');

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
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              send({ type: 'file.selected', file: chosen });
              sendToPdfCheck({ type: 'file.selected', file: chosen });
            }}
          />
        </div>
        <PdfAdvice
          id={adviceId}
          checking={pdfCheck.matches('checking')}
          problems={pdfCheck.matches('checked') ? pdfCheck.context.problems : undefined}
        />
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
