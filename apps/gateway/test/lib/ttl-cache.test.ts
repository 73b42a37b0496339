import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from '../../src/lib/ttl-cache.js';

describe('TtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('loads a key once for requests that miss it together, then serves it until it expires', async () => {
    // Only the clock is faked: a busy machine cannot let the 50 ms pass between two lines.
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new TtlCache<string, number>(50);
    let loads = 0;
    let release: (v: number) => void = () => undefined;
    const load = () => {
      loads += 1;
      return new Promise<number>((r) => (release = r));
    };
    const waiting = Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)]);
    release(7);
    expect(await waiting).toEqual([7, 7, 7]);
    expect(loads).toBe(1);
    expect(await cache.get('a', () => Promise.resolve(8))).toBe(7);
    vi.setSystemTime(Date.now() + 60);
    expect(await cache.get('a', () => Promise.resolve(8))).toBe(8);
  });

  it('does not keep a value loaded before clear(), nor share its load afterwards', async () => {
    const cache = new TtlCache<string, string>(10_000);
    let release: (v: string) => void = () => undefined;
    const before = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    const after = cache.get('k', () => Promise.resolve('new'));
    release('stale');
    expect(await before).toBe('stale');
    expect(await after).toBe('new');
    expect(await cache.get('k', () => Promise.resolve('reloaded'))).toBe('new');
  });

  it('lets every waiter of a failed load see the failure, and loads again next time', async () => {
    const cache = new TtlCache<string, number>(10_000);
    const failing = () => Promise.reject(new Error('down'));
    await expect(Promise.all([cache.get('x', failing), cache.get('x', failing)])).rejects.toThrow(
      'down',
    );
    expect(await cache.get('x', () => Promise.resolve(1))).toBe(1);
  });
});
