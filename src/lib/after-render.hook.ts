import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Runs a task once React has drawn the state that asked for it. A machine's action runs while
 * the machine changes state, before React has rendered the new state, so the element to focus
 * (an outcome message, the first field marked invalid) may not be there yet, or not yet say why.
 * Tasks run in an effect after the next commit: the one for the machine's new state.
 */
export function useAfterRender(): (task: () => void) => void {
  const queue = useRef<(() => void)[]>([]);
  const [, setRequests] = useState(0);

  // No dependencies on purpose: after every commit, whatever made this component render.
  useEffect(() => {
    const due = queue.current.splice(0);
    for (const task of due) task();
  });

  return useCallback((task: () => void) => {
    queue.current.push(task);
    // The machine's own update usually renders this component; this makes sure a render follows.
    setRequests((count) => count + 1);
  }, []);
}
