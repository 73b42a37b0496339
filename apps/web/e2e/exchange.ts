import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { runSecrets } from '@exchange/tooling/secrets';
import { E2E_TIME_SCALE } from './server-clock';

// This run's own secrets, made now: every exchange it starts (npm start then writes no file) and
// every developer command it runs (the faucet, sim:bank, ops) get them through the environment.
for (const [name, value] of Object.entries(runSecrets())) process.env[name] ??= value;

/** Starts the whole exchange (migrate, seed, build the web, gateway) on its own port and database. */
const TOOLING_DIR = path.resolve(import.meta.dirname, '../../../packages/tooling');
const READY_TIMEOUT_MS = 300_000;

export interface Exchange {
  baseUrl: string;
  /** The web inbox and REST API of the mail catcher `npm start` runs beside the exchange. */
  mailUrl: string;
  stop(): Promise<void>;
}

/** The mail catcher of each exchange this run started, by the exchange's base URL. */
const mailUrls = new Map<string, string>();

/** The mail catcher's URL of the exchange at `baseUrl` (started by startExchange). */
export function mailUrlOf(baseUrl: string): string {
  // The run's shared exchange was started by global-setup.ts in another process.
  const url =
    mailUrls.get(baseUrl) ??
    (baseUrl === process.env.E2E_BASE_URL ? process.env.E2E_MAIL_URL : undefined);
  if (!url) throw new Error(`No mail catcher known for ${baseUrl}`);
  return url;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** A clean run starts from an empty database. */
function dropDatabase(databaseUrl: string): void {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const result = spawnSync(
    'psql',
    [
      url.toString(),
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`Could not drop ${name}: ${result.stderr}`);
}

async function waitForReady(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The exchange exited with ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${baseUrl}/ready`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`The exchange was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

/** What the scenarios shorten or turn off (the gateway tests cover the real delays). */
const SCENARIO_TUNING: NodeJS.ProcessEnv = {
  // The simulated KYC reviewer decides in 3 s, so the scenario sees the approval quickly.
  KYC_SIM_REVIEW_SECONDS: '3',
  // The crypto wallet scenario: a block every half second on each simulated chain (a Tron
  // deposit's 20 confirmations take 10 s, still seen counting), reviews of seconds, and
  // whitelisted addresses usable at once (the pages' own tests show cooling).
  CHAIN_BLOCK_SECONDS: 'BTC=0.5,ETH=0.5,TRX=0.5,SOL=0.5,XRP=0.5',
  CRYPTO_DEPOSIT_REVIEW_SECONDS: '3-5',
  WITHDRAWAL_REVIEW_MIN_SECONDS: '3',
  WITHDRAWAL_REVIEW_MAX_SECONDS: '5',
  // The night batch is tested on the manual clock; here a withdrawal completes at any hour.
  WITHDRAWAL_NIGHT_BATCH: 'false',
  WHITELIST_COOLING_HOURS: '0',
  // The partner bank decides an account opening in 2 s.
  BANK_SIM_OPEN_SECONDS: '2',
  // The scenarios expect Real books without the house market makers (a first user's own
  // orders are the Real liquidity); the Real-liquidity scenario's exchange has them.
  REAL_MARKET_MAKERS: 'false',
  // The fiat withdrawal scenario sees the review end in seconds (the 24-hour freeze and the
  // banking day are the spec's; the gateway tests run them on the manual clock).
  FIAT_WITHDRAWAL_REVIEW_SECONDS: '3-5',
  // The fiat journey scenario: the 24-hour freeze as 10 s (refused in production), which it waits
  // out after seeing "Frozen" (the fiat withdrawal scenario sees it within the first seconds). The
  // banking day stays the real rule; the scenario reaches it with the operator's audited send-now.
  FIAT_WITHDRAWAL_FREEZE_SECONDS: '10',
  // The fiat deposit scenario: the risk review takes seconds.
  FIAT_DEPOSIT_REVIEW_SECONDS: '3-5',
  // Scenarios confirm several step-ups in a row: another e-mail code after 3 s, not a minute
  // (the gateway tests keep the minute; production refuses less).
  EMAIL_CODE_RESEND_SECONDS: '3',
  // The foreign exchange scenario: a quote lives 6 s (the countdown is seen to refresh) and an
  // exchange settles 4 s after confirmation instead of about 30 minutes ("Processing" is seen as
  // soon as the dialog closes; the scenario then waits the settlement out).
  FX_QUOTE_TTL_SECONDS: '6',
  FX_SETTLEMENT_SECONDS: '4',
  // The ledger audit every 20 s instead of 5 minutes: it runs beside every scenario, and the
  // Prometheus scenario checks it found nothing.
  LEDGER_AUDIT_INTERVAL_SECONDS: '20',
};

export async function startExchange(opts: {
  databaseUrl: string;
  redisPrefix: string;
  logFile: string;
  /**
   * The exchange as `npm start` runs it for a new user (its delays and the Real market makers
   * on), without the scenarios' shortened reviews and blocks.
   */
  asStarted?: boolean;
}): Promise<Exchange> {
  dropDatabase(opts.databaseUrl);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Mail goes over SMTP to the catcher `npm start` runs, on ports of this run's own.
  const smtpPort = await freePort();
  let mailPort = await freePort();
  while (mailPort === smtpPort || mailPort === port) mailPort = await freePort();
  const mailUrl = `http://127.0.0.1:${mailPort}`;
  const log = createWriteStream(opts.logFile);
  // Its own process group, so stopping it also stops the gateway and the matching service it spawns.
  // Book and trade pushes are not conflated here: the frame-time scenario sends the page 50
  // separate pushes a second, harder than the ≤20 a second per channel it gets by default.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
    cwd: TOOLING_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      // Sign-in providers send the browser back here: the address the scenarios browse.
      PUBLIC_BASE_URL: baseUrl,
      DATABASE_URL: opts.databaseUrl,
      REDIS_PREFIX: opts.redisPrefix,
      LOG_FORMAT: 'json',
      MARKET_DATA_CONFLATE_MS: '0',
      // Its clock is the wall clock (server-clock.ts): the Authenticator codes are made on it.
      TIME_SCALE: String(E2E_TIME_SCALE),
      // Its own catcher, whatever SMTP_URL the shell has.
      SMTP_URL: '',
      MAIL_SMTP_PORT: String(smtpPort),
      MAIL_WEB_PORT: String(mailPort),
      ...(opts.asStarted ? {} : SCENARIO_TUNING),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const stop = async () => {
    if (child.pid === undefined || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 15_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitForReady(baseUrl, child);
  } catch (err) {
    await stop();
    throw err;
  }
  mailUrls.set(baseUrl, mailUrl);
  return { baseUrl, mailUrl, stop };
}
