import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { open, rename } from 'node:fs/promises';
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

  constructor(dir: string, file = 'snapshot.json') {
    this.path = join(dir, file);
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
    fsyncDir(dirname(this.path));
  }

  /** The same as write() for a StoredSnapshot already serialised, without blocking the thread. */
  async writeJson(json: string): Promise<void> {
    const tmp = `${this.path}.tmp`;
    const file = await open(tmp, 'w');
    try {
      await file.writeFile(json);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tmp, this.path);
    const dir = await open(dirname(this.path), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }
}

/** Makes a directory's entries (a created or renamed file) durable. */
export function fsyncDir(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
