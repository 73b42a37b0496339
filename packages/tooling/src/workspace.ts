import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './db/paths.js';

export { repoRoot };
export const appDir = (name: string) => path.join(repoRoot, 'apps', name);

/** The pnpm that bootstrap.mjs chose, found again the same way. */
export function pnpmCommand(): [string, string[]] {
  const local = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (!local.error && local.status === 0) return ['pnpm', []];
  return ['npx', ['-y', 'pnpm@10.34.8']];
}

export function runSync(cmd: string, args: string[], opts: SpawnOptions = {}): number {
  const r = spawnSync(cmd, args, { cwd: repoRoot, stdio: 'inherit', ...opts });
  return r.status ?? 1;
}

export function pnpmSync(args: string[], opts: SpawnOptions = {}): number {
  const [cmd, pre] = pnpmCommand();
  return runSync(cmd, [...pre, ...args], opts);
}

export function pnpmSpawn(args: string[], opts: SpawnOptions = {}): ChildProcess {
  const [cmd, pre] = pnpmCommand();
  return spawn(cmd, [...pre, ...args], { cwd: repoRoot, ...opts });
}

/** Newest modification time of any file under `dir` (skipping node_modules and dist). */
export function newestMtime(dir: string, skip: (name: string) => boolean = () => false): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || skip(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(
      newest,
      entry.isDirectory() ? newestMtime(full, skip) : statSync(full).mtimeMs,
    );
  }
  return newest;
}
