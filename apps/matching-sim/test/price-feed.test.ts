import { describe, expect, it } from 'vitest';
import { PriceFeed, type FeedAsset } from '../src/sim/price-feed.js';

const assets: FeedAsset[] = [
  { asset: 'BTC', anchor: '520000', volatility: 0.6, decimals: 2 },
  { asset: 'GOLD', anchor: '600.5', volatility: 0.15, decimals: 4 },
];
const MINUTE = 60_000;

describe('reference price feed', () => {
  it('starts at the anchors and is reproducible from its seed', () => {
    const a = new PriceFeed({ assets, seed: 1 });
    expect(a.price('BTC')).toBe('520000.00');
    const b = new PriceFeed({ assets, seed: 1 });
    const c = new PriceFeed({ assets, seed: 2 });
    const walk = (f: PriceFeed) =>
      Array.from({ length: 50 }, () => (f.step(MINUTE), f.price('BTC')));
    const wa = walk(a);
    expect(walk(b)).toEqual(wa);
    expect(walk(c)).not.toEqual(wa);
    expect(new Set(wa).size).toBeGreaterThan(40);
  });

  it('moves like its volatility over a minute and stays anchored over months', () => {
    const f = new PriceFeed({ assets, seed: 7 });
    let maxMinuteMove = 0;
    let prev = Number(f.price('BTC'));
    const logs: number[] = [];
    for (let i = 0; i < 200_000; i++) {
      f.step(MINUTE);
      const p = Number(f.price('BTC'));
      maxMinuteMove = Math.max(maxMinuteMove, Math.abs(Math.log(p / prev)));
      prev = p;
      logs.push(Math.log(p / 520000));
    }
    // 60% a year is about 0.08% per minute: no minute should move 1%.
    expect(maxMinuteMove).toBeLessThan(0.01);
    const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(logs.reduce((m, x) => Math.max(m, Math.abs(x)), 0)).toBeLessThan(0.5);
  });

  it('gives rates in HKD per 100 units', () => {
    const f = new PriceFeed({ assets, seed: 3 });
    expect(f.ratesPer100()).toEqual({ HKD: '100', BTC: '52000000', GOLD: '60050.00' });
    f.step(MINUTE);
    const r = f.ratesPer100();
    expect(Number(r.GOLD)).toBeCloseTo(Number(f.price('GOLD')) * 100, 1);
    expect(
      () =>
        new PriceFeed({
          assets: [{ asset: 'X', anchor: '-1', volatility: 0.1, decimals: 2 }],
          seed: 1,
        }),
    ).toThrow(/positive/);
  });
});
