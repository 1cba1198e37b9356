import { PDF_PROBLEM_MESSAGES, type PdfProblem } from '../../../src-core/domain/pdf-accessibility';

export interface PdfAdviceProps {
  readonly id: string;
  readonly checking: boolean;
  /** Undefined until a PDF has been read; empty when it is fine. */
  readonly problems: readonly PdfProblem[] | undefined;
}

/**
 * What the PDF check found about the chosen file, in a live region so a screen reader hears it
 * as soon as the file is read, and described by the file picker. It warns and never stops the upload.
 */
export function PdfAdvice({ id, checking, problems }: PdfAdviceProps) {
  return (
    <div id={id} role="status" className="pdf-advice">
      {checking && <p className="admin-form__busy">Checking the PDF for screen readers...</p>}
      {problems !== undefined && problems.length === 0 && <p>This PDF has text, a title and tags, so screen readers can read it.</p>}
      {problems !== undefined && problems.length > 0 && (
        <div className="status status--warning">
          <p>
            <strong>This PDF will be hard to use for visitors who use a screen reader.</strong>
          </p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{PDF_PROBLEM_MESSAGES[problem]}</li>
            ))}
          </ul>
          <p>You can still upload it, and replace it later with a better version.</p>
        </div>
      )}
    </div>
  );
}
