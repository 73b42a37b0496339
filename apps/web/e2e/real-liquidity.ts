import assert from 'node:assert/strict';
import { newPage, shot, type ScenarioContext } from './scenarios';

/** The acceptance: a fresh exchange's Real markets are living within 30 s. */
const TARGET_MS = 30_000;
/** What a loaded test machine is allowed (the log says how long it took). */
const ALLOWED_MS = 60_000;

interface Market {
  symbol: string;
  priced: boolean;
  bids: number;
  asks: number;
  chart: boolean;
}

/**
 * A visitor of a freshly started exchange (its own, as `npm start` runs it: Real market makers
 * on, the chains' and the bank's real delays), in Real mode (the default): every Real market has
 * a price, a two-sided book of 20+ levels from the house market makers (funded by treasury
 * crypto deposits and, for USD, partner-bank transfers) and a chart with its simulated history,
 * within 30 s of the exchange being up (60 s allowed on a loaded machine); then the trade pages
 * of a USDT and a USD book as the visitor sees them.
 */
export function realLiquidity(times: { launchedAt: number; readyAt: number }) {
  return async (ctx: ScenarioContext): Promise<void> => {
    const { context, page } = await newPage(ctx);
    const api = async <T>(path: string): Promise<T> => {
      const res = await page.request.get(`${ctx.baseUrl}${path}`, {
        headers: { 'runtime-mode': '0' },
      });
      return ((await res.json()) as { data: T }).data;
    };
    const markets = async (): Promise<Market[]> => {
      const tickers = await api<{ symbol: string; last: string | null }[]>(
        '/v1/market-data/public/tickers',
      );
      return Promise.all(
        tickers.map(async (t) => {
          const [d, h] = await Promise.all([
            api<{ bids: unknown[]; asks: unknown[] }>(
              `/v1/market-data/public/depth?symbol=${t.symbol}&limit=50`,
            ),
            api<{ simulatedUntil: number | null }>(
              `/v1/market-data/public/chart-history?symbol=${t.symbol}`,
            ),
          ]);
          return {
            symbol: t.symbol,
            priced: t.last !== null,
            bids: d.bids.length,
            asks: d.asks.length,
            chart: h.simulatedUntil !== null,
          };
        }),
      );
    };
    const living = (m: Market) => m.priced && m.bids >= 20 && m.asks >= 20 && m.chart;
    const deadline = times.readyAt + ALLOWED_MS;
    let last: Market[] = [];
    for (;;) {
      last = await markets();
      if (last.length > 0 && last.every(living)) break;
      if (Date.now() > deadline) {
        await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USD`);
        await shot(ctx, page, 'real-liquidity-not-living');
        assert.fail(
          `Real markets not living ${ALLOWED_MS / 1000} s after start: ${last
            .filter((m) => !living(m))
            .map(
              (m) =>
                `${m.symbol} (price ${m.priced}, ${m.bids}/${m.asks} levels, chart ${m.chart})`,
            )
            .join(', ')}`,
        );
      }
      await page.waitForTimeout(500);
    }
    const now = Date.now();
    const fromReady = now - times.readyAt;
    ctx.log(
      `  every Real market (${last.map((m) => m.symbol).join(', ')}) living ${(fromReady / 1000).toFixed(1)} s after the exchange was up, ${((now - times.launchedAt) / 1000).toFixed(1)} s after its start command${fromReady > TARGET_MS ? ` (over the ${TARGET_MS / 1000} s target on this machine)` : ''}`,
    );
    for (const symbol of ['BTC_USDT', 'BTC_USD']) {
      await page.goto(`${ctx.baseUrl}/trade/spot/${symbol}`);
      await page.locator('header[data-mode="0"]').waitFor();
      await page.getByTestId('ticker-last').filter({ hasText: /\d/ }).waitFor();
      const asks = page.locator('.order-book__side--asks .order-book__row');
      const bids = page.locator('.order-book__side--bids .order-book__row');
      await asks.first().waitFor();
      await bids.first().waitFor();
      await page.getByTestId('chart-simulated').waitFor();
      await page.locator('[data-testid="chart"] canvas').first().waitFor();
      ctx.log(
        `  ${symbol}: price ${await page.getByTestId('ticker-last').textContent()}, ${await bids.count()} bids and ${await asks.count()} asks shown; ${await page.getByTestId('chart-simulated').textContent()}`,
      );
      await shot(ctx, page, `real-liquidity-${symbol.toLowerCase()}`);
    }
    for (const interval of ['1d', '1m']) {
      const button = page.getByRole('button', { name: interval, exact: true });
      if ((await button.count()) === 0) continue;
      await button.first().click();
      await page.waitForTimeout(1_500);
      await shot(ctx, page, `real-liquidity-chart-${interval}`);
    }
    await context.close();
  };
}
