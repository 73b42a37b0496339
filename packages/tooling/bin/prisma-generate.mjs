#!/usr/bin/env node
// `prisma generate` works offline once it is told where the schema engine is: it never runs it.
// Any existing file will do; migrations use the WebAssembly engine instead (src/db).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const gateway = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/gateway');
const prisma = path.join(gateway, 'node_modules', 'prisma', 'build', 'index.js');
const r = spawnSync(process.execPath, [prisma, 'generate'], {
  cwd: gateway,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
process.exit(r.status ?? 1);
