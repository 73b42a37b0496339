import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_DATA_PATHS, type Asset, type VolumeStats } from '@exchange/contracts';
import { build, type TestApp } from '../../../helpers/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const user = randomUUID();
let seq = 0;

/** Stores a trade as settlement does. */
async function trade(mode: number, symbol: string, price: string, quantity: string) {
  await t.app.db.spotTrade.create({
    data: {
      shard: 'market-cap-test',
      seq: ++seq,
      mode,
      symbol,
      price,
      quantity,
      quoteAmount: new Decimal(price).times(quantity).toFixed(),
      takerSide: 'BUY',
      makerOrderId: 1n,
      takerOrderId: 2n,
      makerUserId: user,
      takerUserId: user,
      makerFee: '0',
      takerFee: '0',
      createdAt: new Date(t.app.clock.now() - 60_000),
    },
  });
}

async function get<T>(url: string, mode: number): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'runtime-mode': String(mode) } });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: T }>().data;
}

const coinInfo = (asset: string, mode: number) =>
  get<Asset>(`/v1/symbol/public/coin-info?asset=${asset}`, mode);

describe('market cap on the coin info', () => {
  it('is the catalogue reference before a trade, then circulating supply x the last price in USD', async () => {
    const seeded = await t.app.db.asset.findUniqueOrThrow({ where: { code: 'BTC' } });
    const supply = seeded.circulatingSupply?.toFixed() ?? '';
    expect((await coinInfo('BTC', 1)).marketCap).toBe(seeded.marketCap?.toFixed());

    await trade(1, 'BTC_USD', '95000.5', '0.1');
    await trade(1, 'BTC_USD', '96000.25', '0.2');
    const btc = await coinInfo('BTC', 1);
    expect(btc.coinInfo?.circulatingSupply).toBe(supply);
    expect(btc.marketCap).toBe(new Decimal(supply).times('96000.25').toDecimalPlaces(2).toFixed());
    // Another mode has its own books: Trial has not traded yet.
    expect((await coinInfo('BTC', 2)).marketCap).toBe(seeded.marketCap?.toFixed());
  });

  it('goes through one bridge (ETH_USDT x USDT_USD), exact to the cent', async () => {
    const eth = await t.app.db.asset.findUniqueOrThrow({ where: { code: 'ETH' } });
    await trade(1, 'ETH_USDT', '3210.37', '1');
    // Without a USDT_USD price the reference figure stays.
    expect((await coinInfo('ETH', 1)).marketCap).toBe(eth.marketCap?.toFixed());
    await trade(1, 'USDT_USD', '0.9987', '100');
    const expected = new Decimal(eth.circulatingSupply?.toFixed() ?? '0')
      .times('3210.37')
      .times('0.9987')
      .toDecimalPlaces(2, Decimal.ROUND_DOWN)
      .toFixed();
    expect((await coinInfo('ETH', 1)).marketCap).toBe(new Decimal(expected).toFixed());
  });

  it('answers the traded volume statsTradeVolume pushes, over REST too', async () => {
    const stats = await get<VolumeStats>(`${MARKET_DATA_PATHS.stats}?symbol=BTC_USD`, 1);
    expect(stats).toMatchObject({
      symbol: 'BTC_USD',
      volume24h: '0.3',
      quoteVolume24h: new Decimal('9500.05').plus('19200.05').toFixed(),
    });
  });
});
