import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIAT_WITHDRAWAL_PATHS as P,
  holderMatches,
  isJointHolder,
  isUnsupportedRail,
  isValidAccountNumber,
  isValidSwift,
  type BankAccount,
} from '@exchange/contracts';
import { build, type TestApp } from '../../../helpers/build.js';
import { account, call, codes, credit, expectAuditClean } from '../../wallet/withdrawal/setup.js';
import { accountNumber, bankAccountBody, FakeBank, person, withdrawalBody } from './setup.js';

const bank = new FakeBank();
let t: TestApp;
beforeAll(async () => {
  t = await build({}, { fiatBank: bank });
});
afterAll(() => t.close());

describe('the rules', () => {
  it('checks SWIFT/BIC, account numbers, joint holders, rails and holder names', () => {
    expect(isValidSwift('HSBCHKHH')).toBe(true);
    expect(isValidSwift('HSBCHKHHHKH')).toBe(true);
    expect(isValidSwift('HSBCXXHH')).toBe(false); // no such country
    expect(isValidSwift('HSBCHKH')).toBe(false);
    expect(isValidSwift('HSBCHKHH1')).toBe(false);
    expect(isValidSwift('hsbchkhh')).toBe(false);
    expect(isValidAccountNumber('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidAccountNumber('DE89 3704 0044 0532 0130 01')).toBe(false); // IBAN check
    expect(isValidAccountNumber('004-123456-789')).toBe(true);
    expect(isValidAccountNumber('12345')).toBe(false);
    expect(isValidAccountNumber('ABCDEFGH')).toBe(false);
    for (const joint of ['Chan Tai Man and Wong Mei', 'Chan & Wong', 'CHAN/WONG', 'Chan JT Wong'])
      expect(isJointHolder(joint)).toBe(true);
    expect(isJointHolder('Chan Tai Man')).toBe(false);
    expect(isJointHolder('Anderson Ortega')).toBe(false);
    expect(isUnsupportedRail('Wise Europe', 'TRWIBEB1')).toBe(true);
    expect(isUnsupportedRail('PayPal Europe', 'DEUTDEFF')).toBe(true);
    expect(isUnsupportedRail('Revolut Bank', 'REVOLT21')).toBe(true);
    expect(isUnsupportedRail('Deutsche Bank', 'DEUTDEFF')).toBe(false);
    expect(holderMatches('MR. CHAN  Tai-Man', ['Tai-Man Chan'])).toBe(true);
    expect(holderMatches('chan tai man', ['Tai Man Chan'])).toBe(true);
    expect(holderMatches('Chan Siu Ming', ['Tai Man Chan'])).toBe(false);
    expect(holderMatches('Harbour Trading Ltd.', ['Harbour Trading Limited'])).toBe(true);
  });
});

describe('adding a bank account', () => {
  it('refuses a holder other than the verified identity, joint accounts and other rails', async () => {
    const a = await person(t);
    const add = (over: Record<string, unknown>) =>
      call(t, a.token, 'POST', P.bankAccounts, { ...bankAccountBody(over) });
    expect((await add({ holderName: 'Wong Siu Ming' })).body).toMatchObject({
      code: '6201',
      data: { expected: 'Tai Man Chan' },
    });
    expect((await add({ holderName: 'Chan Tai Man and Wong Mei' })).body.code).toBe('6202');
    expect((await add({ holderName: 'Chan Tai Man & Wong Mei' })).body.code).toBe('6202');
    expect((await add({ bankName: 'Wise Europe SA', swiftCode: 'TRWIBEB1' })).body.code).toBe(
      '6203',
    );
    expect((await add({ swiftCode: 'HSBC123' })).body.code).toBe('6204');
    expect((await add({ accountNumber: '12' })).body.code).toBe('6205');
    expect((await add({ bankCode: '#' })).body.code).toBe('6213');
    expect((await add({ bankAddress: '  ' })).body).toMatchObject({
      code: '6211',
      data: { field: 'bankAddress' },
    });
    expect((await add({ bankName: '汇丰银行' })).body.code).toBe('6212');
    // No code was needed for any of these; now the step-up is asked for.
    const noCodes = await add({});
    expect(noCodes.body.code).toBe('8002');
    expect(await t.app.db.bankAccount.count({ where: { userId: a.userId } })).toBe(0);
  });

  it('checks every rule without codes first, so the form asks for them only after', async () => {
    const a = await person(t);
    const check = (over: Record<string, unknown>) =>
      call(t, a.token, 'POST', P.checkBankAccount, { ...bankAccountBody(over) });
    expect((await check({ holderName: 'Wong Siu Ming' })).body).toMatchObject({
      code: '6201',
      data: { expected: 'Tai Man Chan' },
    });
    expect((await check({ swiftCode: 'HSBC123' })).body.code).toBe('6204');
    // Codes have no place in a check.
    expect((await check({ emailCode: '123456' })).status).toBe(400);
    expect((await check({})).body).toMatchObject({ code: '200', data: null });
    // A check adds nothing.
    expect(await t.app.db.bankAccount.count({ where: { userId: a.userId } })).toBe(0);
  });

  it('adds the own account (titles, case and spaces aside), unverified, linked to its currency', async () => {
    const a = await person(t);
    const body = bankAccountBody({ holderName: 'Mr  chan TAI man', currencies: ['USD', 'EUR'] });
    const res = await call<BankAccount>(t, a.token, 'POST', P.bankAccounts, {
      ...body,
      ...(await codes(t, a)),
    });
    expect(res.body.code).toBe('200');
    expect(res.body.data).toMatchObject({
      holderName: 'Mr chan TAI man',
      accountNumber: body.accountNumber,
      maskedAccountNumber: `****${body.accountNumber.slice(-4)}`,
      swiftCode: 'HSBCHKHHHKH',
      currencies: ['EUR', 'USD'],
      linked: true,
      verified: false,
      linkLocked: false,
    });
    const list = await call<BankAccount[]>(t, a.token, 'GET', P.bankAccounts);
    expect(list.body.data.map((b) => b.id)).toEqual([res.body.data.id]);
    // The same account again: already whitelisted; by another verified user: not theirs.
    const again = await call(t, a.token, 'POST', P.bankAccounts, {
      ...body,
      ...(await codes(t, a)),
    });
    expect(again.body.code).toBe('6208');
    const other = await person(t);
    const theirs = await call(t, other.token, 'POST', P.bankAccounts, { ...body });
    expect(theirs.body.code).toBe('6210');
  });

  it('links one bank account per currency; one account may serve several', async () => {
    const a = await person(t);
    const first = await call<BankAccount>(t, a.token, 'POST', P.bankAccounts, {
      ...bankAccountBody({ currencies: ['USD'] }),
      ...(await codes(t, a)),
    });
    expect(first.body.code).toBe('200');
    const second = await call(t, a.token, 'POST', P.bankAccounts, {
      ...bankAccountBody({ currencies: ['USD'] }),
      ...(await codes(t, a)),
    });
    expect(second.body).toMatchObject({ code: '6206', data: { currency: 'USD' } });
    // An unlinked second account, then EUR on it; USD moves only after the first lets go.
    const unlinked = await call<BankAccount>(t, a.token, 'POST', P.bankAccounts, {
      ...bankAccountBody({ currencies: [] }),
      ...(await codes(t, a)),
    });
    expect(unlinked.body.data).toMatchObject({ linked: false, currencies: [] });
    const id = unlinked.body.data.id;
    const usd = await call(t, a.token, 'PUT', P.bankAccountCurrencies(id), { currencies: ['USD'] });
    expect(usd.body.code).toBe('6206');
    const eur = await call<BankAccount>(t, a.token, 'PUT', P.bankAccountCurrencies(id), {
      currencies: ['EUR'],
      ...(await codes(t, a)),
    });
    expect(eur.body.data).toMatchObject({ linked: true, currencies: ['EUR'] });
    const release = await call<BankAccount>(
      t,
      a.token,
      'PUT',
      P.bankAccountCurrencies(first.body.data.id),
      { currencies: [], ...(await codes(t, a)) },
    );
    expect(release.body.data).toMatchObject({ linked: false, currencies: [] });
    const both = await call<BankAccount>(t, a.token, 'PUT', P.bankAccountCurrencies(id), {
      currencies: ['USD', 'EUR'],
      ...(await codes(t, a)),
    });
    expect(both.body.data.currencies).toEqual(['EUR', 'USD']);
    const del = await call(t, a.token, 'POST', P.bankAccountDelete(first.body.data.id), {
      ...(await codes(t, a)),
    });
    expect(del.body.code).toBe('200');
    expect(await t.app.db.bankAccount.count({ where: { userId: a.userId } })).toBe(1);
  });

  it('refuses withdrawals to an unverified account (6006) and without a linked one (6002)', async () => {
    const a = await person(t);
    await credit(t, a.userId, 'USD', '5000');
    await call(t, a.token, 'POST', P.bankAccounts, {
      ...bankAccountBody({ currencies: ['USD'] }),
      ...(await codes(t, a)),
    });
    const usd = await call(t, a.token, 'POST', P.withdrawals, withdrawalBody());
    expect(usd.body.code).toBe('6006');
    const eur = await call(t, a.token, 'POST', P.withdrawals, withdrawalBody({ currency: 'EUR' }));
    expect(eur.body.code).toBe('6002');
    await expectAuditClean(t);
  });

  it('fixes the link after the first transfer', async () => {
    const a = await person(t);
    const added = await call<BankAccount>(t, a.token, 'POST', P.bankAccounts, {
      ...bankAccountBody({ currencies: ['USD'] }),
      ...(await codes(t, a)),
    });
    await t.app.db.bankAccount.update({
      where: { id: added.body.data.id },
      data: { verifiedAt: t.clock.date(), firstTransferAt: t.clock.date() },
    });
    const id = added.body.data.id;
    const change = await call(t, a.token, 'PUT', P.bankAccountCurrencies(id), {
      currencies: ['USD', 'EUR'],
      ...(await codes(t, a)),
    });
    expect(change.body.code).toBe('6207');
    const unlink = await call(t, a.token, 'PUT', P.bankAccountCurrencies(id), { currencies: [] });
    expect(unlink.body.code).toBe('6207');
    const del = await call(t, a.token, 'POST', P.bankAccountDelete(id), {});
    expect(del.body.code).toBe('6207');
    const list = await call<BankAccount[]>(t, a.token, 'GET', P.bankAccounts);
    expect(list.body.data[0]).toMatchObject({ verified: true, linkLocked: true, linked: true });
  });

  it("an institution's account is in its company name, and linking completes its step", async () => {
    const a = await person(t, { kind: 'INSTITUTION' });
    const mine = await call(t, a.token, 'POST', P.bankAccounts, {
      ...bankAccountBody({ holderName: 'Chan Tai Man' }),
    });
    expect(mine.body).toMatchObject({
      code: '6201',
      data: { expected: 'Harbour Trading Limited' },
    });
    const res = await call<BankAccount>(t, a.token, 'POST', P.bankAccounts, {
      ...bankAccountBody({ holderName: 'HARBOUR TRADING LTD.' }),
      ...(await codes(t, a)),
    });
    expect(res.body.code).toBe('200');
    const app = await t.app.db.kycApplication.findUniqueOrThrow({ where: { userId: a.userId } });
    expect(app.bankLinkedAt).not.toBeNull();
  });

  it('refuses unverified and opted-out accounts', async () => {
    const opted = await account(t, { kycLevel: -1 });
    const res = await call(t, opted.token, 'POST', P.bankAccounts, {
      ...bankAccountBody({ accountNumber: accountNumber() }),
    });
    expect(res.body.code).toBe('7002');
    const pending = await account(t, { kycLevel: null });
    expect((await call(t, pending.token, 'GET', P.bankAccounts)).body.code).toBe('200');
    expect(
      (await call(t, pending.token, 'POST', P.bankAccounts, { ...bankAccountBody() })).body.code,
    ).toBe('7001');
  });
});
