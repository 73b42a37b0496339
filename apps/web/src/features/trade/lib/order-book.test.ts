import { describe, expect, it } from 'vitest';
import {
  applyIncrement,
  bestPrice,
  bookFromSnapshot,
  changedPrices,
  groupingSteps,
  groupLevels,
  ownLevelPrices,
  spreadOf,
  type BookState,
} from './order-book';

const snap = () =>
  bookFromSnapshot({
    symbol: 'BTC_USDT',
    seq: 10,
    bids: [
      ['100.10', '1'],
      ['100.05', '2'],
      ['99.99', '0.5'],
      ['99.00', '0'],
    ],
    asks: [
      ['100.20', '1.5'],
      ['100.21', '0.25'],
      ['101', '3'],
    ],
  });

describe('order book grouping', () => {
  it('offers the tick size and its multiples of ten as steps', () => {
    expect(groupingSteps('0.01')).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupingSteps('0.5')).toEqual(['0.5', '5', '50', '500']);
  });

  it('keeps every level at the tick size, best first, with running totals; zero levels are dropped', () => {
    const book = snap();
    expect(groupLevels(book.bids, 'bids', '0.01')).toEqual([
      { price: '100.1', amount: '1', cumulative: '1' },
      { price: '100.05', amount: '2', cumulative: '3' },
      { price: '99.99', amount: '0.5', cumulative: '3.5' },
    ]);
    expect(groupLevels(book.asks, 'asks', '0.01').map((l) => l.price)).toEqual([
      '100.2',
      '100.21',
      '101',
    ]);
  });

  it('rounds bids down and asks up onto a coarser step and sums exactly', () => {
    const book = snap();
    expect(groupLevels(book.bids, 'bids', '1')).toEqual([
      { price: '100', amount: '3', cumulative: '3' },
      { price: '99', amount: '0.5', cumulative: '3.5' },
    ]);
    expect(groupLevels(book.asks, 'asks', '1')).toEqual([
      { price: '101', amount: '4.75', cumulative: '4.75' },
    ]);
    expect(groupLevels(book.asks, 'asks', '0.1')).toEqual([
      { price: '100.2', amount: '1.5', cumulative: '1.5' },
      { price: '100.3', amount: '0.25', cumulative: '1.75' },
      { price: '101', amount: '3', cumulative: '4.75' },
    ]);
  });

  it('limits the number of levels', () => {
    expect(groupLevels(snap().bids, 'bids', '0.01', 2)).toHaveLength(2);
  });

  it('finds the best bid and ask', () => {
    expect(bestPrice(snap(), 'bids')).toBe('100.1');
    expect(bestPrice(snap(), 'asks')).toBe('100.2');
    expect(bestPrice(null, 'asks')).toBeNull();
  });
});

describe('order book updates', () => {
  it('applies the next increment: sets, adds and removes (amount 0) levels', () => {
    let book: BookState = snap();
    let r = applyIncrement(book, {
      symbol: 'BTC_USDT',
      seq: 11,
      side: 'BUY',
      price: '100.1',
      amount: '4',
    });
    expect(r.kind).toBe('applied');
    if (r.kind !== 'applied') return;
    book = r.book;
    expect(book.bids.get('100.1')).toBe('4');
    r = applyIncrement(book, {
      symbol: 'BTC_USDT',
      seq: 12,
      side: 'SELL',
      price: '100.20',
      amount: '0',
    });
    if (r.kind !== 'applied') throw new Error('not applied');
    book = r.book;
    expect(book.asks.has('100.2')).toBe(false);
    expect(bestPrice(book, 'asks')).toBe('100.21');
    r = applyIncrement(book, {
      symbol: 'BTC_USDT',
      seq: 13,
      side: 'SELL',
      price: '100.15',
      amount: '1',
    });
    if (r.kind !== 'applied') throw new Error('not applied');
    expect(bestPrice(r.book, 'asks')).toBe('100.15');
    expect(r.book.seq).toBe(13);
  });

  it('does not change the previous state (a new map per update)', () => {
    const book = snap();
    applyIncrement(book, { symbol: 'BTC_USDT', seq: 11, side: 'BUY', price: '100.1', amount: '9' });
    expect(book.bids.get('100.1')).toBe('1');
  });

  it('reports a gap when a sequence number is missing and drops stale ones', () => {
    const book = snap();
    expect(
      applyIncrement(book, { symbol: 'BTC_USDT', seq: 12, side: 'BUY', price: '1', amount: '1' })
        .kind,
    ).toBe('gap');
    expect(
      applyIncrement(book, { symbol: 'BTC_USDT', seq: 10, side: 'BUY', price: '1', amount: '1' })
        .kind,
    ).toBe('stale');
    expect(
      applyIncrement(book, { symbol: 'BTC_USDT', seq: 3, side: 'BUY', price: '1', amount: '1' })
        .kind,
    ).toBe('stale');
  });

  it('marks the grouped levels whose amount changed since the last rendering', () => {
    const before = new Map([
      ['100', '3'],
      ['99', '0.5'],
    ]);
    const after = [
      { price: '100', amount: '3', cumulative: '3' },
      { price: '99', amount: '1', cumulative: '4' },
      { price: '98', amount: '1', cumulative: '5' },
    ];
    expect([...changedPrices(before, after)]).toEqual(['99', '98']);
    expect(changedPrices(new Map(), after).size).toBe(0);
  });
});

describe('own orders and the spread', () => {
  const order = (side: 'BUY' | 'SELL', price: string, status = 'NEW', type = 'LIMIT') => ({
    side,
    price,
    status,
    type,
  });

  it('marks the grouped level where an own order rests, bids rounded down and asks up', () => {
    const orders = [
      order('BUY', '100.07'),
      order('SELL', '100.13'),
      order('BUY', '99.5', 'FILLED'),
      order('SELL', '101', 'NEW', 'TRIGGER'),
    ];
    expect([...ownLevelPrices(orders, 'bids', '0.01')]).toEqual(['100.07']);
    expect([...ownLevelPrices(orders, 'bids', '0.1')]).toEqual(['100']);
    expect([...ownLevelPrices(orders, 'asks', '0.1')]).toEqual(['100.2']);
    // A stop order waiting for its trigger is not in the book; once triggered it rests there.
    expect(
      ownLevelPrices([order('SELL', '101', 'TRIGGERED', 'TRIGGER')], 'asks', '0.01').has('101'),
    ).toBe(true);
    // The keys are the ones groupLevels gives the book's levels.
    const levels = groupLevels(
      new Map([
        ['100.07', '1'],
        ['100.01', '2'],
      ]),
      'bids',
      '0.1',
    );
    expect(levels.map((l) => l.price)).toEqual(['100']);
  });

  it('gives the spread, its share of the mid and the mid exactly', () => {
    const book = bookFromSnapshot({
      symbol: 'X',
      seq: 1,
      bids: [['64250.1', '1']],
      asks: [['64250.6', '1']],
    });
    expect(spreadOf(book)).toEqual({ spread: '0.5', percent: '0.0007', mid: '64250.35' });
    expect(
      spreadOf(bookFromSnapshot({ symbol: 'X', seq: 1, bids: [], asks: [['1', '1']] })),
    ).toBeNull();
  });
});
