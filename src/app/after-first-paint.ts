const LONGEST_WAIT_MS = 2_000;

/**
 * Resolves once the browser has put the page's first content on screen: the moment it reports
 * 'first-contentful-paint', which comes when the frame is shown, not merely drawn. A hidden tab
 * paints nothing, and an old browser may not report paints, so those wait for one frame instead;
 * and nothing waits longer than two seconds.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => resolve();
    const oneFrame = () => requestAnimationFrame(() => setTimeout(done, 0));
    if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') {
      oneFrame();
      return;
    }
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
      oneFrame();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      done();
    }, LONGEST_WAIT_MS);
  });
}
