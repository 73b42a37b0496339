// Reads the `.cpuprofile` files `node --cpu-prof` writes at exit and answers the functions with
// the most self time, so where the CPU goes is printed with the bench's figures.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileTop {
  file: string;
  pid: number;
  /** Sampled time in ms (the profile's length) and the part not idle. */
  totalMs: number;
  busyMs: number;
  top: { name: string; where: string; selfMs: number; share: number }[];
}

const sources = new Map<string, string[] | null>();

/**
 * tsx hands V8 each TypeScript module as one line (its positions are columns of that line), so
 * the line of a function in its source is found by its definition: `function f`, a method
 * `f(`, `f = (...) =>`, or `class F` for a constructor; 1 when the name is not found.
 */
export function definitionLine(file: string, name: string): number {
  if (!/^[\w$]+$/.test(name)) return 1;
  let lines = sources.get(file);
  if (lines === undefined) {
    try {
      lines = readFileSync(file, 'utf8').split('\n');
    } catch {
      lines = null;
    }
    sources.set(file, lines);
  }
  if (!lines) return 1;
  const n = name.replace(/\$/g, '\\$');
  const patterns = [
    new RegExp(`\\bfunction\\*?\\s+${n}\\s*[<(]`),
    new RegExp(`\\bclass\\s+${n}\\b`),
    new RegExp(
      `^\\s*(?:(?:export|public|private|protected|static|async|readonly|override|get|set)\\s+)*\\*?${n}\\s*[<(]`,
    ),
    new RegExp(
      `\\b${n}\\s*[:=]\\s*(?:async\\s+)?(?:function\\b|\\([^)]*\\)\\s*(?::[^=]+)?=>|\\w+\\s*=>)`,
    ),
  ];
  for (const re of patterns) {
    const i = lines.findIndex((l) => re.test(l) && !/^\s*(\/\/|\*)/.test(l));
    if (i >= 0) return i + 1;
  }
  return 1;
}

/** Top `n` functions by self time of one profile, the same function at one place added up. */
export function topSelf(
  profile: CpuProfile,
  n: number,
  repoRoot = '',
): Omit<ProfileTop, 'file' | 'pid'> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // timeDeltas[i] is the time before sample i; it is charged to the sample that follows, as
  // Chrome's DevTools does.
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] ?? 0;
    const dt = deltas[i + 1] ?? 0;
    self.set(id, (self.get(id) ?? 0) + Math.max(0, dt));
  }
  const byPlace = new Map<string, { name: string; where: string; us: number }>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    total += us;
    const name = frame.functionName || '(anonymous)';
    if (name === '(idle)') idle += us;
    let url = frame.url.replace(/^file:\/\//, '');
    if (repoRoot && url.startsWith(repoRoot)) url = url.slice(repoRoot.length + 1);
    url = url.replace(/^.*\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '');
    const line =
      frame.lineNumber === 0 && /\.tsx?$/.test(url) && frame.url.startsWith('file://')
        ? definitionLine(frame.url.slice(7), name)
        : frame.lineNumber + 1;
    const where = url ? `${url}:${line}` : '';
    const key = `${name}@${where}`;
    const e = byPlace.get(key) ?? { name, where, us: 0 };
    e.us += us;
    byPlace.set(key, e);
  }
  const busy = total - idle;
  const top = [...byPlace.values()]
    .filter((e) => e.name !== '(idle)')
    .sort((a, b) => b.us - a.us)
    .slice(0, n)
    .map((e) => ({
      name: e.name,
      where: e.where,
      selfMs: e.us / 1000,
      share: busy > 0 ? e.us / busy : 0,
    }));
  return { totalMs: total / 1000, busyMs: busy / 1000, top };
}

/** Every profile in `dir` (not recursive), biggest busy time first. */
export function readProfiles(dir: string, n: number, repoRoot = ''): ProfileTop[] {
  const out: ProfileTop[] = [];
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  } catch {
    return out;
  }
  for (const f of files) {
    const file = path.join(dir, f);
    try {
      if (statSync(file).size === 0) continue;
      const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
      // CPU.20261125.010203.<pid>.<thread>.001.cpuprofile; thread 0 is the main thread (others:
      // tsx's module loader thread, which works at start-up only).
      const m = /^CPU\.\d+\.\d+\.(\d+)\.(\d+)\./.exec(f);
      if (m?.[2] !== '0') continue;
      const pid = Number(m[1]);
      out.push({ file, pid, ...topSelf(profile, n, repoRoot) });
    } catch {
      // half written (a process killed while writing): skipped
    }
  }
  return out.sort((a, b) => b.busyMs - a.busyMs);
}

export function renderProfile(label: string, p: ProfileTop): string {
  const lines = [
    `${label} (pid ${p.pid}): ${(p.busyMs / 1000).toFixed(1)} s busy of ${(p.totalMs / 1000).toFixed(1)} s sampled; top ${p.top.length} by self time (${p.file})`,
  ];
  for (const t of p.top)
    lines.push(
      `  ${(t.share * 100).toFixed(1).padStart(5)}%  ${t.selfMs.toFixed(0).padStart(7)} ms  ${t.name}${t.where ? `  ${t.where}` : ''}`,
    );
  return lines.join('\n');
}
