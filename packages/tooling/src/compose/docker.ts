// Docker for `npm run test:compose`: the Debian packages, a daemon (started only if none runs,
// and then stopped again), the compose command (v2 plugin or v1 `docker-compose`) and small
// helpers over the docker command line.
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { openSync } from 'node:fs';
import path from 'node:path';

export interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end and returns its output (never throws on a non-zero exit). */
export function run(cmd: string, args: string[], opts: SpawnSyncOptions = {}): Run {
  const r = spawnSync(cmd, args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...opts,
  });
  if (r.error) return { status: 127, stdout: '', stderr: r.error.message };
  return { status: r.status ?? 1, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}

/** Runs a command and throws with its output's tail when it fails. */
export function must(cmd: string, args: string[], opts: SpawnSyncOptions = {}): string {
  const r = run(cmd, args, opts);
  if (r.status !== 0) {
    const tail = `${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status}):\n${tail}`);
  }
  return r.stdout;
}

const has = (cmd: string) => run('sh', ['-c', `command -v ${cmd}`]).status === 0;

/** Installs Docker, Compose v1 and debootstrap from Debian's packages where one is missing. */
export function ensurePackages(log: (s: string) => void): void {
  const missing = [
    // The engine, not only the client: some machines carry a Docker client alone.
    ['dockerd', 'docker.io'],
    ['docker-compose', 'docker-compose'],
    ['debootstrap', 'debootstrap'],
  ].filter(([cmd]) => !has(cmd as string));
  if (missing.length === 0) return;
  const packages = missing.map(([, pkg]) => pkg as string);
  if (process.getuid?.() !== 0)
    throw new Error(
      `install ${packages.join(', ')} (as root: apt-get install -y ...) and try again`,
    );
  log(`installing ${packages.join(', ')} from Debian's packages`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env }).status !== 0
  ) {
    must('apt-get', ['update'], { env });
    must('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env });
  }
}

export interface Daemon {
  /** Stops the daemon if this run started it. */
  stop(): Promise<void>;
}

/**
 * Uses the running Docker daemon, or starts one (its log in `logDir`) and stops it at the end;
 * with `leaveRunning` the daemon it starts outlives this process.
 */
export async function ensureDaemon(
  logDir: string,
  log: (s: string) => void,
  opts: { leaveRunning?: boolean } = {},
): Promise<Daemon> {
  if (run('docker', ['info']).status === 0) return { stop: async () => undefined };
  log('no Docker daemon runs: starting dockerd');
  const out = openSync(path.join(logDir, 'dockerd.log'), 'a');
  const child = spawn('dockerd', [], { detached: true, stdio: ['ignore', out, out] });
  let failed: Error | null = null;
  child.on('error', (err) => {
    failed = err;
  });
  const deadline = Date.now() + 60_000;
  while (run('docker', ['info']).status !== 0) {
    if (failed) throw new Error(`dockerd could not be started: ${String(failed)}`);
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`dockerd did not start (see ${path.join(logDir, 'dockerd.log')})`);
    await sleep(500);
  }
  if (opts.leaveRunning) {
    child.unref();
    log(`dockerd runs (its log: ${path.join(logDir, 'dockerd.log')})`);
    return { stop: async () => undefined };
  }
  return {
    async stop() {
      if (child.exitCode !== null) return;
      log('stopping the dockerd this run started');
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000)]);
    },
  };
}

/** `docker compose` (v2) where the plugin exists, else `docker-compose` (v1). */
export function composeCommand(): [string, string[]] {
  if (run('docker', ['compose', 'version']).status === 0) return ['docker', ['compose']];
  return ['docker-compose', []];
}

export const imageExists = (ref: string) => run('docker', ['image', 'inspect', ref]).status === 0;

/** The image's size in bytes. */
export function imageSize(ref: string): number {
  return Number(must('docker', ['image', 'inspect', '-f', '{{.Size}}', ref]).trim());
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a value other than undefined, or throws after `ms`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms: number,
  every = 500,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${ms / 1000} s waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`,
      );
    await sleep(every);
  }
}
