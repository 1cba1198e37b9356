import { useEffect, useState } from 'react';

const STOPPED_KEY = 'rnai:stopped-upload';

/** @internal Outside this file only tests and fakes use it. */
export const LEAVE_DURING_UPLOAD =
  'A file is still uploading. If you leave this page now, the upload stops and the file is not stored. Leave anyway?';

/** Notes, for the next admin page this tab opens, that the upload of `fileName` was stopped. */
function noteStopped(fileName: string): void {
  try {
    sessionStorage.setItem(STOPPED_KEY, fileName);
  } catch {
    // Storage may be off; the volunteer was asked before leaving all the same.
  }
}

/** A link that leaves this page (not one that opens a new tab or jumps within it). */
function leavingLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  const here = new URL(window.location.href);
  if (url.origin === here.origin && url.pathname === here.pathname && url.search === here.search && url.hash !== '') return null;
  return link;
}

/**
 * While an upload runs, leaving the page asks first: a link (the menu, the shield, the footer)
 * asks with the browser's own question box, and a reload or closing the tab with the browser's
 * "leave site?" prompt. If the volunteer leaves all the same, the next admin page says the upload
 * was stopped (StoppedUploadNote).
 */
export function useLeaveGuard(uploading: boolean, fileName: string | null): void {
  useEffect(() => {
    if (!uploading) return;
    const name = fileName ?? 'your file';
    // Capture, so the question comes before the router follows the link.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || leavingLink(event.target) === null) return;
      if (window.confirm(LEAVE_DURING_UPLOAD)) {
        noteStopped(name);
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a value here to ask at all.
      event.returnValue = LEAVE_DURING_UPLOAD;
    };
    const onPageHide = () => noteStopped(name);
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [uploading, fileName]);
}

/** Says, once, that an upload was stopped when the volunteer left the page during it. */
export function StoppedUploadNote() {
  // Read once as the page opens (the admin area is never rendered on a server), then forgotten.
  const [stopped] = useState<string | null>(() => {
    try {
      const name = sessionStorage.getItem(STOPPED_KEY);
      sessionStorage.removeItem(STOPPED_KEY);
      return name;
    } catch {
      return null;
    }
  });
  if (stopped === null) return null;
  return (
    <div role="status" className="status status--error admin-stopped-upload">
      <p>
        The upload of &lsquo;{stopped}&rsquo; was stopped when you left the page, so it was not stored. Please upload it
        again.
      </p>
    </div>
  );
}
