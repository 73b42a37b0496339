import fc from 'fast-check';
import { engineCommand, type EngineCommand } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { FastBook } from '../../src/engine/fast-book.js';
import { JsonBytes } from '../../src/engine/json-bytes.js';
import { ReferenceBook } from '../../src/engine/reference-book.js';
import { ShardEngine } from '../../src/engine/shard-engine.js';
import { writeJournalLine } from '../../src/service/journal.js';
import { commandSequence } from './arbitraries.js';
import { specs } from './helpers.js';

const fresh = (fast: boolean) =>
  new ShardEngine(specs, () => (fast ? new FastBook() : new ReferenceBook()));

/** Some commands again (DUPLICATE), and one for a symbol the shard does not hold. */
function withRepeats(cmds: EngineCommand[], picks: number[]): EngineCommand[] {
  const out = [...cmds];
  for (const p of picks) {
    const c = cmds[p % cmds.length];
    if (c !== undefined) out.push(c);
  }
  const c = cmds[0];
  if (c !== undefined) out.push({ ...c, commandId: 'elsewhere', symbol: 'NOPE-HKD' });
  return out;
}

describe('the encoded command path', () => {
  it('writes byte for byte the JSON of the events handle() gives, and moves the same state', () => {
    fc.assert(
      fc.property(
        commandSequence(60, 3),
        fc.array(fc.nat(), { maxLength: 5 }),
        fc.boolean(),
        (cmds, picks, useFast) => {
          const objects = fresh(useFast);
          const bytes = fresh(useFast);
          // One buffer for many commands, as the service's batch: each command's part is its own.
          const out = new JsonBytes();
          for (const cmd of withRepeats(cmds, picks)) {
            const from = out.length;
            const events = objects.handle(cmd);
            expect(bytes.handleEncoded(cmd, out)).toBe(events.length);
            expect(out.toString(from)).toBe(JSON.stringify(events));
          }
          expect(bytes.seq).toBe(objects.seq);
          expect(bytes.stateHash()).toBe(objects.stateHash());
        },
      ),
      { numRuns: 150 },
    );
  });

  it('writes journal lines as JSON.stringify writes them, odd strings and big numbers too', () => {
    const w = new JsonBytes();
    const cmds: EngineCommand[] = [
      engineCommand.parse({
        commandId: 'place:"q"\\\u0001é😀\ud800',
        runtimeMode: 2,
        symbol: 'TST-HKD',
        userId: Number.MAX_SAFE_INTEGER,
        ts: 1_700_000_000_123,
        kind: 'cancel-place',
        cancelOrderId: 1_000_000_007,
        order: {
          orderId: 4_294_967_296,
          clientOrderId: 'ünïcode\n',
          side: 'SELL',
          type: 'TRAILING',
          quantity: 9_007_199_254_740_991,
          trailingDelta: 10,
          activationPrice: 2_147_483_648,
        },
      }),
      engineCommand.parse({
        commandId: 'c',
        runtimeMode: 0,
        symbol: 'TST-HKD',
        userId: 1,
        ts: 0,
        kind: 'query',
        orderId: 1,
      }),
    ];
    for (const [i, c] of cmds.entries()) {
      w.reset();
      writeJournalLine(w, `${i}-0`, c);
      expect(w.toString()).toBe(`${JSON.stringify({ id: `${i}-0`, c })}\n`);
    }
    for (const n of [
      0,
      -0,
      7,
      -12,
      2 ** 31 - 1,
      2 ** 31,
      10 ** 15,
      2 ** 53 - 1,
      -(2 ** 53) + 1,
      1.5,
      2 ** 60,
      NaN,
    ]) {
      w.reset();
      w.value(n);
      expect(w.toString(), String(n)).toBe(JSON.stringify(n));
    }
  });
});
