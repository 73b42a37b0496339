import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventBuffer } from '../../src/engine/event-buffer.js';
import { FastBook } from '../../src/engine/fast-book.js';
import { IdIndex } from '../../src/engine/id-index.js';

describe('IdIndex', () => {
  it('behaves like a Map under random inserts and deletes, through growth', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.boolean(), fc.oneof(fc.integer({ min: 1, max: 300 }), fc.maxSafeNat())),
          { maxLength: 400 },
        ),
        (ops) => {
          const keys: number[] = [];
          const index = new IdIndex(8);
          const model = new Map<number, number>();
          for (const [insert, id] of ops) {
            if (insert && !model.has(id)) {
              keys.push(id);
              index.set(id, keys.length - 1);
              model.set(id, keys.length - 1);
            } else if (!insert) {
              index.delete(id);
              model.delete(id);
            }
            expect(index.size).toBe(model.size);
          }
          for (const [id, slot] of model) expect(index.get(id)).toBe(slot);
          for (const [, id] of ops) if (!model.has(id)) expect(index.get(id)).toBe(-1);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('FastBook pools', () => {
  it('grow past their initial capacity and shrink back without losing an order', () => {
    const book = new FastBook();
    const n = 100_000;
    for (let i = 1; i <= n; i++)
      book.add(i, 1, i % 2, i % 2 === 0 ? 10_000 - (i % 3000) : 20_000 + (i % 3000), 1, 0, 0, 0);
    book.validateInternalState();
    expect(book.size()).toBe(n);
    const out = new EventBuffer();
    for (let i = 1; i <= n; i += 2) {
      out.reset();
      expect(book.cancel(i, 1, 1, out)).toBe(true);
    }
    book.validateInternalState();
    expect(book.size()).toBe(n / 2);
    expect(book.get(2)).toMatchObject({ orderId: 2, price: 9998 });
  }, 20_000);
});
