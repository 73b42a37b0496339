import { describe, expect, it } from 'vitest';
import {
  orderFields,
  orderRuleViolations,
  triggerDirectionFor,
  type OrderRuleViolation,
} from '../src/order-rules.js';
import type { PlaceOrderRequest } from '../src/order.js';

const limits = { tickSize: '0.01', stepSize: '0.0001', minQty: '0.001', minNotional: '5' };
const limit = (fields: Partial<PlaceOrderRequest>): PlaceOrderRequest => ({
  symbol: 'BTC_USDT',
  side: 'BUY',
  type: 'LIMIT',
  price: '100',
  amount: '1',
  ...fields,
});
const first = (req: PlaceOrderRequest): Omit<OrderRuleViolation, 'params'> | undefined => {
  const [v] = orderRuleViolations(req, limits);
  return v && { field: v.field, error: v.error };
};

describe('the shared placement rules', () => {
  it.each<[string, Partial<PlaceOrderRequest>, OrderRuleViolation['error'] | undefined, string?]>([
    ['a valid limit order', {}, undefined],
    ['a price off the tick', { price: '100.005' }, 'PRICE_TICK_SIZE', 'price'],
    ['a zero price', { price: '0' }, 'FIELD_REQUIRED_POSITIVE', 'price'],
    ['a price that is no number', { price: '1e5' }, 'INVALID_NUMBER_FORMAT', 'price'],
    ['no amount', { amount: '' }, 'QUANTITY_REQUIRED', 'amount'],
    ['an amount off the step', { amount: '0.00015' }, 'QUANTITY_STEP_SIZE', 'amount'],
    ['an amount below the minimum', { amount: '0.0009' }, 'QUANTITY_BELOW_MINIMUM', 'amount'],
    [
      'a notional below the minimum',
      { price: '1', amount: '4' },
      'NOTIONAL_BELOW_MINIMUM',
      'amount',
    ],
    ['exactly the minimum notional', { price: '1.25', amount: '4' }, undefined],
  ])('%s', (_name, fields, error, field) => {
    expect(first(limit(fields))).toEqual(error && { field, error });
  });

  it('bounds a market buy by its total and a market sell by its amount', () => {
    const market = { type: 'MARKET' as const, price: undefined, amount: undefined };
    expect(first(limit({ ...market, total: '4.99' }))).toEqual({
      field: 'total',
      error: 'NOTIONAL_BELOW_MINIMUM',
    });
    expect(first(limit({ ...market, total: '5' }))).toBeUndefined();
    expect(first(limit({ ...market, side: 'SELL', amount: '0.5' }))).toBeUndefined();
    expect(first(limit({ ...market, side: 'SELL' }))).toEqual({
      field: 'amount',
      error: 'QUANTITY_REQUIRED',
    });
  });

  it('keeps an iceberg visible part below the amount and on the step', () => {
    const iceberg = (icebergSize: string) => first(limit({ type: 'ICEBERG', icebergSize }));
    expect(iceberg('1')).toEqual({ field: 'icebergSize', error: 'ICEBERG_SIZE_TOO_LARGE' });
    expect(iceberg('0.00015')).toEqual({ field: 'icebergSize', error: 'QUANTITY_STEP_SIZE' });
    expect(iceberg('0.2')).toBeUndefined();
  });

  it('needs a trigger price on the tick and a direction for a stop', () => {
    const stop = (fields: Partial<PlaceOrderRequest>) =>
      first(limit({ type: 'TRIGGER', triggerPrice: '90', triggerDirection: 'BELOW', ...fields }));
    expect(stop({})).toBeUndefined();
    expect(stop({ triggerPrice: '90.001' })).toEqual({
      field: 'triggerPrice',
      error: 'PRICE_TICK_SIZE',
    });
    expect(stop({ triggerDirection: undefined })).toEqual({
      field: 'triggerDirection',
      error: 'VALIDATION_FAILED',
    });
    expect(triggerDirectionFor('90', '100')).toBe('BELOW');
    expect(triggerDirectionFor('110', '100')).toBe('ABOVE');
    expect(triggerDirectionFor('110', null)).toBeNull();
  });

  it('needs a trailing delta on the tick, and an activation price on it when given', () => {
    const trailing = (fields: Partial<PlaceOrderRequest>) =>
      first(
        limit({ type: 'TRAILING', side: 'SELL', price: undefined, trailingDelta: '1', ...fields }),
      );
    expect(trailing({})).toBeUndefined();
    expect(trailing({ trailingDelta: '0.001' })).toEqual({
      field: 'trailingDelta',
      error: 'PRICE_TICK_SIZE',
    });
    expect(trailing({ activationPrice: '0' })).toEqual({
      field: 'activationPrice',
      error: 'FIELD_REQUIRED_POSITIVE',
    });
  });

  it('refuses fields that do not belong to the order type', () => {
    expect(
      first(limit({ type: 'MARKET', price: undefined, total: '10', timeInForce: 'FOK' })),
    ).toEqual({
      field: 'timeInForce',
      error: 'ORDER_FIELD_NOT_ALLOWED',
    });
    expect(
      first(limit({ type: 'MARKET', price: undefined, total: '10', timeInForce: 'IOC' })),
    ).toBeUndefined();
    expect(first(limit({ icebergSize: '0.5' }))).toEqual({
      field: 'icebergSize',
      error: 'ORDER_FIELD_NOT_ALLOWED',
    });
    expect(first(limit({ trailingDelta: '1' }))).toMatchObject({ field: 'trailingDelta' });
  });

  it('keeps an iceberg to at most 100 slices: its visible part is at least 1/100 of the amount', () => {
    const iceberg = (amount: string, icebergSize: string) =>
      orderRuleViolations(limit({ type: 'ICEBERG', amount, icebergSize }), limits);
    expect(iceberg('10', '0.0999')).toEqual([
      {
        field: 'icebergSize',
        error: 'ICEBERG_SIZE_TOO_SMALL',
        params: { minIcebergSize: '0.1000' },
      },
    ]);
    expect(iceberg('10', '0.1')).toEqual([]);
    // 1/100 of 1.0001 is 0.010001: on the step, rounded up.
    expect(iceberg('1.0001', '0.0101')).toEqual([]);
    expect(iceberg('1.0001', '0.01')[0]?.params).toEqual({ minIcebergSize: '0.0101' });
  });

  it('reports one violation per field, every field at once, with the message variables', () => {
    expect(orderRuleViolations(limit({ price: '100.005', amount: '0.0009' }), limits)).toEqual([
      { field: 'amount', error: 'QUANTITY_BELOW_MINIMUM', params: { minQty: '0.001' } },
      { field: 'price', error: 'PRICE_TICK_SIZE', params: { field: 'price', tickSize: '0.01' } },
    ]);
  });

  it("keeps an order within the symbol's maximum amount and value, and names the range", () => {
    const bounded = { ...limits, maxQty: '50', maxNotional: '100000' };
    const check = (fields: Partial<PlaceOrderRequest>) =>
      orderRuleViolations(limit(fields), bounded);
    expect(check({ amount: '50', price: '100' })).toEqual([]);
    expect(check({ amount: '50.0001', price: '1' })).toEqual([
      {
        field: 'amount',
        error: 'NUMBER_OUT_OF_RANGE',
        params: { field: 'amount', min: '0.001', max: '50' },
      },
    ]);
    // 40 x 2,500.01 is worth more than 100,000.
    expect(check({ amount: '40', price: '2500.01' })).toEqual([
      {
        field: 'amount',
        error: 'NUMBER_OUT_OF_RANGE',
        params: { field: 'total', min: '5', max: '100000' },
      },
    ]);
    const market = { type: 'MARKET' as const, price: undefined, amount: undefined };
    expect(check({ ...market, total: '100000' })).toEqual([]);
    expect(check({ ...market, total: '100000.01' })[0]).toMatchObject({
      field: 'total',
      error: 'NUMBER_OUT_OF_RANGE',
      params: { min: '5', max: '100000' },
    });
    // A market buy by amount and a market sell are bounded by the maximum amount.
    expect(check({ ...market, amount: '51' })[0]?.error).toBe('NUMBER_OUT_OF_RANGE');
    expect(check({ ...market, side: 'SELL', amount: '51' })[0]?.error).toBe('NUMBER_OUT_OF_RANGE');
  });

  it('lists the fields of each shape the form offers', () => {
    expect(orderFields('MARKET', 'BUY')).toEqual(['total']);
    expect(orderFields('MARKET', 'BUY', { byAmount: true })).toEqual(['amount']);
    expect(orderFields('TRIGGER', 'BUY')).toEqual(['triggerPrice', 'price', 'amount']);
    expect(orderFields('TRIGGER', 'BUY', { market: true })).toEqual(['triggerPrice', 'total']);
    expect(orderFields('TRIGGER', 'SELL', { market: true })).toEqual(['triggerPrice', 'amount']);
    // A stop-market carries no price, and the rules accept it so.
    expect(
      orderRuleViolations(
        limit({
          type: 'TRIGGER',
          price: undefined,
          amount: undefined,
          total: '50',
          triggerPrice: '90',
          triggerDirection: 'BELOW',
        }),
        limits,
      ),
    ).toEqual([]);
  });
});
