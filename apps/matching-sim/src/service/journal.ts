import type { EngineCommand } from '@exchange/contracts';
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  readSync,
  writeSync,
} from 'node:fs';
import { fragment, type JsonBytes } from '../engine/json-bytes.js';

/**
 * The engine's write-ahead log: one JSON line per command, appended and fsynced before the
 * engine acts on it. Redis here keeps nothing on disk, so this file is the only durable copy of
 * the input. One write plus one fsync per batch (group commit) keeps the cost per command low.
 * Writes are synchronous on purpose: the engine is single-threaded and must not act before the
 * data is on disk.
 */
export class Journal {
  private readonly fd: number;
  private closed = false;
  /** Byte length of the complete lines in the file. */
  offset: number;

  constructor(readonly path: string) {
    this.fd = openSync(path, existsSync(path) ? 'r+' : 'w+');
    this.offset = fstatSync(this.fd).size;
  }

  /** Appends entries and fsyncs; returns when they are durable. */
  append(lines: string[]): void {
    if (lines.length === 0) return;
    this.appendBytes(Buffer.from(lines.join('\n') + '\n'));
  }

  /** Appends complete lines, each ending in a newline, as bytes; fsyncs. */
  appendBytes(buf: Uint8Array): void {
    if (buf.length === 0) return;
    let written = 0;
    while (written < buf.length)
      written += writeSync(this.fd, buf, written, buf.length - written, this.offset + written);
    fsyncSync(this.fd);
    this.offset += buf.length;
  }

  /**
   * The complete lines from byte `from` on. A crash mid-write can leave a torn last line: it
   * was never acknowledged, so it is cut off here and the file continues after the last newline.
   */
  readFrom(from: number): string[] {
    const size = fstatSync(this.fd).size;
    const buf = Buffer.alloc(Math.max(0, size - from));
    let read = 0;
    while (read < buf.length) {
      const n = readSync(this.fd, buf, read, buf.length - read, from + read);
      if (n === 0) break;
      read += n;
    }
    const end = buf.lastIndexOf(0x0a) + 1;
    if (from + end !== size) ftruncateSync(this.fd, from + end);
    this.offset = from + end;
    return end === 0
      ? []
      : buf
          .subarray(0, end - 1)
          .toString('utf8')
          .split('\n');
  }

  /** Closes the file once; a second close is a no-op (an fd number may be reused meanwhile). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}

/**
 * The complete lines of a journal file from byte `from`, read only: a torn last line is left
 * out and the file is not touched (the engine may be appending to it).
 */
export function readLines(path: string, from: number): string[] {
  const buf = readFileSync(path);
  const end = buf.lastIndexOf(0x0a) + 1;
  if (end <= from) return [];
  return buf
    .subarray(from, end - 1)
    .toString('utf8')
    .split('\n');
}

const ID = fragment('{"id":');
const COMMAND = fragment(',"c":');

/**
 * Writes one journal line, `{"id":<stream id>,"c":<command>}` and its newline: the bytes of
 * JSON.stringify({ id, c }) (JsonBytes.value keeps the command's own key order).
 */
export function writeJournalLine(w: JsonBytes, id: string, c: EngineCommand): void {
  w.raw(ID);
  w.str(id);
  w.raw(COMMAND);
  w.value(c);
  w.byte(0x7d);
  w.byte(0x0a);
}
