import { describe, expect, it } from 'vitest';
import { cpuSeconds, cpuSnapshot, parseStat } from '../src/cpu.js';
import { judgeStep } from '../src/order-path.js';
import { definitionLine, topSelf } from '../src/profile.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { judgeFlat } from '../src/stats.js';

describe('CPU time from /proc', () => {
  it('reads utime + stime and the process group, also when the name holds spaces and parentheses', () => {
    const line =
      '4242 (my (odd) name) S 1 4000 4000 0 -1 4194560 500 0 0 0 170 30 0 0 20 0 11 0 100 0 0';
    expect(parseStat(4242, line)).toEqual({
      pid: 4242,
      comm: 'my (odd) name',
      pgrp: 4000,
      cpuTicks: 200,
    });
  });

  it('agrees with process.cpuUsage() on this process burning CPU', () => {
    const sources = [{ name: 'me', pid: process.pid }];
    const before = cpuSnapshot(sources);
    const start = process.cpuUsage();
    let x = 0;
    // 0.1 s of CPU, however busy the machine is.
    while (process.cpuUsage(start).user < 100_000) x += Math.sqrt(x + 1);
    const used = cpuSeconds(before, cpuSnapshot(sources)).get('me') ?? 0;
    const own = process.cpuUsage(start);
    expect(x).toBeGreaterThan(0);
    // /proc counts every thread of the process in clock ticks: at least what this thread used.
    expect(used).toBeGreaterThan((own.user + own.system) / 1e6 - 0.03);
    expect(used).toBeLessThan(5);
  }, 60_000);
});

describe('the memory verdict', () => {
  const series = (f: (t: number) => number) =>
    Array.from({ length: 60 }, (_, i) => ({ t: i * 2, mb: f(i * 2) }));

  it('calls a saw-tooth flat and ignores the warm-up', () => {
    const v = judgeFlat(
      series((t) => (t < 20 ? 100 + t * 5 : 300 + ((t * 7) % 60))),
      20,
    );
    expect(v.flat).toBe(true);
  });

  it('does not judge a window too short for a saw-tooth to average out', () => {
    const v = judgeFlat(series((t) => 300 + t).slice(0, 10), 0);
    expect(v.judged).toBe(false);
    expect(v.verdict).toMatch(/too few samples \(10, at least 16\)/);
  });

  it('calls a steady rise growing', () => {
    const v = judgeFlat(
      series((t) => 300 + t),
      20,
    );
    expect(v.flat).toBe(false);
    expect(v.mbPerMinute).toBeCloseTo(60, 0);
    expect(v.verdict).toMatch(/GROWING/);
  });
});

describe('a step of the max rate search', () => {
  const step = (accepted: number, p99: number, errors = 0) =>
    judgeStep({
      targetRate: 3000,
      acceptedPerSecond: accepted,
      httpErrors: errors,
      socketErrors: 0,
      timeouts: 0,
      placeToReply: { p99 },
    });

  it('holds only with no errors, p99 under the limit and the offered rate accepted', () => {
    expect(step(2990, 60).held).toBe(true);
    expect(step(2990, 100).held).toBe(false);
    expect(step(2500, 40).held).toBe(false);
    expect(step(2500, 40).why).toMatch(/accepted 2500\/s < 95% of offered/);
    expect(step(2990, 40, 1).held).toBe(false);
  });
});

describe('the top functions of a CPU profile', () => {
  it('adds up self time per function and place, idle left out of the shares', () => {
    const frame = (functionName: string, url = '', lineNumber = 0) => ({
      functionName,
      url,
      lineNumber,
      columnNumber: 0,
    });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)') },
        { id: 2, callFrame: frame('hot', 'file:///repo/apps/gateway/src/a.ts', 9) },
        { id: 3, callFrame: frame('(idle)') },
        { id: 4, callFrame: frame('hot', 'file:///repo/apps/gateway/src/a.ts', 9) },
        {
          id: 5,
          callFrame: frame('cold', 'file:///repo/x/node_modules/.pnpm/p@1/node_modules/p/b.js', 0),
        },
      ],
      samples: [2, 3, 4, 5, 2],
      timeDeltas: [0, 1000, 4000, 2000, 1000],
      startTime: 0,
      endTime: 8000,
    };
    const r = topSelf(profile, 15, '/repo');
    expect(r.busyMs).toBeCloseTo(4, 5);
    expect(r.top[0]).toMatchObject({ name: 'hot', where: 'apps/gateway/src/a.ts:10', selfMs: 3 });
    expect(r.top[0]?.share).toBeCloseTo(0.75, 5);
    expect(r.top[1]).toMatchObject({ name: 'cold', where: 'p/b.js:1' });
  });
});

describe('the source line of a function in a profile of TypeScript run by tsx', () => {
  it('is found by its definition', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-prof-test-')), 'a.ts');
    writeFileSync(
      file,
      [
        'export class Book {',
        '  // apply(x) in a comment is not it',
        '  private async apply(x: number): Promise<void> {}',
        '}',
        'export function settle<T>(t: T) {}',
        'const announce = async (a: string): Promise<void> => {};',
      ].join('\n'),
    );
    expect(definitionLine(file, 'Book')).toBe(1);
    expect(definitionLine(file, 'apply')).toBe(3);
    expect(definitionLine(file, 'settle')).toBe(5);
    expect(definitionLine(file, 'announce')).toBe(6);
    expect(definitionLine(file, 'missing')).toBe(1);
  });
});
