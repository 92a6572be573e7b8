/**
 * Resolves in a later task of the event loop, so the browser can paint and handle input in between:
 * long start-up work split at these points never blocks a slow phone's main thread for long.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
