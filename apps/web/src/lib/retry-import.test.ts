import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryImport } from './retry-import';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A chunk load that fails `failures` times, then loads. */
function flaky(failures: number) {
  let calls = 0;
  const load = vi.fn(() =>
    ++calls <= failures
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : Promise.resolve({ default: 'chunk' }),
  );
  return load;
}

describe('retryImport', () => {
  it('loads again after 1 and 2 seconds until the chunk arrives', async () => {
    const load = flaky(2);
    const result = retryImport(load);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual({ default: 'chunk' });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('gives up after three retries with the last error', async () => {
    const load = flaky(10);
    const result = retryImport(load);
    const settled = expect(result).rejects.toThrow('Failed to fetch dynamically imported module');
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    await settled;
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('while offline, waits for the connection before the next attempt', async () => {
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    vi.stubGlobal('navigator', { onLine: false });
    const load = flaky(1);
    const result = retryImport(load);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(250);
    await expect(result).resolves.toEqual({ default: 'chunk' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
