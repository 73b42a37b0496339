// `npm start`: migrate, seed, build the web client when stale, then run the gateway (serving the
// client and the API on one origin), the matching service, the simulated KYC provider, the
// simulated chains and a mail catcher until Ctrl-C.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { Redis } from 'ioredis';
import path from 'node:path';
import { buildProcesses } from './build-processes.js';
import { ensureLocalSecrets } from './secrets.js';
import { Supervisor } from './supervisor.js';
import { ensureDatabase } from './db/databases.js';
import { prepareEngineHome } from './engine-home.js';
import { installation } from './installation.js';
import { deployMigrations } from './db/migrations.js';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, requireServices } from './services.js';
import { appDir, newestMtime, pnpmSync, repoRoot } from './workspace.js';

const PORT = process.env.PORT ?? '8080';
// Everything listens on loopback unless HOST says otherwise (HOST=0.0.0.0: every interface).
const HOST = process.env.HOST || '127.0.0.1';
/** The address the processes reach each other at: loopback when HOST is a wildcard. */
const reach = ['0.0.0.0', '::'].includes(HOST)
  ? '127.0.0.1'
  : HOST.includes(':')
    ? `[${HOST}]`
    : HOST;
// The installation's secrets: generated once into .local/secrets.env (the environment's win).
const secrets = ensureLocalSecrets(process.env);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...secrets.values,
  HOST,
  KYC_SIM_HOST: process.env.KYC_SIM_HOST ?? HOST,
  CHAIN_SIM_HOST: process.env.CHAIN_SIM_HOST ?? HOST,
  BANK_SIM_HOST: process.env.BANK_SIM_HOST ?? HOST,
  CARD_SIM_HOST: process.env.CARD_SIM_HOST ?? HOST,
  OIDC_SIM_HOST: process.env.OIDC_SIM_HOST ?? HOST,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  PORT,
  DATABASE_URL: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
  LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
  // A new user should see a living market in every mode (Real too: REAL_MARKET_MAKERS defaults
  // on outside production; MARKET_SEED makes the market reproducible; see docs/features/simulated-market.md).
  MARKET_MAKERS: process.env.MARKET_MAKERS ?? 'true',
  WEB_DIST_DIR: path.join(appDir('web'), 'dist'),
};
const home = installation(env);
const databaseUrl = home.databaseUrl;
const databaseName = home.databaseName;
env.REDIS_PREFIX = home.redisPrefix;
// Absolute, as the database records it (engine-home.ts).
env.ENGINE_DATA_DIR = home.engineDataDir;
// The simulated KYC provider: beside the gateway's port, so two exchanges on one machine do not
// share it; it keeps its reviews with the engine's data (a new database forgets both).
env.KYC_SIM_PORT ??= String(Number(PORT) + 11);
env.KYC_PROVIDER_URL ??= `http://${reach}:${env.KYC_SIM_PORT}`;
env.KYC_CALLBACK_URL ??= `http://${reach}:${PORT}/v1/kyc/public/provider/callback`;
env.KYC_SIM_DATA_DIR ??= `${env.ENGINE_DATA_DIR}-kyc`;
// The simulated chains, likewise: their blocks, transfers and registered addresses go with the
// database (a new database starts new chains).
env.CHAIN_SIM_PORT ??= String(Number(PORT) + 12);
env.CHAIN_SIM_URL ??= `http://${reach}:${env.CHAIN_SIM_PORT}`;
env.CHAIN_API_URL ??= env.CHAIN_SIM_URL;
env.CHAIN_CALLBACK_URL ??= `http://${reach}:${PORT}/v1/wallet/crypto/public/chain/callback`;
env.CHAIN_SIM_DATA_DIR ??= `${env.ENGINE_DATA_DIR}-chain`;
// The simulated card processor, likewise: its charges go with the database. Its confirmation
// pages open in the user's browser, so they live on localhost.
env.CARD_SIM_PORT ??= String(Number(PORT) + 14);
env.CARD_SIM_URL ??= `http://${reach}:${env.CARD_SIM_PORT}`;
env.CARD_API_URL ??= env.CARD_SIM_URL;
env.CARD_SIM_PUBLIC_URL ??= `http://localhost:${env.CARD_SIM_PORT}`;
env.CARD_CALLBACK_URL ??= `http://${reach}:${PORT}/v1/fiat/public/card/callback`;
env.CARD_SIM_DATA_DIR ??= `${env.ENGINE_DATA_DIR}-card`;
// Google and Apple sign-in: outside production, a local OpenID provider stands in for each one
// the environment does not configure (OIDC_GOOGLE_* / OIDC_APPLE_*), so the buttons work on a
// fresh machine; its login page offers test identities. Production reads the real settings only.
env.PUBLIC_BASE_URL ??= `http://localhost:${PORT}`;
const localOidc = env.NODE_ENV !== 'production' && env.OIDC_SIM !== 'false';
if (localOidc) {
  env.OIDC_SIM_GOOGLE_PORT ??= String(Number(PORT) + 15);
  env.OIDC_SIM_APPLE_PORT ??= String(Number(PORT) + 16);
  for (const [provider, port] of [
    ['GOOGLE', env.OIDC_SIM_GOOGLE_PORT],
    ['APPLE', env.OIDC_SIM_APPLE_PORT],
  ] as const) {
    if (env[`OIDC_${provider}_ISSUER`]) continue;
    env[`OIDC_${provider}_ISSUER`] = `http://${reach}:${port}`;
    env[`OIDC_${provider}_CLIENT_ID`] = `local-${provider.toLowerCase()}-client`;
    // The stand-in's client secret: generated with the installation's other secrets.
    env[`OIDC_${provider}_CLIENT_SECRET`] = env[`OIDC_SIM_${provider}_CLIENT_SECRET`];
  }
}
// The simulated partner bank, likewise: its accounts and transfers go with the database.
env.BANK_SIM_PORT ??= String(Number(PORT) + 13);
env.BANK_SIM_URL ??= `http://${reach}:${env.BANK_SIM_PORT}`;
env.BANK_API_URL ??= env.BANK_SIM_URL;
env.BANK_SIM_PUBLIC_URL ??= `http://${reach}:${env.BANK_SIM_PORT}`;
env.BANK_CALLBACK_BASE_URL ??= `http://${reach}:${PORT}`;
env.BANK_SIM_DATA_DIR ??= `${env.ENGINE_DATA_DIR}-bank`;

/** `port` when it is free on `host` (HOST unless told), otherwise one the system picks. */
function freePort(port: number, host = HOST): Promise<number> {
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(p, host, () => {
        const address = server.address();
        server.close(() =>
          typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
        );
      });
    });
  return listen(port).catch(() => listen(0));
}

/**
 * E-mail (registration and reset codes) goes over SMTP. Unless SMTP_URL names a server, a mail
 * catcher runs beside the exchange on free local ports (1025 and 1080 when free) and keeps what
 * the exchange sends in its web inbox; nothing leaves the machine.
 */
interface MailCatcher {
  smtpPort: number;
  webPort: number;
  dir: string;
}
async function planMailCatcher(): Promise<MailCatcher | null> {
  if (env.SMTP_URL) return null;
  const smtpPort = await freePort(Number(env.MAIL_SMTP_PORT ?? 1025));
  let webPort = await freePort(Number(env.MAIL_WEB_PORT ?? 1080));
  if (webPort === smtpPort) webPort = await freePort(0);
  env.SMTP_URL = `smtp://${reach}:${smtpPort}`;
  return { smtpPort, webPort, dir: mkdtempSync(path.join(tmpdir(), 'exchange-mail-')) };
}

/** A new database starts a new exchange: forget the streams and journal of any earlier one. */
async function clearEngineState(): Promise<void> {
  const redis = new Redis(env.REDIS_URL ?? DEFAULT_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.REDIS_PREFIX}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  rmSync(env.ENGINE_DATA_DIR ?? '', { recursive: true, force: true });
  rmSync(env.KYC_SIM_DATA_DIR ?? '', { recursive: true, force: true });
  rmSync(env.CHAIN_SIM_DATA_DIR ?? '', { recursive: true, force: true });
  rmSync(env.BANK_SIM_DATA_DIR ?? '', { recursive: true, force: true });
  rmSync(env.CARD_SIM_DATA_DIR ?? '', { recursive: true, force: true });
}

function step(text: string): void {
  console.log(`\x1b[36m›\x1b[0m ${text}`);
}

async function prepare(): Promise<void> {
  await requireServices(databaseUrl, env.REDIS_URL ?? DEFAULT_REDIS_URL);
  if (await ensureDatabase(databaseUrl)) {
    step(`created database ${databaseName}`);
    await clearEngineState();
  }
  const ran = await deployMigrations(databaseUrl);
  step(ran.length ? `applied migrations: ${ran.join(', ')}` : 'database schema is up to date');
  // One engine folder per database: another checkout's is refused unless told (engine-home.ts).
  const tookOver = await prepareEngineHome({
    databaseUrl,
    redisUrl: env.REDIS_URL ?? DEFAULT_REDIS_URL,
    redisPrefix: env.REDIS_PREFIX ?? '',
    dataDir: env.ENGINE_DATA_DIR ?? '',
    takeOver: process.argv.includes('--take-over') || env.ENGINE_TAKE_OVER === 'true',
  });
  if (tookOver) step(tookOver);
  // The processes run as built JavaScript, the files the docker images run (build-processes.ts):
  // built at every start, in about a second, so they are never older than the sources.
  const builtAt = Date.now();
  await buildProcesses();
  step(`built the server processes to apps/*/dist in ${Date.now() - builtAt} ms`);
  if (
    spawnSync(process.execPath, [...NODE_ARGS, 'dist/db/seed/run.mjs'], {
      cwd: appDir('gateway'),
      env,
      stdio: 'inherit',
    }).status !== 0
  ) {
    throw new Error('Seeding failed');
  }
  // The engines learn the catalogue's symbols (ticks, lots, minimums) and the shard map from the
  // database; ENGINE_SHARDS=n spreads the symbols over n shards first.
  const symbols = spawnSync(
    process.execPath,
    [
      ...NODE_ARGS,
      'dist/features/trading/orders/engine-symbols-cli.mjs',
      ...(env.ENGINE_SHARDS ? ['--assign', env.ENGINE_SHARDS] : ['--all']),
    ],
    {
      cwd: appDir('gateway'),
      env,
      encoding: 'utf8',
    },
  );
  if (symbols.status !== 0) throw new Error(`Reading the symbols failed: ${symbols.stderr}`);
  if (symbols.stderr.trim()) step(`shard map: ${symbols.stderr.trim().replace(/\n/g, '; ')}`);
  shardSpecs = JSON.parse(symbols.stdout) as Record<string, unknown[]>;
  const feed = spawnSync(
    process.execPath,
    [...NODE_ARGS, 'dist/features/trading/exchange-rates/feed-assets-cli.mjs'],
    {
      cwd: appDir('gateway'),
      env,
      encoding: 'utf8',
    },
  );
  if (feed.status !== 0) throw new Error(`Reading the price-feed anchors failed: ${feed.stderr}`);
  env.PRICE_FEED_ASSETS = feed.stdout.trim();
  const index = path.join(appDir('web'), 'dist', 'index.html');
  // No .br beside index.html: built before the build precompressed (possibly as a development
  // build, when NODE_ENV reached it): build again.
  const built = existsSync(index) && existsSync(`${index}.br`) ? statSync(index).mtimeMs : 0;
  // What the build reads: not the browser tests, their screenshots or the unit tests, so running
  // or editing a scenario does not rebuild the client.
  const web = appDir('web');
  const sources = Math.max(
    newestMtime(web, (name) => name === 'e2e' || /\.test\.tsx?$/.test(name)),
    newestMtime(path.join(repoRoot, 'packages', 'contracts', 'src')),
  );
  if (built < sources) {
    step('building the web client');
    // Always a production build: the gateway keeps NODE_ENV=development (readable errors), but
    // that must not reach Vite, or users get React's development runtime.
    const buildEnv = { ...env, NODE_ENV: 'production' };
    if (pnpmSync(['--silent', '--filter', '@exchange/web', 'build'], { env: buildEnv }) !== 0) {
      throw new Error('Web build failed');
    }
  }
}

/**
 * Every process serves Prometheus metrics on a listener of its own, on loopback whatever HOST
 * says (METRICS_HOST opens them, e.g. to a Prometheus on another machine): from PORT + 20 on,
 * or ports the system picks where those are taken. The list goes to a file-based service
 * discovery file that ops/prometheus/prometheus.yml reads (docs/operations.md, Metrics).
 */
const METRICS_HOST = process.env.METRICS_HOST || '127.0.0.1';
const metricsTargets: { name: string; url: string; labels: Record<string, string> }[] = [];
const targetsFile = path.join(repoRoot, 'ops', 'prometheus', 'targets', `exchange-${PORT}.json`);

async function metricsEnv(
  name: string,
  offset: number,
  labels: Record<string, string> = {},
): Promise<NodeJS.ProcessEnv> {
  const port = await freePort(Number(PORT) + 20 + offset, METRICS_HOST);
  const host = METRICS_HOST === '0.0.0.0' ? '127.0.0.1' : METRICS_HOST;
  metricsTargets.push({
    name,
    url: `${host}:${port}`,
    labels: { job: name.replace(/-.*$/, ''), exchange: databaseName, ...labels },
  });
  return { METRICS_PORT: String(port), METRICS_HOST };
}

/** The service discovery file: one target group per process, removed when the exchange stops. */
function writeTargets(): void {
  mkdirSync(path.dirname(targetsFile), { recursive: true });
  const groups = metricsTargets.map((t) => ({ targets: [t.url], labels: t.labels }));
  writeFileSync(`${targetsFile}.tmp`, JSON.stringify(groups, null, 2) + '\n');
  renameSync(`${targetsFile}.tmp`, targetsFile);
}

/** Node's flags for the built processes: stack traces point into the TypeScript sources. */
const NODE_ARGS = ['--enable-source-maps'];

/** Each engine shard's symbol specs, from the shard map. */
let shardSpecs: Record<string, unknown[]> = {};
/** One engine process per shard: `engine` alone, `engine-<shard>` beside others. */
const engineNames = () => {
  const shards = Object.keys(shardSpecs);
  return shards.length <= 1 ? ['engine'] : shards.map((s) => `engine-${s}`);
};

let stopping = false;
const supervisor = new Supervisor({
  log: (line) => console.log(line),
  onGiveUp: () => void stopAll(1),
});

function launch(
  name: string,
  colour: number,
  cwd: string,
  entry: string,
  extraEnv: NodeJS.ProcessEnv = {},
  built = true,
): void {
  supervisor.start({
    name,
    colour,
    command: process.execPath,
    // src/x.ts runs as its build, dist/x.mjs; the development tools (the mail catcher) as
    // TypeScript.
    args: built
      ? [...NODE_ARGS, entry.replace(/^src\//, 'dist/').replace(/\.ts$/, '.mjs')]
      : ['--import', 'tsx', entry],
    cwd,
    env: { ...env, ...extraEnv },
  });
}

/**
 * Stops in the order that loses nothing: the gateway first (no new orders), then the worker
 * (settlement commits what the engine has published), then the engine (its shutdown snapshot
 * then covers only what settlement has).
 */
async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await supervisor.stop([
      'gateway',
      'worker',
      ...engineNames(),
      'kyc',
      'chain',
      'bank',
      'card',
      'oidc',
    ]);
  }
  process.exit(code);
}

async function waitReady(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

/** Where everything listens, and how to change it: said at start and again when ready. */
function listenLine(): string {
  return HOST === '127.0.0.1'
    ? 'Listening on 127.0.0.1 only (gateway, simulators, mail catcher): only this machine can reach them; HOST=0.0.0.0 npm start opens them to the network.'
    : `Listening on ${HOST} (gateway, simulators, mail catcher), as HOST says; without HOST everything stays on 127.0.0.1.`;
}

async function main(): Promise<void> {
  const secretsFile = path.relative(repoRoot, secrets.file);
  step(
    secrets.created
      ? `generated this installation's secrets into ${secretsFile} (keep a copy apart from the backups; docs/operations.md, Backup and restore)`
      : secrets.added.length
        ? `added ${secrets.added.join(', ')} to ${secretsFile}`
        : `secrets from ${secretsFile}`,
  );
  step(listenLine());
  await prepare();
  const mail = await planMailCatcher();
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  // The children have process groups of their own: they must not outlive this process.
  process.on('exit', () => {
    supervisor.killAll();
    rmSync(targetsFile, { force: true });
    if (mail) rmSync(mail.dir, { recursive: true, force: true });
  });
  if (mail) {
    // Stopped last (after the engine), so mail the worker sends while draining still arrives.
    launch(
      'mail',
      32,
      path.join(repoRoot, 'packages', 'tooling'),
      'src/mail-catcher.ts',
      {
        MAIL_SMTP_PORT: String(mail.smtpPort),
        MAIL_WEB_PORT: String(mail.webPort),
        MAIL_DIR: mail.dir,
        MAIL_HOST: HOST,
      },
      false,
    );
  }
  // The HTTP gateway (GATEWAY_PROCESSES processes on one port through node:cluster, 1 by
  // default; the supervised process is then the cluster's primary, which passes SIGTERM on and
  // forks a crashed worker again), and a worker of the same code on its own core for settlement
  // and the market makers, so neither holds up the other's event loop.
  launch('gateway', 35, appDir('gateway'), 'src/cluster.ts', {
    SETTLEMENT: 'false',
    MARKET_MAKERS: 'false',
    ...(await metricsEnv('gateway', 0)),
  });
  launch('worker', 36, appDir('gateway'), 'src/server.ts', {
    LISTEN: 'false',
    SETTLEMENT: 'true',
    MARKET_MAKERS: env.MARKET_MAKERS,
    ...(await metricsEnv('worker', 1)),
  });
  const shards = Object.keys(shardSpecs);
  const names = engineNames();
  for (const [i, shard] of shards.entries()) {
    launch(names[i] ?? `engine-${shard}`, 33, appDir('matching-sim'), 'src/main.ts', {
      ENGINE_SHARD: shard,
      ENGINE_SYMBOLS: JSON.stringify(shardSpecs[shard]),
      // One price feed for the exchange: the first shard's engine publishes it.
      ...(i === 0 ? {} : { PRICE_FEED_ASSETS: '[]' }),
      ...(await metricsEnv(`engine-${shard}`, 10 + i, { shard })),
    });
  }
  launch('kyc', 34, appDir('matching-sim'), 'src/sim/kyc/main.ts', await metricsEnv('kyc', 2));
  launch(
    'chain',
    37,
    appDir('matching-sim'),
    'src/sim/chain/main.ts',
    await metricsEnv('chain', 3),
  );
  launch('card', 38, appDir('matching-sim'), 'src/sim/card/main.ts', await metricsEnv('card', 4));
  if (localOidc) launch('oidc', 31, appDir('matching-sim'), 'src/sim/oidc/main.ts');
  launch('bank', 35, appDir('matching-sim'), 'src/sim/bank/main.ts', await metricsEnv('bank', 5));
  writeTargets();
  if (await waitReady(`http://${reach}:${PORT}/ready`, 60_000)) {
    const inbox = mail
      ? `\n  E-mail inbox (codes the exchange sends): http://localhost:${mail.webPort}`
      : `\n  E-mail goes out through ${new URL(env.SMTP_URL ?? '').host}`;
    console.log(
      `\n  \x1b[1mExchange running at http://localhost:${PORT}\x1b[0m  (API docs: http://localhost:${PORT}/v1/docs; Ctrl-C stops)${inbox}` +
        `\n  ${listenLine()}` +
        `\n  Metrics (Prometheus, ${METRICS_HOST === '127.0.0.1' ? 'this machine only' : METRICS_HOST}): ${metricsTargets.map((t) => `${t.name} ${t.url}`).join(', ')}` +
        `\n    listed for Prometheus in ${path.relative(repoRoot, targetsFile)}; prometheus --config.file=ops/prometheus/prometheus.yml` +
        `\n  Test coins: copy a user's deposit address from the deposit page (/cryptoChannel), then` +
        `\n    npm run sim:chain -- send <BTC|ETH|TRX|SOL|XRP> <address> <amount> [asset]   e.g. send TRX T... 100 (USDT on Tron)` +
        `\n    (also: status, reorg <network> <k>, set-status <network> <STABLE|UNSTABLE|MAINTENANCE>)` +
        `\n  Bank transfers: copy a user's virtual account number from the bank deposit page (/fiatChannel/JYB), then` +
        `\n    npm run sim:bank -- deposit <accountNumber> <USD|EUR> <amount> [--payer-name "Jane Doe"] [--payer-account 123456789] [--payer-swift HSBCHKHHXXX]` +
        `\n    (also: accounts, transfers, set-outcome open <success|fail>, fail-transfer <requestId>)` +
        `\n  Test cards for card deposits (/fiatChannel/ortherJYB): npm run sim:card -- cards` +
        `\n    (a 3-D Secure charge: confirm on the processor's page, or npm run sim:card -- confirm <chargeId>)` +
        (localOidc
          ? `\n  Google and Apple sign-in go to local stand-ins (pick a test identity or type any e-mail).\n`
          : '\n'),
    );
  } else if (!stopping) {
    console.error('The gateway did not become ready within 60 s; see its log above.');
    await stopAll(1);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  void stopAll(1);
});
