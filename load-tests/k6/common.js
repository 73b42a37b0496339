// Shared by the k6 scripts: tokens, the order flow (same as packages/load-runner/src/orders.ts).
import { SharedArray } from 'k6/data';

export const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:8080';
export const WS_URL = __ENV.WS_URL || BASE_URL.replace(/^http/, 'ws') + '/v1/websocket/connect';
export const SYMBOL = __ENV.SYMBOL || 'BTC_USDT';
export const AMOUNT = '0.001';

const host = BASE_URL.replace(/^\w+:\/\//, '').split(/[:/]/)[0];
if (!['127.0.0.1', 'localhost', '[::1]'].includes(host) && __ENV.ALLOW_REMOTE !== '1') {
  throw new Error(
    `These load tests target localhost only (got ${host}); set ALLOW_REMOTE=1 for your own staging exchange.`,
  );
}

/**
 * Bearer tokens of Demo users, one JSON array of { userId, token }; make them with
 * `pnpm --filter @exchange/load-runner users -- 200 > tokens.json` (see ../README.md).
 */
export const users = new SharedArray('users', () => {
  const list = JSON.parse(open(__ENV.TOKENS_FILE || './tokens.json'));
  if (list.length < 2 || list.length % 2 !== 0)
    throw new Error('TOKENS_FILE needs an even number (>= 2) of users');
  return list;
});

/** Even k: passive order far from 50,000 that rests; odd k: crossing pairs at 50,000 (BUY by an even user, SELL by an odd one). */
export function plannedOrder(k, n, crossingOnly) {
  if (crossingOnly || k % 2 === 1) {
    const j = crossingOnly ? k : (k - 1) / 2;
    const side = j % 2 === 0 ? 'BUY' : 'SELL';
    const user = ((Math.floor(j / 2) * 2) % n) + (side === 'SELL' ? 1 : 0);
    return { user, side, price: '50000.00', crossing: true };
  }
  const j = k / 2;
  const buy = j % 2 === 0;
  const offset = (j % 100) / 100 + (Math.floor(j / 200) % 100);
  return {
    user: j % n,
    side: buy ? 'BUY' : 'SELL',
    price: (buy ? 40000 + offset : 60000 + offset).toFixed(2),
    crossing: false,
  };
}

export function orderBody(o, clientOrderId) {
  return {
    symbol: SYMBOL,
    side: o.side,
    type: 'LIMIT',
    price: o.price,
    amount: AMOUNT,
    clientOrderId,
  };
}

export function headers(token) {
  return {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
    'runtime-mode': '1',
  };
}
