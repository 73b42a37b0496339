// `npm run test:compose`: builds the exchange's image and runs docker-compose.yml as a user
// would, on free ports with secrets of its own (docs/testing.md, "The compose stack"):
// 1. Debian's docker.io, docker-compose and debootstrap are installed if missing, and dockerd is
//    started if none runs (and then stopped at the end; nothing else it did not start).
// 2. The base images: the official ones where present or pullable, else local stand-ins.
// 3. `build`, `up`, then over HTTP and the socket only: /ready, a registration with the code
//    from the mail catcher, a crossing Demo order and its socket push, a resting order, and a
//    KYC decision from the simulated provider.
// 4. `stop`: every service exits 0 within its grace period; the engine wrote its snapshot.
// 5. `up` again: the user logs in, and balances, orders and the engine's book survived.
// 6. `down` with volumes, and the images this run made are removed
//    (COMPOSE_TEST_KEEP_IMAGES=1 keeps them for a quicker second run).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  composeCommand,
  ensureDaemon,
  ensurePackages,
  imageExists,
  imageSize,
  must,
  run,
  waitFor,
  type Daemon,
} from './compose/docker.js';
import { baseImages } from './compose/standins.js';
import {
  balances,
  depthAt,
  get,
  login,
  openOrders,
  OrderSocket,
  placeOrder,
  register,
  verifyIdentity,
  type Balance,
  type Stack,
} from './compose/user.js';
import { repoRoot } from './db/paths.js';

const DEMO = 1;
const SYMBOL = 'BTC_USDT';
/** Each service's stop_grace_period in docker-compose.yml (10 s where none is set). */
const GRACE: Record<string, number> = { gateway: 20, worker: 30, 'matching-sim': 30 };
const ONE_SHOT = ['secrets', 'migrate'];

const started = Date.now();
const log = (s: string) =>
  console.log(`[compose ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}`);
const phases: [string, number][] = [];
async function phase<T>(name: string, f: () => Promise<T> | T): Promise<T> {
  const t = Date.now();
  log(`${name}...`);
  const v = await f();
  phases.push([name, (Date.now() - t) / 1000]);
  return v;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      server.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

interface Stopped {
  service: string;
  exitCode: number;
  /** From the stop signal to the exit, in seconds (undefined for one-shot services). */
  seconds?: number | undefined;
}

async function main(): Promise<void> {
  const logDir = mkdtempSync(path.join(tmpdir(), 'exchange-compose-'));
  ensurePackages(log);
  const daemon: Daemon = await ensureDaemon(logDir, log);
  const [composeBin, composePre] = composeCommand();
  const keep = process.env.COMPOSE_TEST_KEEP_IMAGES === '1';
  const bases = await phase('base images', () =>
    baseImages(log, process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian'),
  );
  const project = `exchangetest${randomBytes(3).toString('hex')}`;
  const image = `${project}-exchange:test`;
  const [gateway, mail, bank, card] = await Promise.all([1, 2, 3, 4].map(() => freePort()));
  const env = {
    ...process.env,
    ...bases.images,
    EXCHANGE_IMAGE: image,
    HOST: '127.0.0.1',
    GATEWAY_PORT: String(gateway),
    MAIL_PORT: String(mail),
    BANK_PORT: String(bank),
    CARD_PORT: String(card),
    PUBLIC_BASE_URL: `http://localhost:${gateway}`,
    BANK_SIM_PUBLIC_URL: `http://localhost:${bank}`,
    CARD_SIM_PUBLIC_URL: `http://localhost:${card}`,
    KYC_SIM_REVIEW_SECONDS: '3',
  };
  const composeArgs = (...args: string[]) => [
    ...composePre,
    '-f',
    path.join(repoRoot, 'docker-compose.yml'),
    '-p',
    project,
    ...args,
  ];
  const compose = (...args: string[]) =>
    must(composeBin, composeArgs(...args), { env, cwd: repoRoot });
  const stack: Stack = {
    base: `http://127.0.0.1:${gateway}`,
    mail: `http://127.0.0.1:${mail}`,
    puzzleAnswer(puzzleId) {
      const script = `redis-cli --scan --pattern '*puzzle:${puzzleId}' | head -1 | xargs -r redis-cli GET`;
      const stored = compose('exec', '-T', 'redis', 'sh', '-c', script).trim();
      return (JSON.parse(stored || '{}') as { x: number }).x;
    },
  };
  let failed = false;
  try {
    await phase('build the exchange image', () => compose('build', 'secrets'));
    const size = imageSize(image);
    log(
      `exchange image ${image}: ${(size / 1e6).toFixed(0)} MB (on ${bases.images.NODE_IMAGE}, ${(imageSize(bases.images.NODE_IMAGE) / 1e6).toFixed(0)} MB)`,
    );
    if (size >= 300e6)
      throw new Error(`the exchange image is ${(size / 1e6).toFixed(0)} MB, not under 300 MB`);

    await phase('up', () => compose('up', '-d', '--no-build'));
    await phase('ready', () => ready(stack));

    const email = `compose-${randomBytes(4).toString('hex')}@example.com`;
    const token = await phase('register with the mailed code', () => register(stack, email));
    const before = await phase('a crossing Demo order, pushed on the socket', async () => {
      const socket = await OrderSocket.open(stack, token, DEMO);
      try {
        await balances(stack, token, DEMO); // Demo funds on first entry
        const bestBid = await waitFor(
          'the market makers’ Demo book',
          async () => {
            const depth = await depthLevels(stack);
            return depth.asks > 0 && depth.bestBid > 0 ? depth.bestBid : undefined;
          },
          120_000,
          1000,
        );
        await marketBuyFilled(stack, socket, token, '100');
        // A resting bid far below the market, to find again after the restart.
        const price = String(Math.floor(bestBid / 2));
        const resting = await placeOrder(stack, token, DEMO, {
          symbol: SYMBOL,
          side: 'BUY',
          type: 'LIMIT',
          price,
          amount: '0.001',
        });
        await socket.orderPush(resting.id, 'NEW');
        const shown = await waitFor(
          'the resting bid in the public book',
          async () => depthAt(stack, DEMO, SYMBOL, 'bids', price),
          20_000,
        );
        return {
          price,
          shown,
          orders: await openOrders(stack, token, DEMO),
          funds: await settledBalances(stack, token),
        };
      } finally {
        socket.close();
      }
    });
    const kyc = await phase('a KYC decision from the simulated provider', () =>
      verifyIdentity(stack, token),
    );
    if (kyc !== 'PASS') throw new Error(`the simulated provider decided ${kyc}, not PASS`);

    const engineFilesBefore = engineFiles(compose);
    const since = Math.floor(Date.now() / 1000) - 1;
    await phase('stop', () => compose('stop'));
    const until = Math.ceil(Date.now() / 1000) + 1;
    const stopped = stoppedServices(project, since, until);
    printStops(stopped);
    const bad = stopped.filter(
      (s) => s.exitCode !== 0 || (s.seconds !== undefined && s.seconds >= (GRACE[s.service] ?? 10)),
    );
    if (bad.length > 0) throw new Error(`services did not stop cleanly: ${JSON.stringify(bad)}`);
    const engineFilesAfter = engineFiles(compose);
    const snapshot = engineFilesAfter.find((f) => path.basename(f.name) === 'snapshot.json');
    const old = engineFilesBefore.find((f) => f.name === snapshot?.name);
    if (!snapshot || (old && snapshot.mtime <= old.mtime))
      throw new Error(`the engine wrote no shutdown snapshot: ${JSON.stringify(engineFilesAfter)}`);
    log(`engine snapshot ${snapshot.name} written at stop (${snapshot.size} bytes)`);

    await phase('up again', () => compose('up', '-d', '--no-build'));
    await phase('ready again', () => ready(stack));
    await phase('balances, orders and the book survived', async () => {
      const again = await login(stack, email);
      const funds = await settledBalances(stack, again);
      const orders = await openOrders(stack, again, DEMO);
      if (JSON.stringify(funds) !== JSON.stringify(before.funds))
        throw new Error(
          `balances changed: ${JSON.stringify(before.funds)} -> ${JSON.stringify(funds)}`,
        );
      const ids = (o: typeof orders) => o.map((x) => `${x.id}:${x.amount}:${x.filled}`).sort();
      if (JSON.stringify(ids(orders)) !== JSON.stringify(ids(before.orders)) || orders.length === 0)
        throw new Error(
          `open orders changed: ${JSON.stringify(before.orders)} -> ${JSON.stringify(orders)}`,
        );
      const shown = await waitFor(
        'the resting bid in the book after the restart',
        async () => depthAt(stack, DEMO, SYMBOL, 'bids', before.price),
        30_000,
      );
      if (Number(shown) < Number(before.shown))
        throw new Error(
          `the book shows ${shown} at ${before.price}, before the stop ${before.shown}`,
        );
      // The engine matches again: a crossing order after the restart fills.
      const socket = await OrderSocket.open(stack, again, DEMO);
      try {
        await marketBuyFilled(stack, socket, again, '50');
      } finally {
        socket.close();
      }
    });
  } catch (err) {
    failed = true;
    const logs = run(composeBin, composeArgs('logs', '--no-color', '--tail', '80'), {
      env,
      cwd: repoRoot,
    });
    const file = path.join(logDir, 'compose.log');
    writeFileSync(file, `${logs.stdout}\n${logs.stderr}`);
    console.error(`\n${err instanceof Error ? err.message : String(err)}`);
    console.error(`the services' last log lines are in ${file}; their end:`);
    console.error(logs.stdout.split('\n').slice(-40).join('\n'));
  } finally {
    await phase('down with volumes', () => {
      run(composeBin, composeArgs('down', '-v', '--remove-orphans'), { env, cwd: repoRoot });
      if (!keep) {
        for (const ref of [image, ...bases.made.reverse()])
          if (imageExists(ref)) run('docker', ['rmi', '-f', ref]);
        run('docker', ['image', 'prune', '-f']);
      }
    });
    await daemon.stop();
  }
  console.log('\nphase                                            seconds');
  for (const [name, s] of phases) console.log(`${name.padEnd(48)} ${s.toFixed(1).padStart(7)}`);
  console.log(`${'in all'.padEnd(48)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)}`);
  if (failed) process.exit(1);
  console.log('\nThe compose stack passed.');
}

/** A Demo market buy for `total` USDT against the market makers, FILLED on the socket. */
async function marketBuyFilled(
  stack: Stack,
  socket: OrderSocket,
  token: string,
  total: string,
): Promise<void> {
  const market = await placeOrder(stack, token, DEMO, {
    symbol: SYMBOL,
    side: 'BUY',
    type: 'MARKET',
    total,
  });
  await socket.orderPush(market.id, 'FILLED');
}

async function ready(stack: Stack): Promise<void> {
  await waitFor(
    'the gateway’s /ready',
    async () => ((await get(`${stack.base}/ready`)).ok ? true : undefined),
    240_000,
    1000,
  );
}

async function depthLevels(stack: Stack): Promise<{ asks: number; bestBid: number }> {
  const res = await get(`${stack.base}/v1/market-data/public/depth?symbol=${SYMBOL}&limit=5`, {
    headers: { 'runtime-mode': String(DEMO) },
  });
  const data = ((await res.json()) as { data?: Record<string, unknown[]> }).data ?? {};
  const first = (data.bids ?? [])[0] as [string, string] | { price: string } | undefined;
  const bestBid = first === undefined ? 0 : Number(Array.isArray(first) ? first[0] : first.price);
  return { asks: (data.asks ?? []).length, bestBid };
}

/** The user's Demo balances once two reads a second apart agree (settlement has caught up). */
async function settledBalances(stack: Stack, token: string): Promise<Balance[]> {
  let last = '';
  return waitFor(
    'settled balances',
    async () => {
      const now = (await balances(stack, token, DEMO))
        .map(({ asset, available, frozen }) => ({ asset, available, frozen }))
        .sort((a, b) => a.asset.localeCompare(b.asset));
      const text = JSON.stringify(now);
      const same = text === last;
      last = text;
      return same ? now : undefined;
    },
    30_000,
    1000,
  );
}

interface EngineFile {
  name: string;
  size: number;
  mtime: number;
}

/** The engine's data folder (its volume), read through a throwaway container of its service. */
function engineFiles(compose: (...args: string[]) => string): EngineFile[] {
  const out = compose(
    'run',
    '--rm',
    '--no-deps',
    '-T',
    '--entrypoint',
    'sh',
    'matching-sim',
    '-c',
    'cd /data/engine && find . -type f -printf "%P %s %T@\\n"',
  );
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name = '', size = '0', mtime = '0'] = line.split(' ');
      return { name, size: Number(size), mtime: Number(mtime) };
    });
}

/** Every container of the project: its exit code, and how long it took from SIGTERM to exit. */
function stoppedServices(project: string, since: number, until: number): Stopped[] {
  const events = must('docker', [
    'events',
    '--since',
    String(since),
    '--until',
    String(until),
    '--filter',
    `label=com.docker.compose.project=${project}`,
    '--format',
    '{{json .}}',
  ])
    .trim()
    .split('\n')
    .filter(Boolean)
    .map(
      (l) =>
        JSON.parse(l) as {
          status?: string;
          timeNano?: number;
          Actor?: { Attributes?: Record<string, string> };
        },
    );
  const ids = must('docker', [
    'ps',
    '-aq',
    '--filter',
    `label=com.docker.compose.project=${project}`,
  ])
    .trim()
    .split('\n')
    .filter(Boolean);
  return ids
    .map((id) => {
      const [service = '', exit = '1', name = ''] = must('docker', [
        'inspect',
        '-f',
        '{{index .Config.Labels "com.docker.compose.service"}} {{.State.ExitCode}} {{.Name}}',
        id,
      ])
        .trim()
        .split(' ');
      const mine = events.filter((e) => `/${e.Actor?.Attributes?.name ?? ''}` === name);
      const kill = mine.find((e) => e.status === 'kill');
      const die = mine.find((e) => e.status === 'die');
      const seconds =
        kill?.timeNano !== undefined && die?.timeNano !== undefined
          ? (die.timeNano - kill.timeNano) / 1e9
          : undefined;
      return {
        service,
        exitCode: Number(exit),
        ...(ONE_SHOT.includes(service) ? {} : { seconds }),
      };
    })
    .sort((a, b) => a.service.localeCompare(b.service));
}

function printStops(stopped: Stopped[]): void {
  console.log('\nservice          exit  stop (s)  grace (s)');
  for (const s of stopped)
    console.log(
      `${s.service.padEnd(16)} ${String(s.exitCode).padStart(4)}  ${(s.seconds === undefined ? 'one-shot' : s.seconds.toFixed(2)).padStart(8)}  ${ONE_SHOT.includes(s.service) ? '' : String(GRACE[s.service] ?? 10).padStart(9)}`,
    );
  console.log('');
}

// Every wait here is on a socket or a timer that may be unreferenced (fetch's time limit): this
// keeps the process alive until main() settles, instead of exiting silently mid-run.
const alive = setInterval(() => undefined, 60_000);
main()
  .finally(() => clearInterval(alive))
  .catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
