import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Decimal } from 'decimal.js';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FlowType,
  OPEN_ORDER_STATUSES,
  type Order,
  type StoredFileInfo,
} from '@exchange/contracts';
import { SECRET_SETTINGS } from '@exchange/contracts/secrets';
import {
  DamagedBackup,
  RestoreRefused,
  createBackup,
  restoreBackup,
  type Manifest,
} from '@exchange/tooling/backup';
import { dropDatabase } from '@exchange/tooling/db';
import { prepareEngineHome } from '@exchange/tooling/engine-home';
import { auditLedger } from '../../src/features/wallet/ledger/audit.js';
import { post } from '../../src/features/wallet/ledger/ledger-service.js';
import { engineHeldOrders } from '../../src/features/trading/orders/engine-reconcile.js';
import { resendPending } from '../../src/features/trading/orders/reconcile.js';
import { bearer, loginUser, registerUser } from '../helpers/auth.js';
import { build, signIn, type TestApp } from '../helpers/build.js';
import { byOrderId, openOrdersAsEngineHolds, startEngine } from '../helpers/engine.js';
import { trading, until } from '../helpers/trading.js';
import { REDIS_URL } from '../helpers/urls.js';

// The backup drill: an exchange trades and moves money, is backed up while orders keep coming,
// trades on, and the backup is restored into a new database, engine folder and file folder. The
// restored exchange must be the original at the backup's point: the same balances and open
// orders (read from the original through the dump's own snapshot), an engine holding exactly the
// open orders the database says it holds, trading on from there, its ledger balanced, its users
// logging in and their files opening.
const overrides = { DEMO_FUNDING: 'USDT=100000,BTC=2', ORDER_VERDICT_TIMEOUT_MS: '600' };
const work = mkdtempSync(path.join(tmpdir(), 'backup-drill-'));
const sourceFiles = path.join(work, 'files');
let t: TestApp;
let engine: Awaited<ReturnType<typeof startEngine>>;
let restored: TestApp | undefined;
let restoredEngine: Awaited<ReturnType<typeof startEngine>> | undefined;
const extraDatabases: string[] = [];
beforeAll(async () => {
  t = await build({ ...overrides, FILE_STORAGE_DIR: sourceFiles });
  engine = await startEngine(t);
});
afterAll(async () => {
  await restoredEngine?.stop();
  await restored?.close();
  await engine.stop();
  await t.close();
  for (const url of extraDatabases) await dropDatabase(url);
  rmSync(engine.dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const source = trading(() => t);
const target = trading(() => restored!);
/** The source's secrets: the restored installation runs with the same ones (kept apart). */
const secrets = () =>
  Object.fromEntries(
    Object.keys(SECRET_SETTINGS).map((n) => [n, t.env[n as keyof typeof t.env] as string]),
  );
const sibling = (suffix: string) => `${t.env.DATABASE_URL}_${suffix}`;

async function placed(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await source.place(token, { symbol: 'BTC_USDT', ...body });
  expect(res.json(), JSON.stringify(body)).toMatchObject({ code: '200' });
  return res.json<{ data: Order }>().data.id;
}

/** Balances and open orders as plain rows, from a query function (any database, any snapshot). */
type Row = Record<string, unknown>;
async function state(query: (sql: string) => Promise<Row[]>) {
  const open = OPEN_ORDER_STATUSES.map((s) => `'${s}'`).join(', ');
  return {
    balances: await query(
      `SELECT "accountId", mode, asset, available::text, frozen::text FROM balance
       ORDER BY "accountId", mode, asset`,
    ),
    openOrders: await query(
      `SELECT id::text, "userId", symbol, side, type, status, price::text, quantity::text,
              "filledQuantity"::text, "frozenRemaining"::text
       FROM spot_order WHERE status IN (${open}) ORDER BY id`,
    ),
  };
}

async function uploadJpeg(token: string): Promise<StoredFileInfo> {
  const jpeg = await sharp({
    create: { width: 120, height: 80, channels: 3, background: '#3366aa' },
  })
    .jpeg()
    .toBuffer();
  const boundary = `----drill${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.jpg"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/files/upload?place=KYC_ID_IMAGE',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { files: StoredFileInfo[] } }>().data.files[0]!;
}

let backupDir: string;
let manifest: Manifest;

describe('backup and restore drill', () => {
  it('restores the exchange as it was at the backup point, engine cut at the cursor', async () => {
    const maker = await signIn(t);
    const taker = await signIn(t);
    const loader = await signIn(t);
    for (const u of [maker, taker, loader]) await source.balance(u.token, 'USDT');
    const email = `drill${randomBytes(3).toString('hex')}@example.test`;
    const person = await registerUser(t, email);
    const file = await uploadJpeg(person.token);
    const fileBytes = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/files/${file.id}`,
        headers: bearer(person.token),
      })
    ).rawPayload;
    expect(fileBytes.length).toBe(file.size);

    // Resting and filled orders, and money moved between two users.
    const ask = await placed(maker.token, {
      side: 'SELL',
      type: 'LIMIT',
      price: '50000',
      amount: '0.3',
    });
    await placed(maker.token, { side: 'SELL', type: 'LIMIT', price: '50100', amount: '0.2' });
    const buy = await source.place(taker.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '50000',
      amount: '0.1',
    });
    expect(buy.json()).toMatchObject({ code: '200', data: { status: 'FILLED' } });
    await placed(taker.token, { side: 'BUY', type: 'LIMIT', price: '49000', amount: '0.5' });
    await t.app.db.$transaction((tx) =>
      post(tx, {
        mode: 1,
        flowType: FlowType.INTERNAL_TRANSFER_OUT,
        refType: 'DRILL',
        refId: randomBytes(8).toString('hex'),
        at: t.clock.date(),
        legs: [
          { accountId: maker.userId, asset: 'USDT', bucket: 'AVAILABLE', amount: '-250.5' },
          { accountId: taker.userId, asset: 'USDT', bucket: 'AVAILABLE', amount: '250.5' },
        ],
      }),
    );

    // Orders keep coming while the backup runs: resting bids, and asks that fill the 49000 bid.
    let loading = true;
    const load = (async () => {
      for (let i = 0; loading; i++) {
        await source.place(loader.token, {
          symbol: 'BTC_USDT',
          ...(i % 3 === 2
            ? { side: 'SELL', type: 'LIMIT', price: '49000', amount: '0.01' }
            : { side: 'BUY', type: 'LIMIT', price: String(48000 - i), amount: '0.01' }),
        });
      }
    })();
    await until(
      async () => (await t.app.db.spotOrder.count({ where: { userId: loader.userId } })) >= 5,
    );

    // The reference: the original database read through the dump's own snapshot. Meanwhile two
    // more asks reach the engine and settle, so its journal runs past the dump's cursor.
    let reference: Awaited<ReturnType<typeof state>> | undefined;
    let referenceCursor = -1;
    const afterDump: string[] = [];
    backupDir = path.join(work, 'backup');
    manifest = await createBackup({
      databaseUrl: t.env.DATABASE_URL,
      engineDataDir: engine.dataDir,
      fileStorageDir: sourceFiles,
      secrets: secrets(),
      secretsFile: path.join(work, 'secrets.env'),
      out: backupDir,
      onSnapshot: async (snapshotId) => {
        const db = new pg.Client({ connectionString: t.env.DATABASE_URL });
        await db.connect();
        try {
          await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
          await db.query(`SET TRANSACTION SNAPSHOT '${snapshotId}'`);
          reference = await state(async (sql) => (await db.query<Row>(sql)).rows);
          const cursor = await db.query<{ lastSeq: number }>('SELECT "lastSeq" FROM engine_cursor');
          referenceCursor = cursor.rows[0]!.lastSeq;
          await db.query('COMMIT');
        } finally {
          await db.end();
        }
        for (const price of ['51000', '51100'])
          afterDump.push(
            await placed(maker.token, { side: 'SELL', type: 'LIMIT', price, amount: '0.05' }),
          );
        await until(async () => {
          const c = await t.app.db.engineCursor.findUnique({ where: { shard: '0' } });
          return (c?.lastSeq ?? 0) > referenceCursor;
        });
      },
    });
    loading = false;
    await load;

    // The manifest: the dump's cursor, a journal that went on past it, every file summed.
    expect(reference).toBeDefined();
    expect(manifest.database.cursors).toEqual({ '0': referenceCursor });
    const shard = manifest.engine.shards['0']!;
    expect(shard.problem).toBeUndefined();
    expect(shard.cut).toMatchObject({ seq: referenceCursor });
    expect(shard.cut!.beyond).toBeGreaterThanOrEqual(2);
    expect(manifest.database.migrations.length).toBeGreaterThan(0);
    expect(manifest.files).toEqual({ count: 1, missing: [] });
    expect(Object.keys(manifest.checksums)).toContain('database.dump');
    expect(manifest.secrets.included).toBe(false);
    expect(readFileSync(path.join(backupDir, 'README.txt'), 'utf8')).toContain(
      'THE SECRETS FILE IS NOT IN THIS BACKUP',
    );

    // Trading goes on after the backup: none of it may come back.
    const late = await source.place(taker.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '50000',
      amount: '0.1',
    });
    expect(late.json()).toMatchObject({ code: '200', data: { status: 'FILLED' } });
    expect(await state(async (sql) => await t.app.db.$queryRawUnsafe<Row[]>(sql))).not.toEqual(
      reference,
    );

    // Restored into a new database, engine folder, file folder and Redis prefix.
    const databaseUrl = sibling('r');
    extraDatabases.push(databaseUrl);
    const engineDataDir = path.join(work, 'restored-engine');
    const fileStorageDir = path.join(work, 'restored-files');
    const redisPrefix = `test:${randomBytes(6).toString('hex')}:`;
    const result = await restoreBackup({
      backup: backupDir,
      databaseUrl,
      redisUrl: REDIS_URL,
      redisPrefix,
      engineDataDir,
      fileStorageDir,
      secrets: secrets(),
    });
    expect(result).toMatchObject({ previousDatabase: null, previousEngineDir: null, rebuilt: [] });
    // npm start's claim on the database: the restored engine folder is the one it accepts.
    await expect(
      prepareEngineHome({
        databaseUrl,
        redisUrl: REDIS_URL,
        redisPrefix,
        dataDir: engineDataDir,
        takeOver: false,
      }),
    ).resolves.toBeNull();
    restored = await build({
      ...overrides,
      ...secrets(),
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: redisPrefix,
      FILE_STORAGE_DIR: fileStorageDir,
    });
    restoredEngine = await startEngine(restored, { dataDir: engineDataDir });
    const r = restored;

    // A session from before the backup goes on (the same AUTH_SECRET) and opens the file.
    const before = await r.app.inject({
      method: 'GET',
      url: `/v1/files/${file.id}`,
      headers: bearer(person.token),
    });
    expect(before.statusCode).toBe(200);
    expect(before.rawPayload.equals(fileBytes)).toBe(true);

    // Balances and open orders are the original's at the backup point.
    const now = await state(async (sql) => await r.app.db.$queryRawUnsafe<Row[]>(sql));
    expect(now.balances).toEqual(reference!.balances);
    expect(now.openOrders).toEqual(reference!.openOrders);
    for (const id of afterDump)
      expect(await r.app.db.spotOrder.findUnique({ where: { id: BigInt(id) } })).toBeNull();

    // The engine stands at the cursor and holds exactly the database's open orders.
    const held = await engineHeldOrders(r.app.redis, '0');
    expect(held.seq).toBe(referenceCursor);
    expect(byOrderId(held.orders)).toEqual(byOrderId(await openOrdersAsEngineHolds(r)));
    expect(held.orders.length).toBeGreaterThanOrEqual(3);

    // The ledger balances, and a crossing order trades with a restored ask and settles.
    expect(await auditLedger(r.app.db)).toMatchObject({
      ok: true,
      unbalanced: [],
      mismatched: [],
      negative: 0,
    });
    const cross = await target.place(taker.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '50000',
      amount: '0.05',
    });
    expect(cross.json()).toMatchObject({ code: '200', data: { status: 'FILLED' } });
    const trade = await r.app.db.spotTrade.findFirstOrThrow({
      where: { takerOrderId: BigInt(cross.json<{ data: Order }>().data.id) },
    });
    expect(trade.makerOrderId.toString()).toBe(ask);
    expect(trade.seq).toBeGreaterThan(referenceCursor);
    await until(async () => new Decimal((await target.order(maker.token, ask)).filled).eq('0.15'));

    // Orders still PENDING at the dump are sent again and settle.
    r.clock.advance(60_000);
    await resendPending({ db: r.app.db, redis: r.app.redis, clock: r.clock, shard: '0' });
    await until(
      async () => (await r.app.db.spotOrder.count({ where: { status: 'PENDING' } })) === 0,
    );
    expect(await auditLedger(r.app.db)).toMatchObject({
      ok: true,
      unbalanced: [],
      mismatched: [],
      negative: 0,
    });

    // Users log in, and the uploaded file opens.
    const login = await loginUser(r, email);
    expect(login.statusCode).toBe(200);
    const token = login.json<{ data: { token: string } }>().data.token;
    const opened = await r.app.inject({
      method: 'GET',
      url: `/v1/files/${file.id}`,
      headers: bearer(token),
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(fileBytes)).toBe(true);
    const usdt = await target.balance(taker.token, 'USDT');
    expect(new Decimal(usdt!.available).gt(0)).toBe(true);
  }, 90_000);

  it('refuses a damaged backup with a clear message and changes nothing', async () => {
    const damaged = path.join(work, 'damaged');
    cpSync(backupDir, damaged, { recursive: true });
    const dump = path.join(damaged, 'database.dump');
    const bytes = readFileSync(dump);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    writeFileSync(dump, bytes);
    const databaseUrl = sibling('d');
    const engineDataDir = path.join(work, 'damaged-engine');
    const fileStorageDir = path.join(work, 'damaged-files');

    // Through the command itself, as an operator runs it.
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/restore.ts', damaged], {
      cwd: fileURLToPath(new URL('../../../../packages/tooling', import.meta.url)),
      env: {
        ...process.env,
        ...secrets(),
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
        ENGINE_DATA_DIR: engineDataDir,
        FILE_STORAGE_DIR: fileStorageDir,
        INIT_CWD: work,
      },
      encoding: 'utf8',
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain('Restore refused: the backup');
    expect(cli.stderr).toContain('database.dump does not match its checksum');
    expect(cli.stderr).toContain('nothing was restored');

    const opts = {
      databaseUrl,
      redisUrl: REDIS_URL,
      redisPrefix: 'test:unused:',
      engineDataDir,
      fileStorageDir,
    };
    await expect(restoreBackup({ ...opts, backup: damaged, secrets: secrets() })).rejects.toThrow(
      DamagedBackup,
    );
    // A journal byte, a missing file and a stray one are refused the same way.
    const journal = path.join(damaged, 'engine', 'shard-0', 'journal-00000000.log');
    cpSync(backupDir, damaged, { recursive: true });
    writeFileSync(journal, Buffer.concat([readFileSync(journal), Buffer.from(' ')]));
    await expect(restoreBackup({ ...opts, backup: damaged, secrets: secrets() })).rejects.toThrow(
      /journal-00000000.log does not match its checksum/,
    );
    // Another installation's secrets: its files would not open.
    await expect(
      restoreBackup({
        ...opts,
        backup: backupDir,
        secrets: { ...secrets(), FILE_ENCRYPTION_KEY: 'ab'.repeat(32) },
      }),
    ).rejects.toThrow(RestoreRefused);
    await expect(
      restoreBackup({
        ...opts,
        backup: backupDir,
        secrets: { ...secrets(), FILE_ENCRYPTION_KEY: 'ab'.repeat(32) },
      }),
    ).rejects.toThrow(/FILE_ENCRYPTION_KEY: uploaded files do not open/);

    // Nothing was made: no database, no engine folder, no files.
    const admin = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await admin.connect();
    const name = new URL(databaseUrl).pathname.slice(1);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    await admin.end();
    expect(found.rowCount).toBe(0);
    expect(existsSync(engineDataDir)).toBe(false);
    expect(existsSync(fileStorageDir)).toBe(false);
  }, 30_000);
});
