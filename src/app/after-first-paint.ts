/** Resolves once the browser has painted the next frame: requestAnimationFrame runs just before it, the timeout just after. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
