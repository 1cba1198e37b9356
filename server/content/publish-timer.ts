import type { Clock } from '../clock';
import type { ContentVersion } from './content-version';

/** setTimeout cannot wait longer than this; a later time is waited for in steps. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * Invalidates the caches when a scheduled post's time comes, even if nobody asks for a page
 * then, so the search index reads the pages that now show it (server/plugins/search.plugin.ts).
 * Readers never depend on it: each read compares the clock with the next publication time
 * (ContentVersion.current), so a stopped server shows the post on its first request after
 * starting, and this timer is armed again at start and after every change.
 */
export function startPublishTimer(contentVersion: ContentVersion, clock: Clock): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function arm(): void {
    clearTimeout(timer);
    timer = undefined;
    const due = contentVersion.nextScheduledChange();
    if (stopped || due === null) return;
    timer = setTimeout(() => {
      // A read at or after the time invalidates; a wait cut short by LONGEST_WAIT_MS waits again.
      contentVersion.current();
      arm();
    }, Math.min(Math.max(0, due - clock()), LONGEST_WAIT_MS));
    timer.unref();
  }

  contentVersion.onChange(arm);
  arm();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
