import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WITHDRAWAL_PATHS as P,
  type WhitelistAddress,
  type WhitelistSettings,
  type WhitelistUid,
} from '@exchange/contracts';
import { build, type TestApp } from '../../../helpers/build.js';
import { account, call, codes, HOUR, relogin, type Account } from './setup.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ WHITELIST_COOLING_HOURS: '24' });
});
afterAll(() => t.close());

const TRON = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('address whitelist', () => {
  let a: Account;
  beforeAll(async () => {
    a = await account(t);
  });

  it("refuses bad input with the spec's messages before asking for codes", async () => {
    const base = { asset: 'USDT', network: 'TRX', address: TRON, note: 'Cold wallet' };
    const cases: [object, string][] = [
      [{ ...base, note: 'x' }, '5004'],
      [{ ...base, note: '' }, '5004'],
      [{ ...base, note: 'n'.repeat(31) }, '5004'],
      [{ ...base, note: 'n'.repeat(101) }, '5005'],
      [{ ...base, address: 'T-not-an-address' }, '5003'],
      [{ ...base, address: ETH }, '5003'],
      [{ ...base, address: '  ' }, '5007'],
      [{ ...base, network: 'SOL' }, '5205'],
    ];
    for (const [body, code] of cases) {
      const res = await call(t, a.token, 'POST', P.whitelistAddresses, body);
      expect(res.body.code, JSON.stringify(body)).toBe(code);
    }
    // None of them needed codes: the first check that asks for them is the step-up (8002).
    expect((await call(t, a.token, 'POST', P.whitelistAddresses, base)).body.code).toBe('8002');
    expect(
      (await call<WhitelistAddress[]>(t, a.token, 'GET', P.whitelistAddresses)).body.data,
    ).toEqual([]);
  });

  it('adds with the step-up; the address is usable after the cooling period', async () => {
    const added = await call<WhitelistAddress>(t, a.token, 'POST', P.whitelistAddresses, {
      asset: 'USDT',
      network: 'TRX',
      address: TRON,
      note: 'Cold wallet',
      ...(await codes(t, a)),
    });
    expect(added.body.code).toBe('200');
    expect(added.body.data).toMatchObject({ address: TRON, note: 'Cold wallet', usable: false });
    expect(new Date(added.body.data.usableFrom).getTime()).toBe(t.clock.now() + 24 * HOUR);

    const again = await call(t, a.token, 'POST', P.whitelistAddresses, {
      asset: 'USDT',
      network: 'TRX',
      address: TRON,
      note: 'Twice',
    });
    expect(again.body.code).toBe('5201');

    t.clock.advance(24 * HOUR);
    await relogin(t, a);
    const list = await call<WhitelistAddress[]>(t, a.token, 'GET', P.whitelistAddresses);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]?.usable).toBe(true);
  });

  it('deletes only with the step-up, and only its own entries', async () => {
    const [entry] = (await call<WhitelistAddress[]>(t, a.token, 'GET', P.whitelistAddresses)).body
      .data;
    const other = await account(t);
    const foreign = await call(t, other.token, 'POST', P.whitelistAddressDelete(entry!.id), {
      ...(await codes(t, other)),
    });
    expect(foreign.body.code).toBe('5204');
    const noCodes = await call(t, a.token, 'POST', P.whitelistAddressDelete(entry!.id), {});
    expect(noCodes.body.code).toBe('8002');
    const wrong = await call(t, a.token, 'POST', P.whitelistAddressDelete(entry!.id), {
      ...(await codes(t, a)),
      emailCode: '000000',
    });
    expect(wrong.body.code).not.toBe('200');
    expect(
      (await call<WhitelistAddress[]>(t, a.token, 'GET', P.whitelistAddresses)).body.data,
    ).toHaveLength(1);
    const done = await call(t, a.token, 'POST', P.whitelistAddressDelete(entry!.id), {
      ...(await codes(t, a)),
    });
    expect(done.body.code).toBe('200');
    expect(
      (await call<WhitelistAddress[]>(t, a.token, 'GET', P.whitelistAddresses)).body.data,
    ).toEqual([]);
  });

  it('needs Google Authenticator for any change', async () => {
    const bare = await account(t, { authenticator: false });
    const res = await call(t, bare.token, 'POST', P.whitelistAddresses, {
      asset: 'ETH',
      network: 'ETH',
      address: ETH,
      note: 'Ledger',
      googleCode: '123456',
      emailCode: '123456',
    });
    expect(res.body.code).toBe('8001');
  });
});

describe('UID whitelist', () => {
  it('adds existing UIDs of other accounts only, with a note and the step-up', async () => {
    const a = await account(t);
    const b = await account(t);
    const own = await call(t, a.token, 'POST', P.whitelistUids, { uid: a.uid, note: 'Me' });
    expect(own.body.code).toBe('5211');
    const nobody = await call(t, a.token, 'POST', P.whitelistUids, {
      uid: '99999999999',
      note: 'Nobody',
    });
    expect(nobody.body.code).toBe('5210');
    const short = await call(t, a.token, 'POST', P.whitelistUids, { uid: b.uid, note: 'B' });
    expect(short.body.code).toBe('5004');
    const added = await call<WhitelistUid>(t, a.token, 'POST', P.whitelistUids, {
      uid: b.uid,
      note: 'Friend B',
      ...(await codes(t, a)),
    });
    expect(added.body.data).toMatchObject({ uid: b.uid, note: 'Friend B', usable: false });
    const twice = await call(t, a.token, 'POST', P.whitelistUids, { uid: b.uid, note: 'Again' });
    expect(twice.body.code).toBe('5202');
    const del = await call(t, a.token, 'POST', P.whitelistUidDelete(added.body.data.id), {
      ...(await codes(t, a)),
    });
    expect(del.body.code).toBe('200');
    expect((await call<WhitelistUid[]>(t, a.token, 'GET', P.whitelistUids)).body.data).toEqual([]);
  });
});

describe('whitelist-only settings', () => {
  it('turn on without codes and off only with the step-up', async () => {
    const a = await account(t);
    const initial = await call<WhitelistSettings>(t, a.token, 'GET', P.whitelistSettings);
    expect(initial.body.data).toEqual({
      addressWhitelistOnly: false,
      uidWhitelistOnly: false,
      coolingHours: 24,
    });
    const on = await call<WhitelistSettings>(t, a.token, 'PUT', P.whitelistSettings, {
      addressWhitelistOnly: true,
      uidWhitelistOnly: true,
    });
    expect(on.body.data).toMatchObject({ addressWhitelistOnly: true, uidWhitelistOnly: true });
    const offBare = await call(t, a.token, 'PUT', P.whitelistSettings, { uidWhitelistOnly: false });
    expect(offBare.body.code).toBe('8002');
    expect(
      (await call<WhitelistSettings>(t, a.token, 'GET', P.whitelistSettings)).body.data
        .uidWhitelistOnly,
    ).toBe(true);
    const off = await call<WhitelistSettings>(t, a.token, 'PUT', P.whitelistSettings, {
      uidWhitelistOnly: false,
      ...(await codes(t, a)),
    });
    expect(off.body.data).toMatchObject({ addressWhitelistOnly: true, uidWhitelistOnly: false });
  });
});
