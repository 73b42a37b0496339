import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ShardSnapshot } from '../engine/shard-engine.js';

export interface StoredSnapshot {
  shard: ShardSnapshot;
  /** Journal file (in the shard directory) that continues after this snapshot. */
  journalFile: string;
  /** Byte offset in that file the snapshot covers: replay continues from here. */
  journalOffset: number;
  /** Last input stream id the snapshot covers. */
  lastStreamId: string;
}

/**
 * Snapshots as one file replaced atomically: written to a temporary name, fsynced, renamed over
 * the old one and the directory fsynced, so a crash leaves either the old or the new snapshot.
 */
export class SnapshotStore {
  readonly path: string;

  constructor(dir: string) {
    this.path = join(dir, 'snapshot.json');
  }

  read(): StoredSnapshot | undefined {
    if (!existsSync(this.path)) return undefined;
    return JSON.parse(readFileSync(this.path, 'utf8')) as StoredSnapshot;
  }

  write(s: StoredSnapshot): void {
    const tmp = `${this.path}.tmp`;
    const fd = openSync(tmp, 'w');
    writeSync(fd, JSON.stringify(s));
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, this.path);
    const dir = openSync(dirname(this.path), 'r');
    fsyncSync(dir);
    closeSync(dir);
  }
}
