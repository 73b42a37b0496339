import { PUSH_SAMPLES } from '../src/testing/push-samples.js';
import { describe, expect, it } from 'vitest';
import {
  ERROR_RANGES,
  ErrorCode,
  FORCE_LOGOUT_CODES,
  FlowType,
  entryMatches,
  errorByCode,
  errorTranslationsEn,
  formatMessage,
  formatTimeZone,
  hasNextPage,
  isAssetAvailable,
  isSymbolAvailable,
  pageQuery,
  pageWindow,
  parseRuntimeMode,
  parseSocketMessage,
  timeZoneHeader,
  timeZoneOffsetMinutes,
} from '../src/index.js';

describe('error catalogue', () => {
  const all = Object.values(ErrorCode);

  it('has unique codes', () => {
    expect(new Set(all.map((e) => e.code)).size).toBe(all.length);
  });

  it('puts every code but the two session codes inside an area range', () => {
    const ranges = Object.values(ERROR_RANGES);
    for (const e of all) {
      if (e.code === 401) continue;
      expect(
        ranges.some(([lo, hi]) => e.code >= lo && e.code <= hi),
        String(e.code),
      ).toBe(true);
    }
  });

  it('forces logout on 401 and 4003 only', () => {
    expect([...FORCE_LOGOUT_CODES].sort((a, b) => a - b)).toEqual([401, 4003]);
  });

  it('carries every user message of the domain spec section 8', () => {
    const texts = all.map((e) => e.message).join('\n');
    for (const msg of [
      'Login session expired, please log in again.',
      'Your account is logged in on another device',
      'Insufficient balance.',
      'Insufficient available balance.',
      'Insufficient KYC level permissions.',
      'Uncompleted KYC cannot be used.',
      'Account already exists.',
      'Bank card unlinked to the whitelist.',
      'No active bank card exists.',
      'Identity verification failed, please resubmit.',
      'Open account failed.',
      'e-KYC failed.',
      'Review rejected',
      'The system is busy, try again later.',
      'Under maintenance.',
      'No counterparty, please choose a limit order.',
      'Purchase exceeds max supply, partially filled.',
      'The two passwords you entered do not match.',
      'Invalid password format.',
      'Incorrect mailbox format.',
      'The address format is incorrect.',
      'Please enter 2-30 character Note.',
      'Note cannot exceed 100 characters.',
      'File count limit reached.',
      'Please bind Google Authenticator first.',
      'You need to bind Google validator and e-mail.',
      'Account cancellation failed',
      'The operation succeeded. Please log in again.',
      'Customers without identity verification cannot use this feature.',
      'Login failed',
      'locked for {{lockMinutes}} minutes; {{remainingMinutes}} minutes remaining',
    ]) {
      expect(texts).toContain(msg);
    }
  });

  it('looks codes up and fills variables', () => {
    expect(errorByCode(3001)?.name).toBe('INSUFFICIENT_BALANCE');
    expect(errorByCode(99999)).toBeUndefined();
    expect(errorTranslationsEn.error_3001).toBe('Insufficient balance.');
    expect(formatMessage('A {{x}} b {{y}}', { x: 1 })).toBe('A 1 b {{y}}');
  });
});

describe('paging', () => {
  it('defaults to page 1 of 10 and rejects page 0', () => {
    expect(pageQuery.parse({})).toEqual({ pageNum: 1, pageSize: 10 });
    expect(pageQuery.safeParse({ pageNum: '0' }).success).toBe(false);
    expect(pageWindow({ pageNum: 3, pageSize: 10 })).toEqual({ skip: 20, take: 10 });
  });

  it('has a next page only when the page is full', () => {
    expect(hasNextPage({ pageSize: 10, result: new Array(10).fill(0) })).toBe(true);
    expect(hasNextPage({ pageSize: 10, result: new Array(9).fill(0) })).toBe(false);
  });
});

describe('runtime mode and availability', () => {
  it('falls back to Real for unknown modes', () => {
    expect(parseRuntimeMode('1')).toBe(1);
    expect(parseRuntimeMode(2)).toBe(2);
    expect(parseRuntimeMode('7')).toBe(0);
    expect(parseRuntimeMode(undefined)).toBe(0);
  });

  it('offers assets by status and tag', () => {
    const both = { status: 'ACTIVE' as const, tags: ['real' as const, 'simulated' as const] };
    const sim = { status: 'ACTIVE' as const, tags: ['simulated' as const] };
    expect(isAssetAvailable(both, 0)).toBe(true);
    expect(isAssetAvailable(sim, 0)).toBe(false);
    expect(isAssetAvailable(sim, 1)).toBe(true);
    expect(isAssetAvailable({ ...both, status: 'MAINTENANCE' }, 0)).toBe(false);
  });

  it('offers symbols unless INACTIVE', () => {
    expect(isSymbolAvailable({ status: 'HALTED', tags: ['real'] }, 0)).toBe(true);
    expect(isSymbolAvailable({ status: 'INACTIVE', tags: ['real'] }, 0)).toBe(false);
    expect(isSymbolAvailable({ status: 'ACTIVE', tags: ['real'] }, 2)).toBe(false);
  });
});

describe('headers', () => {
  it('reads and writes time-zone offsets', () => {
    expect(timeZoneOffsetMinutes('UTC+7')).toBe(420);
    expect(timeZoneOffsetMinutes('UTC-3:30')).toBe(-210);
    expect(formatTimeZone(420)).toBe('UTC+7');
    expect(formatTimeZone(-210)).toBe('UTC-3:30');
    expect(timeZoneHeader.safeParse('GMT+7').success).toBe(false);
  });
});

describe('block list and socket', () => {
  it('matches exact paths and prefixes by method', () => {
    expect(
      entryMatches({ url: '/v1/wallet/withdraw', method: 'POST' }, 'post', '/v1/wallet/withdraw'),
    ).toBe(true);
    expect(
      entryMatches({ url: '/v1/wallet/withdraw', method: 'POST' }, 'GET', '/v1/wallet/withdraw'),
    ).toBe(false);
    expect(entryMatches({ url: '/v1/fiat/*', method: '*' }, 'GET', '/v1/fiat/rates')).toBe(true);
    expect(entryMatches({ url: '/v1/fiat/*', method: '*' }, 'GET', '/v1/fiats')).toBe(false);
  });

  it('treats unparseable socket messages as empty', () => {
    expect(parseSocketMessage('not json')).toBeNull();
    expect(parseSocketMessage('{"event":"nope"}')).toBeNull();
    expect(parseSocketMessage('{"event":"pong","code":"200","data":{"ts":1}}')).toEqual({
      event: 'pong',
      code: '200',
      data: { ts: 1 },
    });
  });

  it("reads every channel's push with its own schema and flags one that does not match", () => {
    for (const [channel, data] of Object.entries(PUSH_SAMPLES)) {
      const raw = JSON.stringify({ event: 'push', channel, args: {}, code: '200', data });
      expect(parseSocketMessage(raw)).toEqual({
        event: 'push',
        channel,
        args: {},
        code: '200',
        data,
      });
    }
    // The shape settlement used to send on refreshAsset while the web read balances from it.
    const balances = { assets: [{ asset: 'BTC', available: '1' }] };
    expect(
      parseSocketMessage(
        JSON.stringify({ event: 'push', channel: 'refreshAsset', code: '200', data: balances }),
      ),
    ).toEqual({
      event: 'invalid',
      channel: 'refreshAsset',
      problem: 'assets.0: Invalid input: expected string, received object',
    });
  });

  it('keeps the spec flow codes', () => {
    expect(FlowType.OPTION_IN).toBe(916001);
    expect(FlowType.VIRTUAL_ACCOUNT_MONTHLY_FEE_DEDUCTION).toBe(917004);
    expect(FlowType.DIGITAL_OPTION_CONVERSION_FEE).toBe(921009);
  });
});
