import { engineCommand, engineEvent, fromUnits, toUnits } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';

describe('engine contracts', () => {
  it('converts decimals to ticks and lots exactly, refusing values off the grid', () => {
    expect(toUnits('0.3', '0.1')).toBe(3);
    expect(toUnits('12345.67', '0.01')).toBe(1234567);
    expect(toUnits('0.305', '0.01')).toBeNull();
    expect(toUnits('5', '0.5')).toBe(10);
    expect(toUnits('1', '0')).toBeNull();
    expect(fromUnits(1234567, '0.01')).toBe('12345.67');
    expect(fromUnits(3, '0.1')).toBe('0.3');
    expect(fromUnits(0, '0.01')).toBe('0');
    expect(fromUnits(20, '5')).toBe('100');
  });

  it('accepts integers as numbers or decimal strings within the safe range', () => {
    const base = {
      kind: 'place',
      commandId: 'c',
      runtimeMode: 1,
      symbol: 'X',
      userId: '7',
      ts: 1,
      orderId: '9007199254740991',
      side: 'BUY',
      type: 'LIMIT',
      price: '100',
      quantity: 5,
    };
    const cmd = engineCommand.parse(base);
    expect(cmd).toMatchObject({
      userId: 7,
      orderId: Number.MAX_SAFE_INTEGER,
      price: 100,
      timeInForce: 'GTC',
      selfTradePrevention: 'CANCEL_NEWEST',
    });
    expect(engineCommand.safeParse({ ...base, orderId: '9007199254740993' }).success).toBe(false);
    expect(engineCommand.safeParse({ ...base, price: 1.5 }).success).toBe(false);
    expect(engineCommand.safeParse({ ...base, price: 0 }).success).toBe(false);
    expect(engineCommand.safeParse({ ...base, runtimeMode: 3 }).success).toBe(false);
  });

  it('discriminates events on type', () => {
    const e = engineEvent.parse({
      type: 'TRADE',
      seq: 1,
      commandId: 'c',
      ts: 1,
      runtimeMode: 0,
      symbol: 'X',
      price: 1,
      quantity: 1,
      takerSide: 'BUY',
      makerOrderId: 1,
      makerUserId: 1,
      takerOrderId: 2,
      takerUserId: 2,
    });
    expect(e.type).toBe('TRADE');
    expect(engineEvent.safeParse({ ...e, type: 'NOPE' }).success).toBe(false);
  });
});
