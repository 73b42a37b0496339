import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineCommand, EngineSymbolSpec } from '@exchange/contracts';
import { FastBook } from '../engine/fast-book.js';
import { ShardEngine } from '../engine/shard-engine.js';
import { ARCHIVE, archiveName, journalName, segmentOf } from './engine-service.js';
import { readLines } from './journal.js';
import { SnapshotStore, type StoredSnapshot } from './snapshot-store.js';

export interface CutResult {
  /** The seq the new state stands at (settlement's cursor). */
  seq: number;
  /** The seq of the snapshot the replay started from (0: the journal's very start). */
  baseSeq: number;
  /** Commands replayed on top of it. */
  replayed: number;
  /** Commands in the folder after the cut: applied by the engine, not yet by the database. */
  beyond: number;
  /** Orders the engine holds at the cut (resting and waiting). */
  held: number;
}

/**
 * A shard's state at exactly event seq `seq`, from a copy of its data folder (`from`): the
 * newest snapshot at or before `seq`, then the journal after it, command by command, up to the
 * command whose last event is `seq`. A backup copies the folder after the database's dump, so
 * the journal usually runs on past settlement's cursor (commands whose orders the dump may not
 * even hold); the engine is deterministic, so replaying only up to the cursor gives the books
 * the dump's orders describe. Written to `to` (when given) as a snapshot that starts a fresh,
 * empty journal and reads its command stream from the beginning: a restored exchange starts on
 * an empty Redis. Throws when `seq` cannot be reached exactly.
 */
export function cutShard(o: {
  from: string;
  to?: string | undefined;
  seq: number;
  specs: EngineSymbolSpec[];
}): CutResult {
  const engine = new ShardEngine(o.specs, () => new FastBook());
  const files = existsSync(o.from) ? readdirSync(o.from) : [];
  const base = newestBase(o.from, files, o.seq);
  if (base === null)
    throw new Error(
      `no snapshot at or before seq ${o.seq} (and no first journal segment) in ${o.from}`,
    );
  if (base.snapshot !== undefined) engine.restore(base.snapshot.shard);
  const first = segmentOf(base.snapshot?.journalFile ?? journalName(0));
  const later = files
    .map(segmentOf)
    .filter((n) => n > first)
    .sort((a, b) => a - b);
  let replayed = 0;
  let beyond = 0;
  let expected = first;
  for (const n of [first, ...later]) {
    // A hole in the segments is a hole in the command history: replaying across it would give
    // books the exchange never had.
    if (n !== expected) throw new Error(`journal segment ${journalName(expected)} is missing`);
    expected = n + 1;
    const path = join(o.from, journalName(n));
    if (!existsSync(path)) {
      if (engine.seq >= o.seq) break;
      throw new Error(`journal segment ${journalName(n)} is missing`);
    }
    for (const line of readLines(path, n === first ? (base.snapshot?.journalOffset ?? 0) : 0)) {
      if (engine.seq >= o.seq) {
        beyond += 1;
        continue;
      }
      const { c } = JSON.parse(line) as { c: EngineCommand };
      const before = engine.seq;
      engine.handle(c);
      replayed += 1;
      if (engine.seq > o.seq)
        throw new Error(
          `seq ${o.seq} falls inside command ${c.commandId} (events ${before + 1}..${engine.seq}): ` +
            `settlement commits whole commands, so this folder is not the history of this database`,
        );
    }
  }
  if (engine.seq < o.seq)
    throw new Error(
      `the journal ends at seq ${engine.seq}, below settlement's cursor ${o.seq}: the engine's ` +
        `data is older than the database (or was behind when it was copied)`,
    );
  if (o.to !== undefined) {
    mkdirSync(o.to, { recursive: true });
    const stored: StoredSnapshot = {
      shard: engine.snapshot(),
      journalFile: journalName(1),
      journalOffset: 0,
      lastStreamId: '0-0',
    };
    writeFileSync(join(o.to, journalName(1)), '');
    // The archived copy first: it is what a later replayFrom() starts from.
    new SnapshotStore(o.to, archiveName(1, o.seq)).write(stored);
    new SnapshotStore(o.to).write(stored);
  }
  return {
    seq: engine.seq,
    baseSeq: base.seq,
    replayed,
    beyond,
    held: engine.heldOrders().length,
  };
}

/**
 * The newest starting point at or before `seq`: the current snapshot, an archived one, or the
 * first journal segment (seq 0) while it is kept.
 */
function newestBase(
  dir: string,
  files: string[],
  seq: number,
): { seq: number; snapshot?: StoredSnapshot } | null {
  const bases: { seq: number; snapshot?: StoredSnapshot }[] = [];
  for (const f of files) {
    if (f !== 'snapshot.json' && !ARCHIVE.test(f)) continue;
    const snapshot = new SnapshotStore(dir, f).read();
    if (snapshot !== undefined) bases.push({ seq: snapshot.shard.seq, snapshot });
  }
  // No snapshot at all: an engine that never wrote one (or never ran) starts at seq 0.
  if (files.includes(journalName(0)) || bases.length === 0) bases.push({ seq: 0 });
  return (
    bases
      .filter((b) => b.seq <= seq)
      .sort((a, b) => a.seq - b.seq)
      .at(-1) ?? null
  );
}
