import { useEffect, useId, useRef } from 'react';

export interface ConfirmPromptProps {
  /** The question, naming what is about to go, e.g. 'Delete "Spring Newsletter"? This cannot be undone.' */
  readonly question: string;
  readonly busy: boolean;
  /** Shown while busy, e.g. 'Deleting...'. */
  readonly busyText: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** The two answers' words, where deleting is not what is asked (e.g. 'Yes, send'). */
  readonly confirmText?: string;
  readonly keepText?: string;
}

/**
 * An inline "are you sure?" in place of the button that asked. Focus starts on the safe
 * answer, so an extra key press keeps the file; the group is named by the question, which a
 * screen reader reads as focus enters it.
 */
export function ConfirmPrompt({ question, busy, busyText, onConfirm, onCancel, confirmText = 'Yes, delete', keepText = 'No, keep it' }: ConfirmPromptProps) {
  const questionId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    keepRef.current?.focus();
  }, []);

  return (
    <div role="group" aria-labelledby={questionId} className="confirm">
      <p id={questionId} className="confirm__question">
        {question}
      </p>
      <div className="confirm__actions">
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {confirmText}
        </button>
        <button ref={keepRef} type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {keepText}
        </button>
      </div>
      {busy && (
        <p role="status" className="confirm__busy">
          {busyText}
        </p>
      )}
    </div>
  );
}
