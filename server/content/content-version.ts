/**
 * A number that changes whenever anything a public page is rendered from may have changed
 * (posts and stored files): the caches key on it, so a change invalidates them.
 */
export interface ContentVersion {
  /** The number now; first notices what other processes changed, at most once per recheck. */
  current(): number;
  /** Called by every write to posts or files once it is done, so the next page shows it. */
  changed(): void;
  /** Calls `listener` after every increment, which invalidates the caches (the search index reads changed files then). */
  onChange(listener: () => void): void;
  /** When content next changes by itself (see ContentVersionOptions.scheduled); null when nothing waits. */
  nextScheduledChange(): number | null;
}

export interface ContentVersionOptions {
  /**
   * A cheap fingerprint of what another process may have changed behind the server's back
   * (`npm run admin -- remove-samples` deletes posts and files while the server runs). A new
   * value counts as a change. Looked at no more than once per `recheckMs`, so it costs
   * nothing per request.
   */
  readonly outside?: () => string;
  readonly recheckMs?: number;
  readonly now?: () => number;
  /**
   * Content that changes by itself with time: a scheduled post is published at its date with
   * no write to tell anyone. `nextAt` says when that next happens (null: nothing waits), asked
   * again after every change; the first read at or after that moment by `clock` invalidates.
   */
  readonly scheduled?: { readonly nextAt: () => number | null; readonly clock: () => number };
}

export function createContentVersion(options: ContentVersionOptions = {}): ContentVersion {
  const { outside, recheckMs = 1_000, now = Date.now, scheduled } = options;
  let version = 0;
  let fingerprint = outside?.();
  let checkedAt = now();
  const listeners: Array<() => void> = [];
  // Asked for at the first read, once whatever it reads from exists.
  let dueAt: number | null | undefined;
  const nextDue = () => (dueAt === undefined ? (dueAt = scheduled?.nextAt() ?? null) : dueAt);

  function invalidate(): void {
    version += 1;
    dueAt = scheduled?.nextAt() ?? null;
    for (const listener of listeners) listener();
  }

  function noticeScheduledChanges(): void {
    const due = nextDue();
    if (scheduled !== undefined && due !== null && scheduled.clock() >= due) invalidate();
  }

  function noticeOutsideChanges(): void {
    if (outside === undefined || now() - checkedAt < recheckMs) return;
    checkedAt = now();
    const latest = outside();
    if (latest === fingerprint) return;
    fingerprint = latest;
    invalidate();
  }

  return {
    current() {
      noticeOutsideChanges();
      noticeScheduledChanges();
      return version;
    },
    changed() {
      // The fingerprint now includes this write (a file's folder date moved), so it is not
      // taken for another process's later; anything another process did before is covered
      // by this increment too.
      fingerprint = outside?.();
      invalidate();
    },
    onChange(listener) {
      listeners.push(listener);
    },
    nextScheduledChange: nextDue,
  };
}
