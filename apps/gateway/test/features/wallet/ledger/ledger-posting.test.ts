import { describe, expect, it } from 'vitest';
import {
  addLegs,
  checkedLegs,
  compareBalanceKeys,
  compareText,
  type BalanceChange,
  type Posting,
} from '../../../../src/features/wallet/ledger/posting.js';

const posting = (legs: Posting['legs']): Posting => ({
  mode: 1,
  flowType: 1,
  refType: 'TEST',
  refId: '1',
  at: new Date(0),
  legs,
});

// Characters from the ranges where UTF-16 order and UTF-8 byte order agree and where they
// differ (surrogate pairs against U+E000-U+FFFF), and every text of up to two of them.
const CHARS = ['0', 'B', '_', 'a', 'é', '€', 'ｱ', '\uFFFD', '\uD83D\uDE00', '\uD800\uDC00'];
const TEXTS = [''];
for (let i = 0; i < 2; i++)
  for (const t of TEXTS.filter((x) => [...x].length === i))
    for (const c of CHARS) TEXTS.push(t + c);

describe('the ledger key order', () => {
  it('compares text by its UTF-8 bytes, as Postgres does COLLATE "C"', () => {
    const wrong: string[] = [];
    for (const a of TEXTS)
      for (const b of TEXTS)
        if (
          Math.sign(compareText(a, b)) !== Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)))
        )
          wrong.push(`${a} vs ${b}`);
    expect(TEXTS).toHaveLength(111);
    expect(wrong).toEqual([]);
  });

  it('orders balances by account, mode and asset', () => {
    const keys = [
      { accountId: 'b', mode: 1, asset: 'USDT' },
      { accountId: 'a', mode: 2, asset: 'USDT' },
      { accountId: 'a', mode: 1, asset: 'usd' },
      { accountId: 'a', mode: 1, asset: 'USDT' },
    ];
    expect([...keys].sort(compareBalanceKeys)).toEqual([keys[3], keys[2], keys[1], keys[0]]);
  });
});

/** The net change per balance of a posting applied twice: [account, available, frozen]. */
function nettedTwice(p: Posting): string[][] {
  const changes = new Map<string, BalanceChange>();
  addLegs(changes, p, checkedLegs(p));
  addLegs(changes, p, checkedLegs(p));
  return [...changes.values()].map((c) => [c.accountId, c.available.toFixed(), c.frozen.toFixed()]);
}

describe('a posting', () => {
  it('drops zero legs and refuses one that does not sum to zero per asset', () => {
    const legs = checkedLegs(
      posting([
        { accountId: 'a', asset: 'BTC', bucket: 'AVAILABLE', amount: '-1.5' },
        { accountId: 'b', asset: 'BTC', bucket: 'AVAILABLE', amount: '1.5' },
        { accountId: 'b', asset: 'ETH', bucket: 'FROZEN', amount: '0' },
      ]),
    );
    expect(legs.map((l) => l.amount.toFixed())).toEqual(['-1.5', '1.5']);
    expect(() =>
      checkedLegs(posting([{ accountId: 'a', asset: 'BTC', bucket: 'AVAILABLE', amount: '1' }])),
    ).toThrow('Unbalanced posting TEST/1: BTC sums to 1');
  });

  it('refuses a posting off by the smallest unit, however large its legs', () => {
    // One wei of ETH (18 decimals) created beside a balanced BTC pair: no tolerance, no rounding.
    expect(() =>
      checkedLegs(
        posting([
          { accountId: 'a', asset: 'BTC', bucket: 'AVAILABLE', amount: '-21000000' },
          { accountId: 'b', asset: 'BTC', bucket: 'AVAILABLE', amount: '21000000' },
          {
            accountId: 'a',
            asset: 'ETH',
            bucket: 'AVAILABLE',
            amount: '-123456789.123456789012345678',
          },
          {
            accountId: 'b',
            asset: 'ETH',
            bucket: 'FROZEN',
            amount: '123456789.123456789012345679',
          },
        ]),
      ),
    ).toThrow('Unbalanced posting TEST/1: ETH sums to 0.000000000000000001');
  });

  it('nets its legs per balance', () => {
    const p = posting([
      { accountId: 'a', asset: 'BTC', bucket: 'AVAILABLE', amount: '-1' },
      { accountId: 'a', asset: 'BTC', bucket: 'FROZEN', amount: '1' },
      { accountId: 'a', asset: 'BTC', bucket: 'AVAILABLE', amount: '0.25' },
      { accountId: 'b', asset: 'BTC', bucket: 'AVAILABLE', amount: '-0.25' },
    ]);
    expect(nettedTwice(p)).toEqual([
      ['a', '-1.5', '2'],
      ['b', '-0.5', '0'],
    ]);
  });

  it('nets large 18-decimal amounts to the last unit', () => {
    const p = posting([
      {
        accountId: 'a',
        asset: 'ETH',
        bucket: 'AVAILABLE',
        amount: '-999999999999999.999999999999999999',
      },
      {
        accountId: 'b',
        asset: 'ETH',
        bucket: 'AVAILABLE',
        amount: '999999999999999.999999999999999998',
      },
      { accountId: 'b', asset: 'ETH', bucket: 'FROZEN', amount: '0.000000000000000001' },
    ]);
    expect(nettedTwice(p)).toEqual([
      ['a', '-1999999999999999.999999999999999998', '0'],
      ['b', '1999999999999999.999999999999999996', '0.000000000000000002'],
    ]);
  });
});
