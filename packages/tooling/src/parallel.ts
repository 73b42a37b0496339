// Commands side by side with readable logs: each one's output is held and printed as one block
// when it ends, with its time.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pnpmCommand, repoRoot } from './workspace.js';

export interface Job {
  name: string;
  /** pnpm arguments (the pinned pnpm is found as bootstrap.mjs found it). */
  pnpm: string[];
  /** More pnpm commands run after `pnpm` in the same job, each only when the one before passed. */
  then?: string[][];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Runs behind the other jobs, inherited by every process it starts: a CPU-bound check that
   * only takes the cores the timing-bound tests leave idle (see `background`). The value is its
   * nice level, 10 to 19: among background jobs, a lower one gets more of the idle CPU (about
   * 7 times as much at 10 as at 19), for checks that have timeouts of their own.
   */
  background?: number;
}

export interface JobResult {
  name: string;
  status: number;
  seconds: number;
  /** CPU seconds (user and system) of the job's processes, where the shell could tell. */
  cpu?: number | undefined;
  /** The last lines of a failed job's output, printed again under the summary. */
  tail?: string;
}

/** How many of a failed job's last lines the summary repeats. */
const FAILURE_TAIL_LINES = 80;

const cyan = (s: string) => `\x1b[36m${s}\x1b[0m`;
const red = (s: string) => `\x1b[31m${s}\x1b[0m`;

export const seconds = (since: number) => (Date.now() - since) / 1000;
export const formatSeconds = (s: number) => `${s.toFixed(1)} s`;
/** "412.3 s, 610.2 CPU-s": a job's wall time and, where known, its CPU time. */
export const timing = (r: JobResult) =>
  r.cpu === undefined
    ? formatSeconds(r.seconds)
    : `${formatSeconds(r.seconds)}, ${r.cpu.toFixed(1)} CPU-s`;

/**
 * How a background job starts. `nice` alone is not enough on Linux with autogroups (the default,
 * /proc/sys/kernel/sched_autogroup_enabled): the scheduler first shares the CPU between sessions
 * and only then between the processes of one session by their nice values, and Postgres, the
 * exchange the browser tests start and every Chromium run in sessions of their own. A niced
 * check in npm test's session still took its session's full share beside them (a frame time
 * p95 of 66-83 ms beside a niced typecheck). So a background job gets a session of its own
 * (spawn's `detached`) whose group is set to its nice level (/proc/self/autogroup, where the
 * kernel has it), and `nice -n` the same within: beside two busy loops started so at 19 the
 * frame-time scenario measured p95 16.8 ms, as alone.
 */
const background = (nice: number): string =>
  `echo ${nice} > /proc/self/autogroup 2>/dev/null; nice -n ${nice} "$@"`;

/**
 * Every command runs under a shell that, when it ends, writes the CPU time of its reaped
 * descendants (the `times` builtin's second line, user and system) to descriptor 3: the CPU
 * seconds each step costs, which decide how short the suite can be on 2 cores.
 */
const timed = (command: string) => `${command}; s=$?; times >&3; exit $s`;

/** Seconds of `times`' children line ("0m12.340s 0m1.500s"), user plus system. */
export function childCpuSeconds(times: string): number | undefined {
  const line = times.trim().split('\n')[1];
  const parts = line?.match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/);
  if (!parts) return undefined;
  const [, um, us, sm, ss] = parts.map(Number) as [number, number, number, number, number];
  return um * 60 + us + sm * 60 + ss;
}

/** Background jobs' process groups: a signal to npm test reaches them (they have no terminal). */
const backgroundGroups = new Set<number>();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    for (const pid of backgroundGroups) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    process.kill(process.pid, signal);
  });
}

/**
 * A quiet window for a measurement of wall time (the browser scenarios' frame times): while the
 * file `request` exists, every background job is stopped (SIGSTOP to its process group) and
 * `${request}.ack` says so; once the file is gone, or after `maxMs`, they go on (SIGCONT). Nice
 * levels only lower a background job's share: beside component tests at nice 10 the frame-time
 * scenario measured a p95 of 83 ms, 17-50 ms alone. A stopped job's clock keeps running, so its
 * own timeouts (minutes) must exceed a window (seconds). Returns the function that ends watching.
 */
export function serveQuietWindows(request: string, maxMs = 60_000): () => void {
  const ack = `${request}.ack`;
  let pausedAt: number | null = null;
  const signal = (sig: 'SIGSTOP' | 'SIGCONT') => {
    for (const pid of backgroundGroups) {
      try {
        process.kill(-pid, sig);
      } catch {
        // already gone
      }
    }
  };
  const resume = () => {
    if (pausedAt === null) return;
    signal('SIGCONT');
    pausedAt = null;
    rmSync(ack, { force: true });
  };
  const timer = setInterval(() => {
    const wanted = existsSync(request);
    if (wanted && pausedAt === null) {
      signal('SIGSTOP');
      pausedAt = Date.now();
      writeFileSync(ack, String(pausedAt));
    } else if (pausedAt !== null && (!wanted || Date.now() - pausedAt > maxMs)) {
      resume();
      if (wanted) rmSync(request, { force: true });
    }
  }, 50);
  return () => {
    clearInterval(timer);
    resume();
    rmSync(request, { force: true });
  };
}

/**
 * One pnpm command, its output added to `chunks`; resolves with its exit status and the CPU
 * seconds it and its descendants used.
 */
function runCommand(job: Job, args: string[], pnpm: [string, string[]], chunks: Buffer[]) {
  // Colours survive the buffering when the log is a terminal.
  const color = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {};
  return new Promise<{ status: number; cpu?: number | undefined }>((resolve) => {
    const behind = job.background !== undefined;
    const script = timed(job.background === undefined ? '"$@"' : background(job.background));
    const child = spawn('sh', ['-c', script, 'job', pnpm[0], ...pnpm[1], ...args], {
      cwd: job.cwd ?? repoRoot,
      env: { ...(job.env ?? process.env), ...color },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: behind,
    });
    const group = behind ? child.pid : undefined;
    if (group) backgroundGroups.add(group);
    child.once('close', () => {
      if (group) backgroundGroups.delete(group);
    });
    let times = '';
    child.stdout?.on('data', (c: Buffer) => chunks.push(c));
    child.stderr?.on('data', (c: Buffer) => chunks.push(c));
    (child.stdio[3] as NodeJS.ReadableStream | null)?.on('data', (c: Buffer) => {
      times += c.toString();
    });
    child.once('error', (err) => {
      chunks.push(Buffer.from(`${err.message}\n`));
      resolve({ status: 1 });
    });
    child.once('close', (code) => resolve({ status: code ?? 1, cpu: childCpuSeconds(times) }));
  });
}

async function runJob(job: Job, pnpm: [string, string[]]): Promise<JobResult> {
  const start = Date.now();
  const chunks: Buffer[] = [];
  let status = 0;
  let cpu: number | undefined = 0;
  for (const args of [job.pnpm, ...(job.then ?? [])]) {
    const ran = await runCommand(job, args, pnpm, chunks);
    status = ran.status;
    cpu = cpu === undefined || ran.cpu === undefined ? undefined : cpu + ran.cpu;
    if (status !== 0) break;
  }
  const output = Buffer.concat(chunks).toString('utf8');
  const result: JobResult = { name: job.name, status, seconds: seconds(start), cpu };
  if (status !== 0)
    result.tail = output.trimEnd().split('\n').slice(-FAILURE_TAIL_LINES).join('\n');
  const verdict = status === 0 ? '' : ` ${red('failed')}`;
  process.stdout.write(`\n${cyan(`━━ ${job.name}`)} (${timing(result)})${verdict}\n${output}`);
  return result;
}

/**
 * Runs the jobs, at most `concurrency` at a time, in the order given (put the longest first).
 * A failure fails the whole but every job still runs to its end, so one run shows every problem.
 */
export async function runParallel(jobs: Job[], concurrency = jobs.length): Promise<JobResult[]> {
  const pnpm = pnpmCommand();
  const results: JobResult[] = new Array<JobResult>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const job = jobs[i];
      if (job) results[i] = await runJob(job, pnpm);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, jobs.length)) }, worker),
  );
  return results;
}

/**
 * Lanes side by side, each lane's jobs one after another. A lane stops at its first failure
 * (a later job needs what the earlier one made) unless it is `independent`; every lane still
 * runs to its end, so one run shows every problem.
 */
export interface Lane {
  jobs: Job[];
  independent?: boolean;
}

export async function runLanes(lanes: Lane[]): Promise<JobResult[]> {
  const pnpm = pnpmCommand();
  const perLane = await Promise.all(
    lanes.map(async (lane) => {
      const results: JobResult[] = [];
      for (const job of lane.jobs) {
        const result = await runJob(job, pnpm);
        results.push(result);
        if (result.status !== 0 && !lane.independent) break;
      }
      return results;
    }),
  );
  return perLane.flat();
}

export interface WorkspacePackage {
  name: string;
  dir: string;
  scripts: Record<string, string>;
}

/** The workspace's packages (apps/*, packages/*) that define the given script. */
export function packagesWithScript(script: string): WorkspacePackage[] {
  const found: WorkspacePackage[] = [];
  for (const group of ['apps', 'packages']) {
    for (const entry of readdirSync(path.join(repoRoot, group), { withFileTypes: true })) {
      const dir = path.join(repoRoot, group, entry.name);
      const file = path.join(dir, 'package.json');
      if (!entry.isDirectory() || !existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as {
        name: string;
        scripts?: Record<string, string>;
      };
      if (pkg.scripts?.[script]) found.push({ name: pkg.name, dir, scripts: pkg.scripts });
    }
  }
  return found;
}
