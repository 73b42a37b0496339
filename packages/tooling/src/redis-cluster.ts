// A throwaway Redis Cluster of three masters on free local ports, for `npm run test:cluster`:
// Debian's redis-server in cluster mode (nothing on disk but its temporary nodes files),
// joined by `redis-cli --cluster create`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appDir, pnpmSync } from './workspace.js';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? 'redis-server';
const REDIS_CLI = process.env.REDIS_CLI_PATH ?? 'redis-cli';

export interface LocalCluster {
  /** REDIS_CLUSTER_NODES for the exchange: `127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3`. */
  nodes: string;
  ports: number[];
  /** Stops the servers and removes their folder. */
  stop(): void;
}

function listenable(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/** A free port whose cluster bus port (port + 10000) is free too. */
async function clusterPort(taken: Set<number>): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = await listenable(0);
    if (port === null || port > 55_000 || taken.has(port) || taken.has(port + 10_000)) continue;
    if ((await listenable(port + 10_000)) === null) continue;
    taken.add(port).add(port + 10_000);
    return port;
  }
  throw new Error('no free port pair for a Redis Cluster node');
}

function cli(port: number, ...args: string[]): string {
  const r = spawnSync(REDIS_CLI, ['-h', '127.0.0.1', '-p', String(port), ...args], {
    encoding: 'utf8',
  });
  if (r.error) throw r.error;
  return `${r.stdout}${r.stderr}`;
}

async function waitFor(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Redis Cluster: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts three masters, joins them and waits until every node reports cluster_state:ok. */
export async function startLocalCluster(): Promise<LocalCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'exchange-redis-cluster-'));
  const taken = new Set<number>();
  const ports = [await clusterPort(taken), await clusterPort(taken), await clusterPort(taken)];
  const children: ChildProcess[] = [];
  const stop = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  // The servers die with this process, however it ends.
  process.once('exit', stop);
  try {
    for (const port of ports) {
      const child = spawn(
        REDIS_SERVER,
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          path.join(dir, `nodes-${port}.conf`),
          '--cluster-node-timeout',
          '5000',
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'no',
          '--daemonize',
          'no',
          '--loglevel',
          'warning',
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      child.once('error', (err) => console.error(`redis-server on ${port}: ${err.message}`));
      children.push(child);
    }
    for (const port of ports)
      await waitFor(
        `redis-server on port ${port}`,
        () => cli(port, 'PING').includes('PONG'),
        10_000,
      );
    const created = spawnSync(
      REDIS_CLI,
      [
        '--cluster',
        'create',
        ...ports.map((p) => `127.0.0.1:${p}`),
        '--cluster-replicas',
        '0',
        '--cluster-yes',
      ],
      { encoding: 'utf8' },
    );
    if (created.status !== 0)
      throw new Error(`redis-cli --cluster create failed:\n${created.stdout}${created.stderr}`);
    for (const port of ports)
      await waitFor(
        `cluster_state:ok on port ${port}`,
        () => cli(port, 'CLUSTER', 'INFO').includes('cluster_state:ok'),
        20_000,
      );
  } catch (err) {
    stop();
    throw err;
  }
  return {
    nodes: ports.map((p) => `127.0.0.1:${p}`).join(','),
    ports,
    stop() {
      process.removeListener('exit', stop);
      stop();
    },
  };
}

/**
 * `npm run test:cluster` and a step of `npm test`: starts the cluster, runs the gateway's cluster
 * test (apps/gateway/test/cluster, its own vitest config) with REDIS_CLUSTER_NODES pointing at
 * it, and stops the servers whatever the outcome. 0 when the test passed.
 */
export async function runClusterTest(): Promise<number> {
  if (spawnSync(REDIS_SERVER, ['--version']).error) {
    console.error(
      "redis-server is missing: install Debian's redis-server package (apt-get install redis-server).",
    );
    return 1;
  }
  let cluster: LocalCluster | undefined;
  const stop = () => cluster?.stop();
  const onSigint = () => (stop(), process.exit(130));
  const onSigterm = () => (stop(), process.exit(143));
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigterm);
  try {
    const started = Date.now();
    // Its ports are found free, then bound by redis-server a moment later: another process of a
    // busy machine may take one in between (a cluster bus port, port + 10000, is in the ephemeral
    // range), so a cluster that does not form is started again on other ports, once.
    cluster = await startLocalCluster().catch((err: unknown) => {
      console.error(`${err instanceof Error ? err.message : String(err)}; starting it again`);
      return startLocalCluster();
    });
    console.log(
      `Redis Cluster of 3 masters on ${cluster.nodes} (${Date.now() - started} ms to cluster_state:ok)`,
    );
    return pnpmSync(['exec', 'vitest', 'run', '--config', 'vitest.cluster.config.ts'], {
      cwd: appDir('gateway'),
      env: { ...process.env, REDIS_CLUSTER_NODES: cluster.nodes },
    });
  } finally {
    stop();
    process.removeListener('SIGINT', onSigint);
    process.removeListener('SIGTERM', onSigterm);
  }
}
