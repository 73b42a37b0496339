import { existsSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Decimal } from 'decimal.js';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FlowType,
  type FeeSchedule,
  type FeesPaid,
  type FundFlow,
  type Order,
  type Page,
  type StatementSummary,
} from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { startEngine } from '../../../helpers/engine.js';
import { demo, trading, until } from '../../../helpers/trading.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import { post, SYSTEM } from '../../../../src/features/wallet/ledger/ledger-service.js';
import { csvCell } from '../../../../src/features/wallet/reports/csv.js';

let t: TestApp;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  t = await build({ DEMO_FUNDING: 'USDT=100000,BTC=2', DEV_CREDIT: 'true' });
  await t.app.db.tradingSymbol.update({
    where: { code: 'BTC_USDT' },
    data: { makerFeeRate: '0.001', takerFeeRate: '0.002' },
  });
  engine = await startEngine(t);
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

const { place, balance, order } = trading(() => t);

async function get<T>(token: string, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...demo(token), ...headers } });
  return { res, data: res.json<{ code: string; data: T }>() };
}

const credit = async (token: string, asset: string, amount: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/wallet/dev/credit',
    headers: demo(token),
    payload: { asset, amount },
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** A posting of a spec flow no feature produces yet, between the user and the external account. */
const specFlow = (userId: string, flowType: number, asset: string, amount: string) =>
  t.app.db.$transaction((tx) =>
    post(tx, {
      mode: 1,
      flowType,
      refType: 'TEST',
      refId: String(flowType),
      at: t.clock.date(),
      legs: [
        { accountId: userId, asset, bucket: 'AVAILABLE', amount },
        {
          accountId: SYSTEM.external,
          asset,
          bucket: 'AVAILABLE',
          amount: new Decimal(amount).neg(),
        },
      ],
    }),
  );

/** RFC 4180 records of a small CSV (quoted cells with commas, quotes and CRLF inside). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

async function pdfText(buf: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocument({ data: new Uint8Array(buf), useSystemFonts: false, verbosity: 0 })
    .promise;
  let text = '';
  for (let p = 1; p <= pdf.numPages; p++) {
    const content = await (await pdf.getPage(p)).getTextContent();
    text += content.items.map((i) => ('str' in i ? i.str : '')).join('\n');
  }
  return { pages: pdf.numPages, text };
}

/** Moves the users' sessions past the clock's jumps (`signIn` gives an hour). */
async function renew(...users: { userId: string }[]) {
  await t.app.db.session.updateMany({
    where: { userId: { in: users.map((u) => u.userId) } },
    data: { accessExpiresAt: new Date(t.clock.now() + 30 * 86_400_000) },
  });
}

const FEB_END_HK = Date.parse('2026-02-28T16:00:00.000Z'); // 1 March 00:00 in Hong Kong

describe('monthly statements', () => {
  let buyer: { token: string; userId: string };
  let seller: { token: string; userId: string };

  beforeAll(async () => {
    // February (Hong Kong): funding and two credits, the last one millisecond before March.
    t.clock.set(Date.parse('2026-02-10T02:00:00Z'));
    buyer = await signIn(t);
    seller = await signIn(t);
    await renew(buyer, seller);
    await balance(buyer.token, 'USDT');
    await balance(seller.token, 'USDT');
    await credit(buyer.token, 'USDT', '500');
    t.clock.set(FEB_END_HK - 1);
    await credit(buyer.token, 'USDT', '1.000001');
    // 1 March 00:00 Hong Kong is still 28 February in UTC: it belongs to March.
    t.clock.set(FEB_END_HK);
    await credit(buyer.token, 'USDT', '2');
    // March: a trade with fees on both sides, an order placed and cancelled, spec flows.
    t.clock.set(Date.parse('2026-03-10T04:00:00Z'));
    const sell = await place(seller.token, {
      symbol: 'BTC_USDT',
      side: 'SELL',
      type: 'LIMIT',
      price: '60000.01',
      amount: '0.12345',
    });
    expect(sell.statusCode, sell.body).toBe(200);
    const buy = await place(buyer.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '60000.01',
      amount: '0.2',
    });
    const buyId = buy.json<{ data: Order }>().data.id;
    await until(async () => (await order(buyer.token, buyId)).status === 'PARTIALLY_FILLED');
    await t.app.inject({
      method: 'POST',
      url: '/v1/spot-order/cancel',
      headers: demo(buyer.token),
      payload: { orderId: buyId },
    });
    await until(async () => (await order(buyer.token, buyId)).status === 'PARTIALLY_CANCELED');
    // A resting order keeps funds frozen at the month's end.
    const rest = await place(buyer.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '30000',
      amount: '0.01',
    });
    await until(
      async () => (await order(buyer.token, rest.json<{ data: Order }>().data.id)).status === 'NEW',
    );
    await specFlow(buyer.userId, FlowType.OPTION_IN, 'USDT', '10.5');
    await specFlow(buyer.userId, FlowType.VIRTUAL_ACCOUNT_MONTHLY_FEE, 'USDT', '-3.25');
    await specFlow(buyer.userId, FlowType.DIGITAL_OPTION_CONVERSION_FEE, 'USDT', '-0.000001');
  });

  it('reconciles every asset to the unit: opening + flows = closing = the balance table', async () => {
    const { data } = await get<StatementSummary>(
      buyer.token,
      '/v1/report/statement?month=2026-03&mode=1',
    );
    expect(data.code).toBe('200');
    const march = data.data;
    expect(march).toMatchObject({ month: '2026-03', mode: 1, timeZone: 'Asia/Hong_Kong' });
    expect(march.from).toBe('2026-02-28T16:00:00.000Z');

    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/report/statement.csv?month=2026-03&mode=1',
      headers: demo(buyer.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="statement-\d+-2026-03-demo\.csv"/,
    );
    expect(res.body.startsWith('\uFEFFsection,time_hkt,asset,')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    const [head, ...body] = rows;
    const col = (name: string) => head!.indexOf(name);
    for (const a of march.assets) {
      const flows = body.filter((r) => r[0] === 'FLOW' && r[col('asset')] === a.asset);
      const opening = body.find((r) => r[0] === 'OPENING' && r[col('asset')] === a.asset)!;
      const closing = body.find((r) => r[0] === 'CLOSING' && r[col('asset')] === a.asset)!;
      expect(flows).toHaveLength(a.lines);
      for (const part of ['available', 'frozen', 'total'] as const) {
        const sum = flows.reduce((s, r) => s.plus(r[col(part)]!), new Decimal(opening[col(part)]!));
        expect(sum.toFixed(), `${a.asset} ${part}`).toBe(closing[col(part)]);
        expect(closing[col(part)], `${a.asset} ${part}`).toBe(a.closing[part]);
      }
      const credits = flows.map((r) => new Decimal(r[col('total')]!)).filter((v) => v.gt(0));
      expect(Decimal.sum(0, ...credits).toFixed()).toBe(a.credits);
      // The current month closes at the balance table, exactly.
      const b = await balance(buyer.token, a.asset);
      expect({ available: a.closing.available, frozen: a.closing.frozen }, a.asset).toEqual({
        available: b?.available,
        frozen: b?.frozen,
      });
    }
    const usdt = march.assets.find((a) => a.asset === 'USDT')!;
    const btc = march.assets.find((a) => a.asset === 'BTC')!;
    expect(usdt.opening.total).toBe('100501.000001');
    expect(btc.closing.total).toBe('2.1232031'); // 2 + 0.12345 - the 0.2 % taker fee 0.0002469
    expect(usdt.closing.frozen).toBe('300'); // the resting order: 0.01 at 30000

    // February closes where March opens; its last millisecond is February's, 00:00 HKT is March's.
    const feb = (
      await get<StatementSummary>(buyer.token, '/v1/report/statement?month=2026-02&mode=1')
    ).data.data;
    for (const a of march.assets)
      expect(
        feb.assets.find((f) => f.asset === a.asset)?.closing ?? {
          available: '0',
          frozen: '0',
          total: '0',
        },
      ).toEqual(a.opening);
    expect(feb.to).toBe('2026-02-28T16:00:00.000Z');
    const marchCredits = body.filter((r) => r[col('flow_code')] === String(FlowType.DEV_CREDIT));
    expect(marchCredits.map((r) => [r[col('time_hkt')], r[col('total')]])).toEqual([
      ['2026-03-01 00:00:00', '2'],
    ]);

    // Spec flows carry their code and translated name; Real mode, the default, is empty.
    const zh = await t.app.inject({
      method: 'GET',
      url: '/v1/report/statement.csv?month=2026-03&mode=1&lang=zh-CN',
      headers: demo(buyer.token),
    });
    const zhRows = parseCsv(zh.body.slice(1));
    expect(zhRows.find((r) => r[col('flow_code')] === '917002')?.[col('flow_name')]).toBe(
      '虚拟账户月费',
    );
    expect(zhRows.find((r) => r[col('flow_code')] === '916001')?.[col('total')]).toBe('10.5');
    const real = (
      await get<StatementSummary>(buyer.token, '/v1/report/statement?month=2026-03', {
        'runtime-mode': '0',
      })
    ).data.data;
    expect(real).toMatchObject({ mode: 0, assets: [] });
    expect((await auditLedger(t.app.db)).ok).toBe(true);
  });

  it('renders a PDF that parses, with the account, the period and the closing balances', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/report/statement.pdf?month=2026-03&mode=1',
      headers: demo(buyer.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const summary = (
      await get<StatementSummary>(buyer.token, '/v1/report/statement?month=2026-03&mode=1')
    ).data.data;
    const { pages, text } = await pdfText(res.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('Account statement');
    expect(text).toContain(summary.uid);
    expect(text).toContain(summary.email);
    expect(text).toContain('2026-03-01 00:00:00');
    for (const a of summary.assets) expect(text).toContain(a.closing.total);
    expect(text).toContain('Monthly virtual account fee');
    // French names where the built-in font draws them.
    const fr = await t.app.inject({
      method: 'GET',
      url: '/v1/report/statement.pdf?month=2026-03&mode=1',
      headers: { ...demo(buyer.token), 'accept-language': 'fr' },
    });
    expect((await pdfText(fr.rawPayload)).text).toContain('Frais de trading');
    // Chinese, Japanese and Korean names where the machine has the Noto CJK font.
    const zh = await t.app.inject({
      method: 'GET',
      url: '/v1/report/statement.pdf?month=2026-03&mode=1',
      headers: { ...demo(buyer.token), 'accept-language': 'zh-CN' },
    });
    const zhText = (await pdfText(zh.rawPayload)).text;
    if (existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'))
      expect(zhText).toContain('交易手续费');
    else expect(zhText).toContain('Trading fee');
  });

  it('offers the current month and the 6 before it, nothing older or newer', async () => {
    const months = (await get<{ months: string[] }>(buyer.token, '/v1/report/statement/months'))
      .data.data.months;
    expect(months).toEqual([
      '2026-03',
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
      '2025-10',
      '2025-09',
    ]);
    for (const month of ['2025-08', '2026-04']) {
      const { res, data } = await get(buyer.token, `/v1/report/statement?month=${month}&mode=1`);
      expect(res.statusCode).toBe(400);
      expect(data).toMatchObject({
        code: '1150',
        data: { earliest: '2025-09', latest: '2026-03' },
      });
    }
    const bad = await get(buyer.token, '/v1/report/statement?month=2026-3&mode=1');
    expect(bad.data.code).toBe('1002');
  });

  it('lists the fund flow paged with filters, the same lines as the export, within 6 months', async () => {
    const all = (await get<Page<FundFlow>>(buyer.token, '/v1/report/flows?mode=1&pageSize=100'))
      .data.data.result;
    const csv = await t.app.inject({
      method: 'GET',
      url: '/v1/report/flows.csv?mode=1',
      headers: demo(buyer.token),
    });
    const [head, ...rows] = parseCsv(csv.body.slice(1));
    expect(rows).toHaveLength(all.length);
    const key = (asset: string, code: number | string, total: string) =>
      `${asset} ${code} ${total}`;
    expect(rows.map((r) => key(r[1]!, r[2]!, r[6]!)).sort()).toEqual(
      all.map((f) => key(f.asset, f.flowType, f.total)).sort(),
    );
    expect(head).toContain('flow_name');
    // The filter offers the flow types that occur in the user's flows, nothing else.
    const types = await get<number[]>(buyer.token, '/v1/report/flow-types?mode=1');
    expect(types.data.data).toEqual(
      [...new Set(rows.map((r) => Number(r[2])))].sort((a, b) => a - b),
    );
    expect(types.data.data).not.toContain(FlowType.OPTION_OUT);
    expect((await get(buyer.token, '/v1/report/flow-types?mode=7')).res.statusCode).toBe(400);

    const orders = (
      await get<Page<FundFlow>>(
        buyer.token,
        '/v1/report/flows?mode=1&group=PLACE_ORDER&pageSize=100',
      )
    ).data.data.result;
    expect(orders.length).toBeGreaterThan(0);
    expect(new Set(orders.map((f) => f.flowType))).toEqual(
      new Set([FlowType.SPOT_ORDER_FREEZE, FlowType.SPOT_ORDER_UNFREEZE]),
    );
    for (const f of orders.filter((o) => o.flowType === FlowType.SPOT_ORDER_FREEZE)) {
      expect(new Decimal(f.available).plus(f.frozen).toFixed()).toBe('0');
      expect(f.total).toBe('0');
    }
    const spec = (await get<Page<FundFlow>>(buyer.token, '/v1/report/flows?mode=1&flowType=916001'))
      .data.data.result;
    expect(spec).toEqual([
      expect.objectContaining({ asset: 'USDT', flowType: 916001, total: '10.5' }),
    ]);
    const page2 = (
      await get<Page<FundFlow>>(buyer.token, '/v1/report/flows?mode=1&pageSize=3&pageNum=2')
    ).data.data;
    expect(page2.result).toEqual(all.slice(3, 6));
    const range = (
      await get<Page<FundFlow>>(
        buyer.token,
        `/v1/report/flows?mode=1&startTime=${FEB_END_HK}&endTime=${FEB_END_HK}`,
      )
    ).data.data.result;
    expect(range.map((f) => f.total)).toEqual(['2']);

    const now = t.clock.now();
    const tooOld = await get(
      buyer.token,
      `/v1/report/flows?mode=1&startTime=${now - 200 * 86_400_000}`,
    );
    expect(tooOld.res.statusCode).toBe(400);
    expect(tooOld.data).toMatchObject({ code: '1152', data: { earliest: '2025-09-10' } });
    const csvOld = await t.app.inject({
      method: 'GET',
      url: `/v1/report/flows.csv?startTime=${now - 200 * 86_400_000}`,
      headers: demo(buyer.token),
    });
    expect(csvOld.json()).toMatchObject({ code: '1152' });
    const reversed = await get(
      buyer.token,
      `/v1/report/flows?mode=1&startTime=${now - 1000}&endTime=${now - 2000}`,
    );
    expect(reversed.data).toMatchObject({ code: '1151' });
  });
});

describe('fees', () => {
  it('publishes the schedule: symbols with maker/taker, channels with the spec terms or "not offered yet"', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/fees/public/schedule',
      headers: { 'runtime-mode': '1' },
    });
    const schedule = res.json<{ data: FeeSchedule }>().data;
    expect(schedule.symbols.find((s) => s.symbol === 'BTC_USDT')).toEqual({
      symbol: 'BTC_USDT',
      baseAsset: 'BTC',
      counterAsset: 'USDT',
      makerFeeRate: '0.001',
      takerFeeRate: '0.002',
    });
    const channel = (c: string) => schedule.channels.find((x) => x.channel === c);
    expect(channel('SPOT_TRADE')).toMatchObject({ offered: true, free: false });
    expect(channel('CRYPTO_WITHDRAWAL')).toMatchObject({
      offered: true,
      rate: '0.01',
      limitedTime: true,
      networkGas: true,
    });
    expect(channel('CARD_DEPOSIT')).toMatchObject({
      offered: true,
      rate: '0.047',
      fixed: { amount: '0.3', asset: 'USD' },
    });
    expect(channel('FOREIGN_EXCHANGE')).toMatchObject({ free: true });
    expect(channel('RAPID_BUY')).toMatchObject({ offered: true, free: true });
    expect(channel('FIAT_DEPOSIT')).toMatchObject({ offered: true, free: true });
    expect(channel('FIAT_WITHDRAWAL')).toMatchObject({
      thirdParty: { min: '10', max: '12', asset: 'USD' },
    });
    expect(channel('BANK_ACCOUNT')).toMatchObject({
      offered: true,
      fixed: { amount: '20', asset: 'USD' },
      monthly: { amount: '5', asset: 'USD' },
      flowTypes: [917001, 917002, 917003, 917004],
    });
  });

  it("shows the rates the operator set (WITHDRAWAL_FEE_RATE, FLASH_REMITTANCE_FEE_RATE), not the spec's", async () => {
    const other = await build({ WITHDRAWAL_FEE_RATE: '0.005', FLASH_REMITTANCE_FEE_RATE: '0.001' });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/v1/fees/public/schedule' });
      const schedule = res.json<{ data: FeeSchedule }>().data;
      expect(schedule.channels.find((x) => x.channel === 'CRYPTO_WITHDRAWAL')).toMatchObject({
        rate: '0.005',
        free: false,
        limitedTime: true,
      });
      // A flash remittance fee the operator set is shown too (free by default).
      expect(schedule.channels.find((x) => x.channel === 'FLASH_REMITTANCE')).toMatchObject({
        offered: true,
        free: false,
        rate: '0.001',
      });
    } finally {
      await other.close();
    }
  });

  it("sums a user's fees per Hong Kong month and day, type and asset, Real by default", async () => {
    t.clock.set(Date.parse('2026-03-20T15:30:00Z')); // 23:30 on 20 March in Hong Kong
    const u = await signIn(t);
    const other = await signIn(t);
    await balance(u.token, 'USDT');
    await balance(other.token, 'USDT');
    const sell = await place(other.token, {
      symbol: 'BTC_USDT',
      side: 'SELL',
      type: 'LIMIT',
      price: '50000',
      amount: '0.1',
    });
    expect(sell.statusCode, sell.body).toBe(200);
    const buy = await place(u.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '50000',
      amount: '0.1',
    });
    await until(
      async () => (await order(u.token, buy.json<{ data: Order }>().data.id)).status === 'FILLED',
    );
    await specFlow(u.userId, FlowType.VIRTUAL_ACCOUNT_MONTHLY_FEE, 'USDT', '-3.25');

    const month = (await get<FeesPaid>(u.token, '/v1/fees/paid?mode=1')).data.data;
    expect(month).toMatchObject({ mode: 1, period: 'MONTH', timeZone: 'Asia/Hong_Kong' });
    expect(month.rows).toEqual([
      {
        period: '2026-03',
        flowType: FlowType.SPOT_TRADE_FEE,
        asset: 'BTC',
        amount: '0.0002',
        count: 1,
      },
      {
        period: '2026-03',
        flowType: FlowType.VIRTUAL_ACCOUNT_MONTHLY_FEE,
        asset: 'USDT',
        amount: '3.25',
        count: 1,
      },
    ]);
    const day = (await get<FeesPaid>(u.token, '/v1/fees/paid?mode=1&period=DAY')).data.data;
    expect(day.rows.map((r) => r.period)).toEqual(['2026-03-20', '2026-03-20']);
    expect(day.totals).toEqual([
      { asset: 'BTC', amount: '0.0002' },
      { asset: 'USDT', amount: '3.25' },
    ]);
    const maker = (await get<FeesPaid>(other.token, '/v1/fees/paid?mode=1')).data.data;
    expect(maker.rows).toEqual([
      {
        period: '2026-03',
        flowType: FlowType.SPOT_TRADE_FEE,
        asset: 'USDT',
        amount: '5',
        count: 1,
      },
    ]);
    // No mode in the query and none in the header: Real, where nothing was paid.
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/fees/paid',
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(res.json<{ data: FeesPaid }>().data).toMatchObject({ mode: 0, rows: [] });
  });
});

describe('CSV cells', () => {
  it('quotes separators, doubles quotes and defuses formulas, leaving exact numbers as numbers', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-400.0001')).toBe('-400.0001');
    expect(csvCell(916001)).toBe('916001');
    expect(csvCell(null)).toBe('');
  });
});

describe('a month of 50,000 flows', () => {
  it('streams its statement without holding the event loop for long', async () => {
    t.clock.set(Date.parse('2026-04-20T04:00:00Z'));
    const u = await signIn(t);
    const n = 50_000;
    // 50,000 credits of 0.01 USDT over April (Hong Kong), each against the external account.
    await t.app.db.$executeRaw`
      INSERT INTO ledger_entry ("txId", "accountId", mode, asset, bucket, amount, "flowType", "refType", "refId", "createdAt")
      SELECT tx, acct, 1, 'USDT', 'AVAILABLE', amt, ${FlowType.DEV_CREDIT}, 'LOAD', g::text,
             TIMESTAMP '2026-03-31 16:00:00' + (g * interval '30 seconds')
      FROM generate_series(1, ${n}) g, LATERAL (SELECT gen_random_uuid() AS tx) x,
           LATERAL (VALUES (${u.userId}, 0.01::numeric), (${SYSTEM.external}, -0.01::numeric)) v(acct, amt)`;
    await t.app.db.$executeRaw`
      INSERT INTO balance ("accountId", mode, asset, available, frozen, "isSystem", "updatedAt")
      VALUES (${u.userId}, 1, 'USDT', 500, 0, false, now())`;
    // The external account is the one system account allowed below zero (money from outside).
    await t.app.db.$executeRaw`
      INSERT INTO balance ("accountId", mode, asset, available, frozen, "isSystem", "updatedAt")
      VALUES (${SYSTEM.external}, 1, 'USDT', -500, 0, true, now())
      ON CONFLICT ("accountId", mode, asset) DO UPDATE SET available = balance.available - 500`;
    expect((await auditLedger(t.app.db)).ok).toBe(true);

    const figures: string[] = [];
    for (const kind of ['csv', 'pdf'] as const) {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const started = performance.now();
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/report/statement.${kind}?month=2026-04&mode=1`,
        headers: { authorization: `Bearer ${u.token}` },
      });
      const ms = performance.now() - started;
      loop.disable();
      expect(res.statusCode).toBe(200);
      const maxBlockMs = loop.max / 1e6;
      figures.push(
        `${kind}: ${(res.rawPayload.length / 1e6).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s, longest event-loop block ${maxBlockMs.toFixed(0)} ms`,
      );
      if (kind === 'csv') {
        const rows = parseCsv(res.body.slice(1));
        expect(rows.filter((r) => r[0] === 'FLOW')).toHaveLength(n);
        expect(rows.find((r) => r[0] === 'CLOSING')?.[7]).toBe('500');
      }
      // Relative to the whole generation, so a loaded machine (slower overall) does not fail it:
      // without yielding, the longest block would be the whole generation.
      expect(maxBlockMs).toBeLessThan(ms / 3);
    }
    process.stdout.write(`statement of ${n} flows: ${figures.join('; ')}\n`);
  }, 180_000);
});
