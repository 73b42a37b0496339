import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../src/index.js';
import { MONEY_MAX, MONEY_SCALE, moneyBoundIssue } from '../src/decimal.js';

/** A field name that holds money: an amount, a price, a quantity, a total, a fee. */
const MONEY_NAME =
  /(amount|price|total|qty|quantity|icebergsize|trailingdelta|fee|received|notional)$/i;

/**
 * Every exported schema a client, a partner's callback or a simulator sends to a service and
 * that has a money field. Each such field must refuse an amount past the database columns.
 */
const REQUESTS = [
  'devCreditRequest',
  'placeOrderRequest',
  'cancelPlaceRequest',
  'internalTransferRequest',
  'withdrawalPreviewRequest',
  'withdrawalRequest',
  'bankDepositEvent',
  'bankTransferEvent',
  'bankTransferRequest',
  'bankSandboxIncoming',
  'fiatWithdrawalPreviewRequest',
  'fiatWithdrawalRequest',
  'cardChargeRequest',
  'cardCallbackEvent',
  'cardDepositPreviewQuery',
  'cardDepositRequest',
  'fxQuoteRequest',
  'chainDepositCallback',
  'chainCallback',
  'chainBroadcastRequest',
  'rapidBuyQuoteQuery',
  'rapidBuyRequest',
  'flashRemittanceRequest',
  'convertQuoteRequest',
];

/**
 * A developer's commands to a simulator (the chain's faucet): the amounts reach the exchange only
 * in the simulator's callbacks, which are requests above (chainDepositCallback) and bounded there.
 */
const SIMULATOR_COMMANDS = ['chainFaucetRequest'];

/** Schemas of what the services answer or push: their numbers come from the database. */
const ANSWERS = [
  'asset',
  'tradingSymbol',
  'balanceItem',
  'ledgerFlow',
  'depthIncrement',
  'marketTrade',
  'order',
  'spotTrade',
  'fill',
  'transactionChange',
  'transactionTrade',
  'walletTransaction',
  'internalTransfer',
  'withdrawalPreview',
  'withdrawal',
  'cancellationCondition',
  'cancellationPreview',
  'partnerBankFee',
  'partnerBankAccountView',
  'fiatWithdrawalPreview',
  'fiatWithdrawal',
  'cardDepositPreview',
  'fiatDeposit',
  'fiatHistoryItem',
  'fxQuote',
  'foreignExchange',
  'feeChannel',
  'feeSchedule',
  'feesPaidRow',
  'feesPaid',
  'balanceParts',
  'statementAsset',
  'statementSummary',
  'fundFlow',
  'assetNetwork',
  'networkList',
  'cryptoDeposit',
  'notification',
  'notificationPush',
  'rapidBuyQuote',
  'rapidBuy',
  'flashRemittance',
  'convertQuote',
  'convertOrder',
  'competitionReward',
  'competitionPeriod',
  'competitionStanding',
  'competitionBoard',
  'competitionOverview',
  'competitionEntry',
  'competitionMine',
];

interface Leaf {
  path: string;
  schema: z.ZodType;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = ['optional', 'nullable', 'default', 'readonly', 'catch', 'nonoptional'];

function isText(s: z.ZodType): boolean {
  const d = defOf(s);
  if (d.type === 'string') return true;
  if (WRAPPERS.includes(d.type) && d.innerType) return isText(d.innerType);
  if (d.type === 'pipe' && d.in) return isText(d.in);
  return false;
}

/** The text fields with a money name anywhere in a schema (objects, unions, arrays, pipes). */
function moneyLeaves(s: z.ZodType, path = '', out: Leaf[] = [], seen = new Set<unknown>()) {
  if (seen.has(s)) return out;
  seen.add(s);
  const d = defOf(s);
  if (d.type === 'object' && d.shape) {
    for (const [key, field] of Object.entries(d.shape)) {
      const at = path ? `${path}.${key}` : key;
      if (MONEY_NAME.test(key) && isText(field)) out.push({ path: at, schema: field });
      moneyLeaves(field, at, out, seen);
    }
  } else if (WRAPPERS.includes(d.type) && d.innerType) moneyLeaves(d.innerType, path, out, seen);
  else if (d.type === 'union' && d.options)
    d.options.forEach((o, i) => moneyLeaves(o, `${path}|${i}`, out, seen));
  else if (d.type === 'pipe' && d.in) moneyLeaves(d.in, path, out, seen);
  else if (d.type === 'array' && d.element) moneyLeaves(d.element, `${path}[]`, out, seen);
  else if (d.type === 'tuple' && d.items)
    d.items.forEach((x, i) => moneyLeaves(x, `${path}[${i}]`, out, seen));
  return out;
}

const exported = (Object.entries(contracts) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);
const withMoney = exported
  .map(([name, schema]) => ({ name, leaves: moneyLeaves(schema) }))
  .filter((s) => s.leaves.length > 0);

const THIRTY_EIGHT_DIGITS = '9'.repeat(38);

describe('the upper bound of every money field', () => {
  it('knows every exported schema with a money field as a request or an answer', () => {
    const known = new Set([...REQUESTS, ...ANSWERS, ...SIMULATOR_COMMANDS]);
    expect(withMoney.map((s) => s.name).filter((n) => !known.has(n))).toEqual([]);
    // Each listed request is still exported and still has a money field.
    const found = new Set(withMoney.map((s) => s.name));
    expect(REQUESTS.filter((n) => !found.has(n))).toEqual([]);
  });

  const requests = withMoney.filter((s) => REQUESTS.includes(s.name));
  it.each(requests.flatMap((s) => s.leaves.map((l) => [`${s.name}.${l.path}`, l.schema] as const)))(
    '%s refuses a 38-digit amount, naming the maximum, and takes an ordinary one',
    (_where, schema) => {
      const huge = schema.safeParse(THIRTY_EIGHT_DIGITS);
      expect(huge.success).toBe(false);
      expect(huge.error?.issues.map((i) => i.message).join('; ')).toContain(
        `must be at most ${MONEY_MAX}`,
      );
      expect(schema.safeParse(`${THIRTY_EIGHT_DIGITS}.5`).success).toBe(false);
      expect(schema.safeParse('1'.repeat(16)).success).toBe(false);
      expect(schema.safeParse('12.5').success).toBe(true);
      expect(schema.safeParse(MONEY_MAX).success).toBe(true);
    },
  );

  it('refuses a whole withdrawal preview, order and transfer with a 38-digit amount', () => {
    const issues = (r: { success: boolean; error?: z.ZodError }) =>
      r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(
      issues(
        contracts.withdrawalPreviewRequest.safeParse({
          asset: 'USDT',
          network: 'TRX',
          amount: THIRTY_EIGHT_DIGITS,
        }),
      ),
    ).toEqual([`amount: must be at most ${MONEY_MAX}`]);
    expect(
      issues(
        contracts.placeOrderRequest.safeParse({
          symbol: 'BTC_USDT',
          side: 'BUY',
          type: 'LIMIT',
          price: '1',
          amount: THIRTY_EIGHT_DIGITS,
        }),
      ),
    ).toEqual([`amount: must be at most ${MONEY_MAX}`]);
    expect(
      issues(
        contracts.internalTransferRequest.safeParse({
          clientRequestId: 'transfer-1',
          uid: '12345678',
          asset: 'USDT',
          amount: `1.${'0'.repeat(MONEY_SCALE)}1`,
        }),
      ),
    ).toEqual([`amount: must have at most ${MONEY_SCALE} decimals`]);
  });

  it('leaves the format of order fields to the order rules (3012), bounding only numbers', () => {
    expect(moneyBoundIssue('abc')).toBeNull();
    expect(moneyBoundIssue('-5')).toBeNull();
    expect(moneyBoundIssue(`000${MONEY_MAX}`)).toBeNull();
    expect(moneyBoundIssue(`${MONEY_MAX}.000001`)).toBe(`must be at most ${MONEY_MAX}`);
    expect(moneyBoundIssue('9'.repeat(1_000_000))).toBe(`must be at most ${MONEY_MAX}`);
    const base = { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', amount: '1' } as const;
    expect(contracts.placeOrderRequest.safeParse({ ...base, price: 'abc' }).success).toBe(true);
  });

  it('refuses an order whose price x amount passes the bound (3011, with the range)', () => {
    const limits = { tickSize: '0.01', stepSize: '0.0001', minQty: '0.0001', minNotional: '1' };
    const [first] = contracts.orderRuleViolations(
      { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: '100000000', amount: '100000000' },
      limits,
    );
    expect(first).toEqual({
      field: 'amount',
      error: 'NUMBER_OUT_OF_RANGE',
      params: { field: 'total', min: '1', max: MONEY_MAX },
    });
  });
});
