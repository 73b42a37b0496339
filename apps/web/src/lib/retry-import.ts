/**
 * A code chunk that failed to load (a dropped connection, a blip while offline) is fetched
 * again instead of taking the page down: after the browser comes back online, or after 1, 2
 * and 4 seconds. Only the last failure is thrown, to the nearest error boundary.
 */
export function retryImport<T>(load: () => Promise<T>, retries = 3, delayMs = 1000): Promise<T> {
  return load().catch(async (err: unknown) => {
    if (retries <= 0) throw err;
    await onlineOrDelay(delayMs);
    return retryImport(load, retries - 1, delayMs * 2);
  });
}

function onlineOrDelay(delayMs: number): Promise<void> {
  return new Promise((resolve) => {
    const offline =
      typeof navigator !== 'undefined' &&
      navigator.onLine === false &&
      typeof window !== 'undefined';
    if (!offline) {
      setTimeout(resolve, delayMs);
      return;
    }
    // While offline no attempt can succeed: wait for the connection, then give it a moment.
    const online = () => {
      window.removeEventListener('online', online);
      setTimeout(resolve, 250);
    };
    window.addEventListener('online', online);
  });
}
