import { describe, expect, it } from 'vitest';
import { nightBatchAt } from '../../../../src/features/wallet/withdrawal/batch-window.js';

/** A Hong Kong wall-clock time (UTC+8) as a Date. */
const hk = (day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2026, 0, day, hour - 8, minute));

describe('the crypto withdrawal night batch (22:00-09:00 Hong Kong time)', () => {
  it.each([
    ['09:00 (the window has ended)', hk(10, 9, 0), null],
    ['12:00', hk(10, 12), null],
    ['21:59', hk(10, 21, 59), null],
    ['22:00 (waits for the next morning)', hk(10, 22, 0), hk(11, 9)],
    ['23:59', hk(10, 23, 59), hk(11, 9)],
    ['00:00 (the same morning)', hk(11, 0, 0), hk(11, 9)],
    ['08:59', hk(11, 8, 59), hk(11, 9)],
  ])('a request at %s', (_label, at, batch) => {
    expect(nightBatchAt(at)).toEqual(batch);
  });

  it('crosses month and year ends', () => {
    expect(nightBatchAt(new Date(Date.UTC(2026, 11, 31, 15, 30)))).toEqual(
      new Date(Date.UTC(2027, 0, 1, 1, 0)),
    );
  });
});
