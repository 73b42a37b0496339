import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.js';
import { testSecrets } from './helpers/secrets.js';
import { until } from './helpers/wait.js';

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('GATEWAY_PROCESSES: the HTTP gateway as a cluster on one port', () => {
  let t: TestApp;
  let primary: ChildProcess | undefined;
  beforeAll(async () => {
    // Its database and Redis prefix; the processes under test run beside it on the same ones.
    t = await build();
  });
  afterAll(async () => {
    if (primary?.pid && alive(primary.pid)) primary.kill('SIGKILL');
    await t.close();
  });

  it('serves from every process, forks a worker that died again, and stops them all on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cluster.ts'], {
      cwd: gatewayDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: t.env.DATABASE_URL,
        REDIS_URL: t.env.REDIS_URL,
        REDIS_PREFIX: t.env.REDIS_PREFIX,
        SETTLEMENT: 'false',
        MARKET_MAKERS: 'false',
        GATEWAY_PROCESSES: '2',
        // Secrets of its own: the gateway does not start without them, and accepts none written down.
        ...testSecrets(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    primary = child;
    const listening = new Set<number>();
    const lines: string[] = [];
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        const m = /\(pid (\d+)\) listening on port/.exec(line);
        if (m?.[1]) listening.add(Number(m[1]));
      });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

    await until(() => listening.size === 2, 90_000);
    const [first, second] = [...listening];
    expect(first).not.toBe(child.pid);
    expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);

    // A worker that dies is forked again and listens on the same port.
    process.kill(first ?? 0, 'SIGKILL');
    await until(() => listening.size === 3, 90_000);
    expect(lines.join('\n')).toMatch(/exited \(SIGKILL\) after .* forking it again in 1 s/);
    expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);

    // SIGTERM to the primary closes every worker, then the primary exits 0.
    const workers = [...listening].filter((pid) => pid !== first);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workers) expect(alive(pid)).toBe(false);
    expect(second).toBeDefined();
  }, 240_000);
});
