const marked = new WeakSet<Promise<unknown>>();

/**
 * The promise itself, marked fulfilled once it resolves: React's use() reads `status` and `value`
 * on the thenables it is given, so a component that calls use() on every render (as React
 * requires of one that suspended) goes on at once when the code it waits for is already there.
 */
export function readable<T>(promise: Promise<T>): Promise<T> {
  if (marked.has(promise)) return promise;
  marked.add(promise);
  const tracked: Promise<T> & { status?: 'fulfilled'; value?: T } = promise;
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    () => undefined,
  );
  return tracked;
}
