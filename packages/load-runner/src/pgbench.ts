import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { log } from './exchange.js';

/**
 * The database reference: pgbench in a scratch database, a custom script of one single-row
 * UPDATE per transaction (like one balance move of an order), 8 clients, 2 threads.
 */
export const PGBENCH_SCRIPT = `\\set aid random(1, 100000 * :scale)
\\set delta random(-5000, 5000)
BEGIN;
UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
END;
`;

export function parseTps(output: string): number {
  const m =
    /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(
      output,
    ) ?? /tps = ([\d.]+)/.exec(output);
  return m ? Number(m[1]) : Number.NaN;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} exited ${code}: ${out.slice(-1000)}`)),
    );
  });
}

export async function runPgbench(o: {
  databaseUrl: string;
  seconds: number;
}): Promise<{ tps: number; seconds: number }> {
  const u = new URL(o.databaseUrl);
  // Beside the bench's own database (two people benching on one server do not share it).
  const scratch = `${u.pathname.slice(1).replace(/[^a-z0-9_]/g, '')}_pgbench`;
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(o.databaseUrl), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pgbench-'));
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${scratch}`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PGHOST: u.hostname,
      PGPORT: u.port || '5432',
      PGUSER: decodeURIComponent(u.username || 'postgres'),
      PGDATABASE: scratch,
    };
    if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
    log('pgbench: initialising');
    await run('pgbench', ['-i', '-q', '-s', '1'], env);
    const script = path.join(dir, 'update.sql');
    writeFileSync(script, PGBENCH_SCRIPT);
    log(`pgbench: single-row UPDATE, -c 8 -j 2 -T ${o.seconds}`);
    const out = await run(
      'pgbench',
      ['-n', '-c', '8', '-j', '2', '-T', String(o.seconds), '-f', script],
      env,
    );
    return { tps: parseTps(out), seconds: o.seconds };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
