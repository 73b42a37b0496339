import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, PushPayload, SocketChannel, TradingSymbol } from '@exchange/contracts';
import {
  listAudit,
  opsDeps,
  parseArgs,
  runOps,
  type OpsDeps,
} from '../../../../src/features/operations/ops/index.js';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { listen } from '../../../helpers/listen.js';
import { Client } from '../../../helpers/socket-client.js';
import { trading } from '../../../helpers/trading.js';

// Two gateways of one exchange (one database, one Redis prefix): the operator's commands run on
// the first, the client is connected to the second, so every change must travel through Redis.
let t: TestApp;
let second: TestApp;
let socketUrl: string;
let deps: OpsDeps;
const api = trading(() => second);

beforeAll(async () => {
  t = await build();
  second = await build({ DATABASE_URL: t.env.DATABASE_URL, REDIS_PREFIX: t.env.REDIS_PREFIX });
  socketUrl = await listen(second);
  deps = opsDeps(t.app, 'alice');
});
afterAll(async () => {
  await second.close();
  await t.close();
});

type Push<C extends SocketChannel> = { event: 'push'; channel: C; data: PushPayload<C> };

async function watcher(mode = 0) {
  const c = await Client.open(socketUrl);
  if (mode !== 0) {
    const { token } = await signIn(second);
    expect((await c.request('login', { args: { token, runtimeMode: mode } })).code).toBe('200');
  }
  for (const channel of ['system', 'updateAssetItem', 'updateSymbolItem'])
    expect((await c.request('subscribe', { channel, args: {} })).code).toBe('200');
  return c;
}

const pushOf = <C extends 'system' | 'updateAssetItem' | 'updateSymbolItem'>(
  c: Client,
  channel: C,
  pred: (data: PushPayload<C>) => boolean,
) =>
  c.next((m) => {
    if (m.event !== 'push' || m.channel !== channel) return false;
    return pred((m as unknown as Push<C>).data);
  }, 2000) as unknown as Promise<Push<C>>;

const items = <T>(data: T | T[]): T[] => (Array.isArray(data) ? data : [data]);

async function catalogue<T>(path: string, mode = '0'): Promise<T[]> {
  const res = await second.app.inject({ url: path, headers: { 'runtime-mode': mode } });
  return res.json<{ data: T[] }>().data;
}

describe('symbol maintenance', () => {
  it('is stored, audited, pushed to open clients through another gateway, and refuses orders', async () => {
    const { token } = await signIn(second, { kycLevel: 1 });
    // The second gateway caches BTC_USDT's rules with this refusal of a price off the tick.
    const before = await api.place(token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '100.001',
      amount: '0.001',
    });
    expect(before.json<{ code: string }>().code).not.toBe('1300');
    const c = await watcher();
    const started = Date.now();

    await runOps(
      deps,
      parseArgs([
        'symbol',
        'maintenance',
        'btc_usdt',
        'on',
        '--message',
        'Matching engine upgrade until 02:00 UTC',
      ]),
    );

    const item = await pushOf(c, 'updateSymbolItem', (d) =>
      items(d).some((s) => s.code === 'BTC_USDT' && s.maintenance != null),
    );
    const notice = await pushOf(c, 'system', (d) => d.code === 'BTC_USDT');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(items(item.data).find((s) => s.code === 'BTC_USDT')?.maintenance?.message).toBe(
      'Matching engine upgrade until 02:00 UTC',
    );
    expect(notice.data).toMatchObject({
      type: 'MAINTENANCE',
      scope: 'SYMBOL',
      code: 'BTC_USDT',
      active: true,
      message: 'Matching engine upgrade until 02:00 UTC',
    });

    // The REST catalogue shows it too, and the symbol stays listed.
    const listed = await catalogue<TradingSymbol>('/v1/common/public/configs/symbols');
    expect(listed.find((s) => s.code === 'BTC_USDT')?.maintenance?.message).toBe(
      'Matching engine upgrade until 02:00 UTC',
    );

    // The second gateway dropped its cached rules at once: no 5-second window of old rules.
    const refused = await api.place(token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '100',
      amount: '0.001',
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      code: '1300',
      data: { symbol: 'BTC/USDT', message: 'Matching engine upgrade until 02:00 UTC' },
    });

    const [audit] = await listAudit(t.app.db, { entity: 'symbol', key: 'BTC_USDT' });
    expect(audit).toMatchObject({
      actor: 'alice',
      action: 'maintenance-on',
      before: { code: 'BTC_USDT', maintenance: null },
      after: {
        code: 'BTC_USDT',
        maintenance: { message: 'Matching engine upgrade until 02:00 UTC' },
      },
    });

    await runOps(deps, parseArgs(['symbol', 'maintenance', 'BTC_USDT', 'off']));
    await pushOf(c, 'updateSymbolItem', (d) =>
      items(d).some((s) => s.code === 'BTC_USDT' && s.maintenance == null),
    );
    await pushOf(c, 'system', (d) => d.code === 'BTC_USDT' && d.active === false);
    const again = await api.place(token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '100.001',
      amount: '0.001',
    });
    expect(again.json<{ code: string }>().code).not.toBe('1300');
    expect((await listAudit(t.app.db, { key: 'BTC_USDT' }))[0]?.action).toBe('maintenance-off');
    c.close();
  });

  it('needs a message, and names an unknown symbol', async () => {
    await expect(
      runOps(deps, parseArgs(['symbol', 'maintenance', 'ETH_USDT', 'on'])),
    ).rejects.toMatchObject({ code: 1302 });
    await expect(
      runOps(deps, parseArgs(['symbol', 'set', 'NOPE_USDT', '--status', 'HALTED'])),
    ).rejects.toMatchObject({ code: 1301 });
    await expect(
      runOps(deps, parseArgs(['symbol', 'set', 'ETH_USDT', '--status', 'GONE'])),
    ).rejects.toMatchObject({ code: 1302 });
  });
});

describe('asset and symbol status and tags', () => {
  it('publishes the asset and its symbols as each mode now offers them', async () => {
    const c = await watcher(1);
    await runOps(deps, parseArgs(['asset', 'set', 'XAUT', '--tags', 'real']));
    const asset = await pushOf(c, 'updateAssetItem', (d) =>
      items(d).some((a) => a.code === 'XAUT'),
    );
    expect(items(asset.data).find((a) => a.code === 'XAUT')?.tags).toEqual(['real']);
    // In Demo the gold token is gone, so its symbol reads INACTIVE there (REST leaves it out).
    const symbol = await pushOf(c, 'updateSymbolItem', (d) =>
      items(d).some((s) => s.code === 'XAUT_USDT'),
    );
    expect(items(symbol.data).find((s) => s.code === 'XAUT_USDT')?.status).toBe('INACTIVE');
    expect(
      (await catalogue<TradingSymbol>('/v1/common/public/configs/symbols', '1')).some(
        (s) => s.code === 'XAUT_USDT',
      ),
    ).toBe(false);
    expect(
      (await catalogue<Asset>('/v1/common/public/configs/assets', '0')).some(
        (a) => a.code === 'XAUT',
      ),
    ).toBe(true);
    const [audit] = await listAudit(t.app.db, { entity: 'asset', key: 'XAUT' });
    expect(audit).toMatchObject({
      action: 'set',
      before: { tags: ['real', 'simulated'] },
      after: { tags: ['real'] },
    });

    await runOps(deps, parseArgs(['symbol', 'set', 'SOL_USDT', '--status', 'HALTED']));
    const halted = await pushOf(c, 'updateSymbolItem', (d) =>
      items(d).some((s) => s.code === 'SOL_USDT'),
    );
    expect(items(halted.data)[0]?.status).toBe('HALTED');
    c.close();
  });

  it('puts an asset under maintenance: withdrawals and deposit addresses pause (5009)', async () => {
    const c = await watcher();
    await runOps(
      deps,
      parseArgs(['asset', 'maintenance', 'ETH', 'on', '--message', 'Ethereum node upgrade']),
    );
    await pushOf(c, 'system', (d) => d.scope === 'ASSET' && d.code === 'ETH' && d.active === true);
    const pushed = await pushOf(c, 'updateAssetItem', (d) =>
      items(d).some((a) => a.code === 'ETH'),
    );
    expect(items(pushed.data)[0]?.maintenance?.message).toBe('Ethereum node upgrade');
    const { token } = await signIn(second, { kycLevel: 1 });
    const res = await second.app.inject({
      url: '/v1/wallet/crypto/deposit/address?asset=ETH&network=ETH',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json<{ code: string }>().code).toBe('5009');
    await runOps(deps, parseArgs(['asset', 'maintenance', 'ETH', 'off']));
    c.close();
  });
});

describe('block list', () => {
  it('adds an entry that every gateway applies at once, and removes it', async () => {
    const added = (await runOps(
      deps,
      parseArgs([
        'blocklist',
        'add',
        '--entry',
        'GET /v1/marketing/public/news',
        '--mask',
        '1001',
        '--tag',
        'maintenance',
      ]),
    )) as { id: number };
    // No wait for the 5-second refresh: the announcement reloads the list.
    await expect
      .poll(
        async () => (await second.app.inject({ url: '/v1/marketing/public/news' })).statusCode,
        { timeout: 1000, interval: 20 },
      )
      .toBe(503);
    await runOps(deps, parseArgs(['blocklist', 'remove', String(added.id)]));
    await expect
      .poll(
        async () => (await second.app.inject({ url: '/v1/marketing/public/news' })).statusCode,
        { timeout: 1000, interval: 20 },
      )
      .toBe(200);
    const audit = await listAudit(t.app.db, { entity: 'blocklist' });
    expect(audit.map((a) => a.action)).toEqual(['remove', 'add']);
    expect(audit[1]).toMatchObject({ before: null, after: { mask: 1001, tag: 'maintenance' } });
    expect(audit[0]).toMatchObject({ after: null, before: { id: added.id } });
    await expect(
      runOps(
        deps,
        parseArgs(['blocklist', 'add', '--entry', 'nowhere', '--mask', '1', '--tag', 'x']),
      ),
    ).rejects.toMatchObject({ code: 1302 });
  });
});

describe('fees', () => {
  it('sets a symbol rate that the fee schedule and new orders use', async () => {
    await runOps(
      deps,
      parseArgs(['fee', 'set', 'ETH_USDT', '--maker', '0.001', '--taker', '0.002']),
    );
    const res = await second.app.inject({ url: '/v1/fees/public/schedule' });
    const eth = res
      .json<{
        data: { symbols: { symbol: string; makerFeeRate: string; takerFeeRate: string }[] };
      }>()
      .data.symbols.find((s) => s.symbol === 'ETH_USDT');
    expect(eth).toMatchObject({ makerFeeRate: '0.001', takerFeeRate: '0.002' });
    const [audit] = await listAudit(t.app.db, { entity: 'fee', key: 'ETH_USDT' });
    expect(audit).toMatchObject({
      before: { makerFeeRate: '0', takerFeeRate: '0' },
      after: { makerFeeRate: '0.001', takerFeeRate: '0.002' },
    });
    await expect(
      runOps(deps, parseArgs(['fee', 'set', 'ETH_USDT', '--maker', '0.5'])),
    ).rejects.toMatchObject({ code: 1302 });
  });
});

describe('news', () => {
  it('adds an announcement readers see, and removes it', async () => {
    const c = await watcher();
    const pushed = pushOf(c, 'system', (d) => d.message === 'Gold token maintenance');
    const added = (await runOps(
      deps,
      parseArgs([
        'news',
        'add',
        '--title',
        'Gold token maintenance',
        '--category',
        'announcement',
        '--body',
        'Deposits of XAUT pause on Sunday.',
      ]),
    )) as { id: number };
    const read = async () =>
      (await second.app.inject({ url: '/v1/marketing/public/news?category=ANNOUNCEMENT' })).json<{
        data: { result: { id: number; title: string }[] };
      }>().data.result;
    expect((await read()).find((n) => n.id === added.id)?.title).toBe('Gold token maintenance');
    // Open clients are told at once (through the other gateway's socket): an announcement, in
    // its language, with its id.
    expect((await pushed).data).toMatchObject({
      type: 'ANNOUNCEMENT',
      active: true,
      newsId: added.id,
      language: 'en',
    });
    const gone = pushOf(c, 'system', (d) => d.newsId === added.id && d.active === false);
    await runOps(deps, parseArgs(['news', 'remove', String(added.id)]));
    expect((await read()).some((n) => n.id === added.id)).toBe(false);
    await gone;
    c.close();
    expect((await listAudit(t.app.db, { entity: 'news' })).map((a) => a.action)).toEqual([
      'remove',
      'add',
    ]);
  });
});

describe('reviews', () => {
  it('decides a KYC application under review instead of the provider, and tells the user', async () => {
    const { userId } = await signIn(t, { kycLevel: 0 });
    const app = await t.app.db.kycApplication.create({
      data: {
        userId,
        kind: 'INDIVIDUAL',
        status: 'AFOOT',
        reference: `ref-${userId}`,
        submittedAt: t.clock.date(),
        step1: {},
        step2: {},
      },
    });
    const user = await t.app.db.user.findUniqueOrThrow({ where: { id: userId } });
    await runOps(deps, parseArgs(['kyc', 'decide', user.uid, 'pass']));
    expect((await t.app.db.user.findUniqueOrThrow({ where: { id: userId } })).kycLevel).toBe(1);
    expect(
      (await t.app.db.kycApplication.findUniqueOrThrow({ where: { id: app.id } })).status,
    ).toBe('PASS');
    expect(await t.app.db.notification.count({ where: { userId, type: 'KYC_RESULT' } })).toBe(1);
    const [audit] = await listAudit(t.app.db, { entity: 'kyc', key: app.id });
    expect(audit).toMatchObject({
      action: 'decide-pass',
      before: { status: 'AFOOT' },
      after: { status: 'PASS' },
    });
    // Decided: a second decision (or the provider's late one) changes nothing.
    await expect(
      runOps(deps, parseArgs(['kyc', 'decide', app.id, 'reject', '--reason', 'Blurred'])),
    ).rejects.toMatchObject({ code: 1302 });
  });

  it('hands a withdrawal decision to the withdrawal service and audits it', async () => {
    await expect(
      runOps(deps, parseArgs(['withdrawal', 'refuse', '00000000-0000-0000-0000-000000000000'])),
    ).rejects.toMatchObject({ code: 1301 });
  });
});

describe('house funding', () => {
  it("sends coins from the chain's faucet to the account's deposit address", async () => {
    const { userId } = await signIn(t, { kycLevel: 1 });
    const user = await t.app.db.user.findUniqueOrThrow({ where: { id: userId } });
    const sent: unknown[] = [];
    // The chain is an outside party: faked here (the deposit flow has its own chain tests).
    const fake: OpsDeps = {
      ...deps,
      depositAddress: async (id, asset, network) => `addr:${id}:${asset}:${network}`,
      faucet: async (req) => {
        sent.push(req);
        return { txId: 'tx1' };
      },
    };
    await runOps(fake, parseArgs(['house', 'fund', user.uid, 'usdt', 'trx', '250000']));
    expect(sent).toEqual([
      { network: 'TRX', address: `addr:${userId}:USDT:TRX`, amount: '250000', asset: 'USDT' },
    ]);
    const [audit] = await listAudit(t.app.db, { entity: 'house' });
    expect(audit).toMatchObject({ action: 'fund', after: { asset: 'USDT', amount: '250000' } });
  });
});

describe('audit', () => {
  it('lists every change newest first with who made it', async () => {
    const rows = (await runOps(deps, parseArgs(['audit', '--limit', '100']))) as {
      actor: string;
      entity: string;
    }[];
    expect(rows.length).toBeGreaterThan(8);
    expect(new Set(rows.map((r) => r.actor))).toEqual(new Set(['alice']));
    expect(new Set(rows.map((r) => r.entity))).toEqual(
      new Set(['symbol', 'asset', 'blocklist', 'fee', 'news', 'kyc', 'house']),
    );
  });
});
