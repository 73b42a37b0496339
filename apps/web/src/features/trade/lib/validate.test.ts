import { describe, expect, it } from 'vitest';
import {
  adjustToStep,
  amountForPercent,
  fieldOfServerCode,
  fieldsFor,
  totalForPercent,
  validateOrder,
  type MarketContext,
  type OrderFormValues,
  type SymbolRules,
} from './validate';

const rules: SymbolRules = {
  symbol: 'BTC_USDT',
  tickSize: '0.01',
  stepSize: '0.0001',
  minQty: '0.001',
  minNotional: '10',
  counterDecimals: 2,
};
const ctx: MarketContext = {
  availableBase: '2',
  availableQuote: '10000',
  bestBid: '49990',
  bestAsk: '50010',
  lastPrice: '50000',
};
const form = (patch: Partial<OrderFormValues>): OrderFormValues => ({
  type: 'LIMIT',
  side: 'BUY',
  price: '',
  amount: '',
  total: '',
  icebergSize: '',
  triggerPrice: '',
  trailingDelta: '',
  activationPrice: '',
  ...patch,
});

describe('order validation', () => {
  it('asks each type for its own fields (market and trailing buys by total)', () => {
    expect(fieldsFor('LIMIT', 'BUY')).toEqual(['price', 'amount']);
    expect(fieldsFor('MARKET', 'BUY')).toEqual(['total']);
    expect(fieldsFor('MARKET', 'SELL')).toEqual(['amount']);
    expect(fieldsFor('ICEBERG', 'SELL')).toEqual(['price', 'amount', 'icebergSize']);
    expect(fieldsFor('TRIGGER', 'BUY')).toEqual(['triggerPrice', 'price', 'amount']);
    expect(fieldsFor('TRAILING', 'BUY')).toEqual(['trailingDelta', 'total', 'activationPrice']);
  });

  it('builds a stop-market, a market buy by amount and a trailing stop with an activation price', () => {
    const stop = validateOrder(
      form({
        type: 'TRIGGER',
        side: 'BUY',
        triggerPrice: '51000',
        total: '500',
        shape: { market: true },
      }),
      rules,
      ctx,
    );
    expect(stop.request).toEqual({
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'TRIGGER',
      triggerPrice: '51000',
      triggerDirection: 'ABOVE',
      total: '500',
    });
    const byAmount = validateOrder(
      form({ type: 'MARKET', amount: '0.1', shape: { byAmount: true } }),
      rules,
      ctx,
    );
    expect(byAmount.request).toEqual({
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'MARKET',
      amount: '0.1',
    });
    // 0.3 at the best ask (50,010) costs more than the 10,000 available.
    expect(
      validateOrder(form({ type: 'MARKET', amount: '0.3', shape: { byAmount: true } }), rules, ctx)
        .errors.form,
    ).toEqual({ code: '3001' });
    const trailing = (activationPrice: string) =>
      validateOrder(
        form({
          type: 'TRAILING',
          side: 'SELL',
          trailingDelta: '100',
          amount: '0.1',
          activationPrice,
        }),
        rules,
        ctx,
      );
    expect(trailing('').request).not.toHaveProperty('activationPrice');
    expect(trailing('52000').request).toMatchObject({ activationPrice: '52000' });
    expect(trailing('52000.001').errors.activationPrice?.code).toBe('3010');
  });

  it("keeps an order within the symbol's maximum, naming the range", () => {
    const bounded = { ...rules, maxQty: '1', maxNotional: '40000' };
    const rich = { ...ctx, availableQuote: '1000000', availableBase: '100' };
    expect(
      validateOrder(form({ type: 'MARKET', side: 'SELL', amount: '1.5' }), bounded, rich).errors
        .amount,
    ).toEqual({ code: '3011', params: { field: 'amount', min: '0.001', max: '1' } });
    expect(
      validateOrder(form({ type: 'MARKET', total: '40000.01' }), bounded, rich).errors.total,
    ).toEqual({ code: '3011', params: { field: 'total', min: '10', max: '40000' } });
    expect(fieldOfServerCode('3011', { field: 'total' })).toBe('total');
  });

  it('requires every field and a value above 0; quantity cannot be empty; checks the number format', () => {
    const { errors } = validateOrder(form({ price: '0', amount: '' }), rules, ctx);
    expect(errors.price).toEqual({ code: '3004', params: { field: 'price' } });
    expect(errors.amount).toEqual({ code: '3005', params: { field: 'amount' } });
    expect(
      validateOrder(form({ price: '1.2.3', amount: '1' }), rules, ctx).errors.price?.code,
    ).toBe('3012');
    const trailing = validateOrder(
      form({ type: 'TRAILING', side: 'SELL', trailingDelta: '-1', amount: '0.1' }),
      rules,
      ctx,
    ).errors;
    expect(trailing.trailingDelta?.code).toBe('3004');
    expect(
      validateOrder(
        form({ type: 'TRIGGER', price: '100', amount: '1', triggerPrice: '0' }),
        rules,
        ctx,
      ).errors.triggerPrice?.code,
    ).toBe('3004');
  });

  it('checks the step size, the minimum quantity, the tick size and the minimum notional', () => {
    expect(
      validateOrder(form({ price: '100', amount: '0.12345' }), rules, ctx).errors.amount,
    ).toEqual({ code: '3006', params: { stepSize: '0.0001' } });
    expect(
      validateOrder(form({ price: '100', amount: '0.0005' }), rules, ctx).errors.amount,
    ).toEqual({ code: '3007', params: { minQty: '0.001' } });
    expect(
      validateOrder(form({ price: '100.001', amount: '1' }), rules, ctx).errors.price?.code,
    ).toBe('3010');
    expect(validateOrder(form({ price: '100', amount: '0.01' }), rules, ctx).errors.amount).toEqual(
      { code: '3008', params: { minNotional: '10' } },
    );
    expect(validateOrder(form({ type: 'MARKET', total: '5' }), rules, ctx).errors.total?.code).toBe(
      '3008',
    );
  });

  it('adjusts a quantity down to a multiple of the step size', () => {
    expect(adjustToStep('0.12345', '0.0001')).toBe('0.1234');
    expect(adjustToStep('3', '0.5')).toBe('3');
    expect(adjustToStep('0.001', '0.00001')).toBe('0.001');
    expect(adjustToStep('3.7', '0.5')).toBe('3.5');
    expect(adjustToStep('', '0.1')).toBe('');
    expect(adjustToStep('abc', '0.1')).toBe('abc');
  });

  it('requires the iceberg size to be below the amount', () => {
    const errors = validateOrder(
      form({ type: 'ICEBERG', price: '100', amount: '1', icebergSize: '1' }),
      rules,
      ctx,
    ).errors;
    expect(errors.icebergSize).toEqual({ code: '3009' });
    expect(
      validateOrder(
        form({ type: 'ICEBERG', price: '100', amount: '1', icebergSize: '0.2' }),
        rules,
        ctx,
      ).errors,
    ).toEqual({});
  });

  it('reports insufficient balance for the paying side', () => {
    expect(validateOrder(form({ price: '50000', amount: '1' }), rules, ctx).errors.form).toEqual({
      code: '3001',
    });
    expect(
      validateOrder(form({ side: 'SELL', price: '50000', amount: '3' }), rules, ctx).errors.form,
    ).toEqual({ code: '3001' });
    expect(validateOrder(form({ type: 'MARKET', total: '20000' }), rules, ctx).errors.form).toEqual(
      { code: '3001' },
    );
  });

  it('needs a counterparty for a market order', () => {
    const empty = { ...ctx, bestAsk: null, bestBid: null };
    expect(validateOrder(form({ type: 'MARKET', total: '100' }), rules, empty).errors.form).toEqual(
      { code: '3002' },
    );
    expect(
      validateOrder(form({ type: 'MARKET', side: 'SELL', amount: '0.1' }), rules, empty).errors
        .form,
    ).toEqual({ code: '3002' });
  });

  it('builds the request of a valid order', () => {
    expect(validateOrder(form({ price: '100.50', amount: '0.5000' }), rules, ctx).request).toEqual({
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '100.5',
      amount: '0.5',
      timeInForce: 'GTC',
    });
    expect(validateOrder(form({ type: 'MARKET', total: '100' }), rules, ctx).request).toEqual({
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'MARKET',
      total: '100',
    });
    expect(
      validateOrder(
        form({
          type: 'TRIGGER',
          side: 'SELL',
          triggerPrice: '45000',
          price: '44900',
          amount: '0.1',
        }),
        rules,
        ctx,
      ).request,
    ).toMatchObject({
      triggerPrice: '45000',
      triggerDirection: 'BELOW',
      price: '44900',
    });
  });

  it('fills quantity or total from a share of the balance', () => {
    expect(amountForPercent(50, 'BUY', rules, ctx, '50000')).toBe('0.1000');
    expect(amountForPercent(25, 'SELL', rules, ctx, '')).toBe('0.5000');
    expect(totalForPercent(100, rules, ctx)).toBe('10000.00');
  });
});
