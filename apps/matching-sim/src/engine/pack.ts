import { endianness } from 'node:os';

/**
 * Numbers packed for snapshots: a Float64Array as base64. Every packed value is an integer
 * below 2^53 (ids, ticks, lots, sequence numbers), which a float64 holds exactly. Writing a few
 * large strings is many times faster than JSON of one object per order, and snapshots block
 * the engine while they are taken. The bytes are little-endian; the one machine family where
 * Node runs big-endian (s390x) is refused rather than misread.
 */
if (endianness() !== 'LE') throw new Error('engine snapshots need a little-endian machine');

export function packNumbers(values: Float64Array): string {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');
}

export function unpackNumbers(packed: string): Float64Array {
  const bytes = Buffer.from(packed, 'base64');
  if (bytes.length % 8 !== 0)
    throw new Error('packed numbers: length is not a multiple of 8 bytes');
  const out = new Float64Array(bytes.length / 8);
  new Uint8Array(out.buffer).set(bytes);
  return out;
}
