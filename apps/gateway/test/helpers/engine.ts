import { until } from './wait.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineSymbolSpecs } from '../../src/features/orders/engine-symbols.js';
import type { TestApp } from './build.js';

const engineDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../matching-sim',
);

/** Starts the real matching service on the test app's Redis prefix and waits for its heartbeat. */
export async function startEngine(t: TestApp): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: engineDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      REDIS_URL: t.env.REDIS_URL,
      REDIS_PREFIX: t.env.REDIS_PREFIX,
      ENGINE_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'engine-')),
      ENGINE_SYMBOLS: JSON.stringify(await engineSymbolSpecs(t.app.db)),
      HEARTBEAT_MS: '200',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await until(async () => (await t.app.redis.commands.get('matching:heartbeat')) !== null, 10_000);
  return {
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
