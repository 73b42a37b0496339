import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { median, scriptBytes, type ResourceEntry } from '../src/web-phase.js';

const entry = (name: string, encodedBodySize: number, decodedBodySize: number): ResourceEntry => ({
  name,
  transferSize: encodedBodySize + 300,
  encodedBodySize,
  decodedBodySize,
});

const dist = mkdtempSync(path.join(tmpdir(), 'web-phase-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('scriptBytes', () => {
  it('sums the scripts only, as sent and as decoded', () => {
    const s = scriptBytes([
      entry('http://127.0.0.1:8080/assets/index-a1.js', 30_000, 110_000),
      entry('http://127.0.0.1:8080/assets/react-b2.js?v=1', 80_000, 300_000),
      entry('http://127.0.0.1:8080/assets/index-c3.css', 4_000, 17_000),
      entry('http://127.0.0.1:8080/v1/common/public/configs', 900, 2_000),
    ]);
    expect(s).toEqual({ files: 2, encoded: 110_000, decoded: 410_000, gzip: 0 });
  });

  it("counts each script's gzip sibling, or the file itself when it has none", () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'a.js'), 'x'.repeat(1000));
    writeFileSync(path.join(dist, 'assets', 'a.js.gz'), 'x'.repeat(100));
    writeFileSync(path.join(dist, 'assets', 'tiny.js'), 'x'.repeat(10));
    const s = scriptBytes(
      [entry('http://h/assets/a.js', 90, 1000), entry('http://h/assets/tiny.js', 10, 10)],
      dist,
    );
    expect(s.gzip).toBe(110);
  });
});

describe('median', () => {
  it('answers the middle sample, whatever the order', () => {
    expect(median([900, 300, 500])).toBe(500);
    expect(median([7])).toBe(7);
    expect(Number.isNaN(median([]))).toBe(true);
  });
});
