import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Journal } from '../../src/service/journal.js';
import { SnapshotStore } from '../../src/service/snapshot-store.js';

const dir = mkdtempSync(join(tmpdir(), 'journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('journal', () => {
  it('reads back what was appended, from any line offset', () => {
    const path = join(dir, 'a.log');
    const j = new Journal(path);
    j.append(['one', 'two']);
    const mid = j.offset;
    j.append(['three']);
    j.close();
    const again = new Journal(path);
    expect(again.readFrom(0)).toEqual(['one', 'two', 'three']);
    expect(again.readFrom(mid)).toEqual(['three']);
    again.close();
  });

  it('cuts off a torn last line and appends after the last complete one', () => {
    const path = join(dir, 'b.log');
    const j = new Journal(path);
    j.append(['whole']);
    j.close();
    appendFileSync(path, '{"half');
    const again = new Journal(path);
    expect(again.readFrom(0)).toEqual(['whole']);
    again.append(['next']);
    expect(again.readFrom(0)).toEqual(['whole', 'next']);
    again.close();
  });
});

describe('snapshot store', () => {
  it('replaces the snapshot atomically and reads the latest', () => {
    const store = new SnapshotStore(dir);
    expect(store.read()).toBeUndefined();
    store.write({
      shard: { seq: 1, seen: [], symbols: [] },
      journalFile: 'journal-1.log',
      journalOffset: 10,
      lastStreamId: '1-0',
    });
    store.write({
      shard: { seq: 2, seen: [], symbols: [] },
      journalFile: 'journal-2.log',
      journalOffset: 20,
      lastStreamId: '2-0',
    });
    expect(store.read()).toMatchObject({ journalOffset: 20, shard: { seq: 2 } });
  });
});
