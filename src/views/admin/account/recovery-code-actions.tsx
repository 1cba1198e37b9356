import { useState } from 'react';

/** The codes as a text file a volunteer can keep, with a line that says what they are for. */
function codesFile(codes: readonly string[], site: string): string {
  return [`Recovery codes for signing in to ${site}`, 'Each code works once, instead of a code from the app.', '', ...codes, ''].join('\n');
}

/**
 * Print, copy and download for the recovery codes, so a volunteer can keep them without writing
 * ten codes out by hand. Download works without script (a data address); copy says whether it worked.
 */
export function RecoveryCodeActions({ codes }: { readonly codes: readonly string[] }) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const site = typeof window === 'undefined' ? 'this website' : window.location.host;
  const text = codesFile(codes, site);

  function copy(): void {
    // Some browsers offer no clipboard (or refuse it outside HTTPS): the volunteer is told to print or download instead.
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (clipboard === undefined) {
      setCopied('failed');
      return;
    }
    clipboard.writeText(text).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  }

  return (
    <>
      <div className="admin-form__actions admin-two-step__keep">
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          Print the codes
        </button>
        <button type="button" className="button button--secondary" onClick={copy}>
          Copy the codes
        </button>
        <a className="button button--secondary" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recovery-codes.txt">
          Download the codes
        </a>
      </div>
      <p role="status" className="admin-two-step__copied">
        {copied === 'copied' && 'The codes are copied. Paste them somewhere safe, such as a password manager.'}
        {copied === 'failed' && 'This browser would not copy them. Print or download them instead.'}
      </p>
    </>
  );
}
