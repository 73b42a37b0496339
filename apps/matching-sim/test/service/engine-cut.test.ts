import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineCommand, type EngineCommand } from '@exchange/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_SYMBOL, commandStream } from '../../bench/command-stream.js';
import { FastBook } from '../../src/engine/fast-book.js';
import { ShardEngine } from '../../src/engine/shard-engine.js';
import { cutShard } from '../../src/service/engine-cut.js';
import { archiveName, journalName } from '../../src/service/engine-service.js';
import { SnapshotStore } from '../../src/service/snapshot-store.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'engine-cut-'));
  dirs.push(d);
  return d;
};

const specs = [SERVICE_SYMBOL];
const commands: EngineCommand[] = commandStream(1200, 7).map((c) => engineCommand.parse(c));
const newEngine = () => new ShardEngine(specs, () => new FastBook());

/** The seq after each command, and the state hash there, from one engine applying them all. */
const reference = (() => {
  const e = newEngine();
  return commands.map((c) => {
    e.handle(c);
    return { seq: e.seq, hash: e.stateHash() };
  });
})();

/**
 * A shard folder as the engine leaves it: segment 0 from the start, a snapshot after command
 * `at` (archived and current) starting segment 1, and segment 1 with the rest.
 */
function shardFolder(at: number, o: { keepFirst: boolean }): string {
  const dir = tempDir();
  const e = newEngine();
  const line = (c: EngineCommand, i: number) => JSON.stringify({ id: `1-${i}`, c }) + '\n';
  let first = '';
  let second = '';
  commands.forEach((c, i) => {
    if (i < at) first += line(c, i);
    else second += line(c, i);
    if (i < at) e.handle(c);
  });
  if (o.keepFirst) writeFileSync(join(dir, journalName(0)), first);
  writeFileSync(join(dir, journalName(1)), second);
  const stored = {
    shard: e.snapshot(),
    journalFile: journalName(1),
    journalOffset: 0,
    lastStreamId: `1-${at - 1}`,
  };
  new SnapshotStore(dir, archiveName(1, e.seq)).write(stored);
  new SnapshotStore(dir).write(stored);
  return dir;
}

describe("cutting a shard's folder at settlement's cursor", () => {
  it('gives exactly the state at that seq, from the newest snapshot at or before it', () => {
    const from = shardFolder(600, { keepFirst: true });
    for (const k of [100, 599, 600, 900, 1199]) {
      const at = reference[k]!;
      const to = tempDir();
      const cut = cutShard({ from, to, seq: at.seq, specs });
      expect(cut.seq).toBe(at.seq);
      // Before the snapshot: from the journal's start; after it: from the snapshot.
      expect(cut.baseSeq).toBe(k < 599 ? 0 : reference[599]!.seq);
      expect(cut.beyond).toBe(1199 - k);
      // The folder written starts an engine at that state with an empty journal.
      const restored = newEngine();
      const snap = new SnapshotStore(to).read()!;
      restored.restore(snap.shard);
      expect(restored.stateHash()).toBe(at.hash);
      expect(snap).toMatchObject({ journalFile: journalName(1), journalOffset: 0 });
      expect(snap.lastStreamId).toBe('0-0');
      expect(readdirSync(to).sort()).toEqual(
        [archiveName(1, at.seq), journalName(1), 'snapshot.json'].sort(),
      );
    }
  });

  it('refuses a seq inside a command, beyond the journal, or before every snapshot kept', () => {
    const from = shardFolder(600, { keepFirst: false });
    const multi = reference.findIndex((r, i) => i > 600 && r.seq - reference[i - 1]!.seq > 1);
    expect(multi).toBeGreaterThan(0);
    const inside = reference[multi]!.seq - 1;
    expect(() => cutShard({ from, seq: inside, specs })).toThrow(/falls inside command/);
    expect(() => cutShard({ from, seq: reference[1199]!.seq + 1, specs })).toThrow(
      /journal ends at seq \d+, below settlement's cursor/,
    );
    expect(() => cutShard({ from, seq: reference[100]!.seq, specs })).toThrow(
      /no snapshot at or before seq/,
    );
  });

  it('refuses a folder with a journal segment missing', () => {
    const from = shardFolder(600, { keepFirst: true });
    writeFileSync(join(from, journalName(3)), '');
    expect(() => cutShard({ from, seq: reference[1199]!.seq, specs })).toThrow(
      /journal-00000002.log is missing/,
    );
  });
});
