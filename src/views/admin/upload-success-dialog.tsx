import { useEffect, useId, useRef, type SyntheticEvent } from 'react';
import { UPLOAD_SUCCESS_TEXT, UPLOAD_SUCCESS_TITLE } from '../../../src-core/machines/upload-messages';

/**
 * The popup after a successful upload (docs/behaviour.md#uploads), as a modal dialog: the rest of the page is inert
 * while it is open and focus starts on OK. Escape counts as OK, the only answer it offers.
 */
export function UploadSuccessDialog({
  fileName,
  appearsOn,
  onOk,
}: {
  /** The uploaded file's name, said after the spec's text; null when unknown. */
  readonly fileName: string | null;
  /** Where it now appears, e.g. "the 'Upcoming Events' page". */
  readonly appearsOn: string;
  readonly onOk: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    // Browsers without showModal (and jsdom) still get an open, focused dialog.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    okRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  function onCancel(event: SyntheticEvent<HTMLDialogElement>): void {
    event.preventDefault();
    onOk();
  }

  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId} aria-describedby={textId} onCancel={onCancel}>
      <h2 id={titleId} className="dialog__title">
        {UPLOAD_SUCCESS_TITLE}
      </h2>
      <p id={textId}>{UPLOAD_SUCCESS_TEXT}</p>
      {fileName !== null && (
        <p>
          &lsquo;{fileName}&rsquo; now appears on {appearsOn}.
        </p>
      )}
      <p>OK signs you out of the admin area, so nobody else can make changes from this browser. Sign in again to upload another file.</p>
      <button ref={okRef} type="button" className="button" onClick={onOk}>
        OK
      </button>
    </dialog>
  );
}
