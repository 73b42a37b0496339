import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './exchange.js';

export interface AuditResult {
  ok: boolean;
  exitCode: number | null;
  summary: string;
}

/** The gateway's ledger audit CLI against the run's database; exit 1 means differences. */
export function runAudit(databaseUrl: string): Promise<AuditResult> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
    delete env.NODE_OPTIONS;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/features/wallet/ledger/audit-cli.ts'],
      {
        cwd: path.join(repoRoot, 'apps', 'gateway'),
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      resolve({ ok: code === 0, exitCode: code, summary: code === 0 ? last : out.slice(-1500) });
    });
  });
}
