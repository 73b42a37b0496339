#!/usr/bin/env node
// Every package's `typecheck`: TypeScript 7, the native compiler, with the arguments given
// (`tsc-native -p tsconfig.json`). It checks the same tsconfig files as TypeScript 5.9 in about a
// third of the CPU time (docs/testing.md, Suite times). TypeScript 5.9 stays installed as
// `typescript` for typescript-eslint (its type-aware lint supports TypeScript below 6.1), for
// editors and for `build`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const tsc = path.join(path.dirname(require.resolve('typescript-native/package.json')), 'bin/tsc');
const r = spawnSync(process.execPath, [tsc, ...process.argv.slice(2)], { stdio: 'inherit' });
if (r.error) throw r.error;
process.exit(r.status ?? 1);
