#!/usr/bin/env node
// `npm start`, `npm test`, `npm run test:unit`, `npm run test:cluster`, `npm run bench`,
// `npm run backup` and `npm run restore` land here on a machine that may have nothing but Node and npm:
// it fetches the pinned pnpm through npx, installs the workspace, generates the Prisma client
// and hands over to the TypeScript orchestrator (src/start.ts, src/test.ts, src/test-unit.ts or
// src/test-cluster.ts, src/backup.ts or src/restore.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const command = process.argv[2];
const commands = [
  'start',
  'test',
  'test-unit',
  'test-cluster',
  'test-compose',
  'compose-images',
  'bench',
  'faults',
  'backup',
  'restore',
  'build-processes',
];
if (!commands.includes(command)) {
  console.error(`Usage: bootstrap.mjs ${commands.join('|')}`);
  process.exit(2);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node ${process.versions.node} is too old: install Node 20.19 or newer.`);
  process.exit(1);
}

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const pnpmVersion = pkg.packageManager.replace(/^pnpm@/, '');

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

/** A pnpm of the pinned version: the one on PATH if it matches, else through npx. */
function pnpm() {
  const local = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (!local.error && local.stdout.trim() === pnpmVersion) return ['pnpm', []];
  return ['npx', ['-y', `pnpm@${pnpmVersion}`]];
}
const [pnpmCmd, pnpmArgs] = pnpm();
const pnpmRun = (...args) => run(pnpmCmd, [...pnpmArgs, ...args]);

function mtime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

// Install when node_modules is missing or older than the lockfile.
const marker = path.join(root, 'node_modules', '.modules.yaml');
if (mtime(marker) < mtime(path.join(root, 'pnpm-lock.yaml'))) {
  console.log(`Installing dependencies with pnpm ${pnpmVersion}...`);
  if (pnpmRun('install', '--frozen-lockfile') !== 0) process.exit(1);
}

// The Prisma client is generated, not committed; regenerate when the schema is newer.
const schema = path.join(root, 'prisma', 'schema.prisma');
const client = path.join(root, 'apps', 'gateway', 'src', 'db', 'generated', 'client.ts');
if (mtime(client) < mtime(schema)) {
  if (run('node', [path.join(root, 'packages', 'tooling', 'bin', 'prisma-generate.mjs')]) !== 0)
    process.exit(1);
}

// The load runner (packages/load-runner) starts its own exchange; it needs the install above only.
if (command === 'bench') process.exit(pnpmRun('--filter', '@exchange/load-runner', 'bench'));
if (command === 'faults') process.exit(pnpmRun('--filter', '@exchange/load-runner', 'faults'));

// Straight to Node (no npx or pnpm in between), so Ctrl-C and exit codes pass through untouched.
const tooling = path.join(root, 'packages', 'tooling');
// `npm start -- --take-over`, `npm run restore -- <folder>` and the like: the arguments after the
// command go to its script.
const args = ['start', 'backup', 'restore'].includes(command) ? process.argv.slice(3) : [];
process.exit(
  run(process.execPath, ['--import', 'tsx', `src/${command}.ts`, ...args], { cwd: tooling }),
);
