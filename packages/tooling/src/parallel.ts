// Commands side by side with readable logs: each one's output is held and printed as one block
// when it ends, with its time.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
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
}

export interface JobResult {
  name: string;
  status: number;
  seconds: number;
}

const cyan = (s: string) => `\x1b[36m${s}\x1b[0m`;
const red = (s: string) => `\x1b[31m${s}\x1b[0m`;

export const seconds = (since: number) => (Date.now() - since) / 1000;
export const formatSeconds = (s: number) => `${s.toFixed(1)} s`;

/** One pnpm command, its output added to `chunks`; resolves with its exit status. */
function runCommand(job: Job, args: string[], pnpm: [string, string[]], chunks: Buffer[]) {
  // Colours survive the buffering when the log is a terminal.
  const color = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {};
  return new Promise<number>((resolve) => {
    const child = spawn(pnpm[0], [...pnpm[1], ...args], {
      cwd: job.cwd ?? repoRoot,
      env: { ...(job.env ?? process.env), ...color },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.once('error', (err) => {
      chunks.push(Buffer.from(`${err.message}\n`));
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
}

async function runJob(job: Job, pnpm: [string, string[]]): Promise<JobResult> {
  const start = Date.now();
  const chunks: Buffer[] = [];
  let status = 0;
  for (const args of [job.pnpm, ...(job.then ?? [])]) {
    status = await runCommand(job, args, pnpm, chunks);
    if (status !== 0) break;
  }
  const result = { name: job.name, status, seconds: seconds(start) };
  const verdict = status === 0 ? '' : ` ${red('failed')}`;
  process.stdout.write(
    `\n${cyan(`━━ ${job.name}`)} (${formatSeconds(result.seconds)})${verdict}\n` +
      Buffer.concat(chunks).toString('utf8'),
  );
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
