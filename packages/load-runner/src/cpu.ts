// CPU time of the exchange's processes from /proc (Linux): utime + stime in clock ticks, read
// before and after a measured phase. Postgres and Redis are found by their process name, so
// their figures include anything else on the machine that uses the same servers.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticks: number | undefined;
/** Clock ticks per second (`getconf CLK_TCK`, 100 on Linux almost everywhere). */
export function clockTicks(): number {
  if (ticks === undefined) {
    try {
      ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

export interface ProcStat {
  pid: number;
  comm: string;
  pgrp: number;
  /** utime + stime, in clock ticks. */
  cpuTicks: number;
}

/** One /proc/<pid>/stat line; the command name may hold spaces and parentheses. */
export function parseStat(pid: number, line: string): ProcStat | null {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const rest = line
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  // rest[0] is field 3 (state): pgrp is field 5, utime 14, stime 15.
  const pgrp = Number(rest[2]);
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
  return { pid, comm: line.slice(open + 1, close), pgrp, cpuTicks: utime + stime };
}

export function readProcs(): ProcStat[] {
  const out: ProcStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const s = parseStat(Number(name), readFileSync(`/proc/${name}/stat`, 'utf8'));
      if (s) out.push(s);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Which processes make up a figure: a process group the runner started, or a command name. */
export type CpuSource =
  | { name: string; pgrp: number }
  | { name: string; comm: string }
  | { name: string; pid: number };

/** CPU ticks per process id of each source, at one moment. */
export type CpuSnapshot = Map<string, Map<number, number>>;

export function cpuSnapshot(sources: readonly CpuSource[]): CpuSnapshot {
  const procs = readProcs();
  const snap: CpuSnapshot = new Map();
  for (const src of sources) {
    const m = new Map<number, number>();
    for (const p of procs) {
      const hit =
        'pgrp' in src
          ? p.pgrp === src.pgrp
          : 'comm' in src
            ? p.comm === src.comm
            : p.pid === src.pid;
      if (hit) m.set(p.pid, p.cpuTicks);
    }
    snap.set(src.name, m);
  }
  return snap;
}

/**
 * CPU seconds each source used between two snapshots. A process that started in between counts
 * from zero; one that ended in between is lost (its time is not in /proc any more).
 */
export function cpuSeconds(before: CpuSnapshot, after: CpuSnapshot): Map<string, number> {
  const hz = clockTicks();
  const out = new Map<string, number>();
  for (const [name, procs] of after) {
    const was = before.get(name) ?? new Map<number, number>();
    let t = 0;
    for (const [pid, ticksNow] of procs) t += ticksNow - (was.get(pid) ?? 0);
    out.set(name, t / hz);
  }
  return out;
}

export interface CpuUse {
  /** Seconds of wall time between the snapshots. */
  wallSeconds: number;
  orders: number;
  /** CPU seconds per source. */
  seconds: Map<string, number>;
}

/** Sources counted as the exchange's own (everything but the load generator). */
export const LOAD_GENERATOR = 'load generator';

/**
 * The machine's CPU pressure counter (`/proc/pressure/cpu`, "some" total, in microseconds: time
 * in which at least one runnable task waited for a CPU); NaN without PSI.
 */
export function cpuPressureMicros(): number {
  try {
    const m = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? Number(m[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
