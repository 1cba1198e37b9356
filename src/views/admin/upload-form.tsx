import { useMachine } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { acceptFor, describeAllowedKinds } from '../../../src-core/domain/file-types';
import { formatBytes } from '../../../src-core/domain/files';
import type { Folder } from '../../../src-core/domain/stored-file';
import { EMPTY_EVENT_FORM } from '../../../src-core/domain/event-details-form';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useAfterRender } from '../../lib/after-render.hook';
import { useBackend } from '../../lib/backend.context';
import { focusById } from '../../lib/focus';
import { PdfAdvice } from './pdf-advice';
import { EventDetailsDisclosure, EventDetailsFields, readEventDetailsForm } from './event-details-fields';
import { UploadProgress } from './upload-progress';
import { UploadSuccessDialog } from './upload-success-dialog';
import { useLeaveGuard } from './upload-guard';
import '../../components/form-field.css';
import { AdminCard } from './admin-card';

export interface UploadFormProps {
  readonly folder: Folder;
  /** The form's fixed heading (docs/behaviour.md#uploads), e.g. 'Upload Events'. */
  readonly heading: string;
  /** Where its files show on the site, e.g. "the 'Upcoming Events' page". */
  readonly appearsOn: string;
  readonly maxBytes: number;
  /** For the events folder: the association's time zone, which the details are written in. */
  readonly timeZone?: string;
}

/** One of the admin page's upload forms, on the upload machine. */
export function UploadForm({ folder, heading, appearsOn, maxBytes, timeZone }: UploadFormProps) {
  const { storage } = useBackend();
  const inputId = useId();
  const submitId = useId();
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.upload({
      // An upload that stopped short (failed or canceled) takes its controls with it; focus returns to Upload.
      focusUploadButton: () => afterRender(() => focusById(submitId)),
      // OK empties the form (the file and any event details) under the closing popup; the sign-out
      // that follows then leads to the login page.
      clearFileInput: () => {
        const input = document.getElementById(inputId);
        if (!(input instanceof HTMLInputElement)) return;
        input.value = '';
        input.form?.reset();
      },
      focusFileInput: () => afterRender(() => focusById(inputId)),
    }),
  );
  const [state, send] = useMachine(machine, {
    input: { folder, maxBytes, pauseResume: storage.capabilities.pauseResume, timeZone },
  });
  const { file, fileName, error, progress, detailsErrors } = state.context;
  // Reads a chosen PDF for what screen readers need; it only warns (docs/behaviour.md#uploads).
  const [pdfChecker] = useState(() => machines.pdfCheck());
  const [pdfCheck, sendToPdfCheck] = useMachine(pdfChecker);
  const adviceId = useId();
  const uploading = state.matches('uploading');
  useLeaveGuard(uploading, fileName);
  // The name shown in the popup: the machine forgets the file once the popup is answered.
  const uploadedName = state.matches('success') ? fileName : null;
  const hintId = useId();
  const errorId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    // The machine checks the details before a byte is sent; the backend checks them again.
    send({ type: 'upload.submit', ...(timeZone === undefined ? {} : { eventForm: readEventDetailsForm(event.currentTarget) }) });
  }

  function onOk(): void {
    send({ type: 'upload.ok' });
    sendToPdfCheck({ type: 'file.selected', file: null });
  }

  const advising = pdfCheck.matches('checking') || pdfCheck.matches('checked');
  const describedBy = [hintId, ...(advising ? [adviceId] : []), ...(error === null ? [] : [errorId])].join(' ');

  return (
    <AdminCard title={heading} className="upload-form">
      <p id={hintId} className="upload-form__hint">
        {describeAllowedKinds(folder)} files, up to {formatBytes(maxBytes)}.
      </p>
      <p className="upload-form__where">
        Files uploaded here appear on {appearsOn}. The file name becomes the title visitors see, without its ending:
        &lsquo;Spring Lunch.pdf&rsquo; shows as &lsquo;Spring Lunch&rsquo;, so name the file as it should read.
      </p>
      <form noValidate onSubmit={onSubmit}>
        <div className="form-field">
          <label htmlFor={inputId}>Choose a file</label>
          <input
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
        {timeZone === undefined ? null : (
          <EventDetailsDisclosure errors={detailsErrors}>
            <EventDetailsFields initial={EMPTY_EVENT_FORM} errors={detailsErrors} disabled={uploading} timeZone={timeZone} />
          </EventDetailsDisclosure>
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
          <button id={submitId} type="submit" className="button">
            Upload
          </button>
        )}
      </form>
      {state.matches('success') && <UploadSuccessDialog fileName={uploadedName} appearsOn={appearsOn} onOk={onOk} />}
    </AdminCard>
  );
}
