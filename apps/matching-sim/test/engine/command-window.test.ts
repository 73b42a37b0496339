import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CommandWindow } from '../../src/engine/command-window.js';

describe('the idempotency window', () => {
  it('finds exactly the newest `window` ids, like a Map evicting its oldest key', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        // Few distinct characters, so ids collide in their hash buckets and probe runs form.
        fc.array(fc.stringMatching(/^[ab]{0,6}$/), { maxLength: 400 }),
        (window, ids) => {
          const w = new CommandWindow(window);
          const model = new Map<string, number>();
          let seq = 0;
          for (const id of ids) {
            const slot = w.find(id);
            expect(slot >= 0).toBe(model.has(id));
            if (slot >= 0) {
              expect(w.outcome(slot).firstSeq).toBe(model.get(id));
              continue;
            }
            seq += 1;
            w.add(id, seq, seq, seq % 3 === 0 ? 3014 : -1);
            model.set(id, seq);
            if (model.size > window) model.delete(model.keys().next().value as string);
          }
          const kept: string[] = [];
          w.forEach((id) => kept.push(id));
          expect(kept).toEqual([...model.keys()]);
          for (const id of model.keys()) expect(w.find(id)).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
