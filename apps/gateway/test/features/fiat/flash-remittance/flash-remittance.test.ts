import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CDC_ASSET,
  EXCHANGE_RATES_KEY,
  FLASH_REMITTANCE_PATHS as P,
  FlowType,
  SECURITY_LOCK_MS,
  type FlashCurrencies,
  type FlashRemittance,
  type FlashWhitelistEntry,
  type Page,
  type WalletTransaction,
} from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { eventually } from '../../../helpers/wait.js';
import {
  account,
  balance,
  call,
  codes,
  credit,
  expectAuditClean,
  HOUR,
  relogin,
  type Account,
} from '../../wallet/withdrawal/setup.js';

let t: TestApp;
beforeAll(async () => {
  // The fee path runs for real: 0.1 % of the amount, rounded up to the cent.
  t = await build({ FLASH_REMITTANCE_FEE_RATE: '0.001' });
  await t.app.redis.commands.set(
    EXCHANGE_RATES_KEY,
    JSON.stringify({ ts: Date.now(), quote: 'HKD', units: 100, rates: { USD: '780', EUR: '900' } }),
  );
});
afterAll(() => t.close());

let serial = 0;

async function whitelist(from: Account, to: Account | string, note = 'My friend') {
  const res = await call<FlashWhitelistEntry>(t, from.token, 'POST', P.whitelist, {
    recipient: typeof to === 'string' ? to : to.uid,
    note,
    ...(await codes(t, from)),
  });
  return res.body;
}

/** A verified sender with funds and a verified recipient on the sender's flash whitelist. */
async function pair(funds: Record<string, string> = { USD: '1000' }) {
  const sender = await account(t);
  const recipient = await account(t);
  for (const [asset, amount] of Object.entries(funds))
    await credit(t, sender.userId, asset, amount);
  const entry = await whitelist(sender, recipient);
  expect(entry.code).toBe('200');
  return { sender, recipient, whitelistId: entry.data.id };
}

async function initiate(sender: Account, whitelistId: string, over: Record<string, unknown> = {}) {
  serial += 1;
  return call<FlashRemittance>(t, sender.token, 'POST', P.remittances, {
    clientRequestId: `flash-${serial}`,
    whitelistId,
    currency: 'USD',
    amount: '333.33',
    message: 'For dinner',
    ...(await codes(t, sender)),
    ...over,
  });
}

async function flows(refId: string) {
  const rows = await t.app.db.ledgerEntry.findMany({
    where: { refType: 'FLASH_REMITTANCE', refId },
    orderBy: { id: 'asc' },
  });
  return rows.map((r) => ({
    accountId: r.accountId,
    asset: r.asset,
    bucket: r.bucket,
    amount: r.amount.toFixed(),
    flowType: r.flowType,
  }));
}

describe('flash whitelist', () => {
  it('adds a verified user by UID or e-mail with the note rule, and refuses the rest', async () => {
    const me = await account(t);
    const friend = await account(t);
    const other = await account(t);
    const unverified = await signIn(t, { kycLevel: null });
    const unverifiedUser = await t.app.db.user.findUniqueOrThrow({
      where: { id: unverified.userId },
    });
    expect((await whitelist(me, 'nobody-here')).code).toBe('6500');
    expect((await whitelist(me, me)).code).toBe('6501');
    expect((await whitelist(me, unverifiedUser.uid)).code).toBe('6502');
    expect((await whitelist(me, friend, 'x')).code).toBe('5004');
    expect((await whitelist(me, friend, 'x'.repeat(31))).code).toBe('5004');
    expect((await whitelist(me, friend, 'x'.repeat(101))).code).toBe('5005');
    const added = await whitelist(me, friend, 'Friend');
    expect(added.data).toMatchObject({ uid: friend.uid, note: 'Friend' });
    expect(added.data.maskedEmail).toMatch(/^.{2}\*\*\*@/);
    expect((await whitelist(me, friend)).code).toBe('6504');
    const byEmail = await whitelist(me, other.email, 'By mail');
    expect(byEmail.data.uid).toBe(other.uid);
    const list = await call<FlashWhitelistEntry[]>(t, me.token, 'GET', P.whitelist);
    expect(list.body.data.map((e) => e.uid).sort()).toEqual([friend.uid, other.uid].sort());
    // The step-up is required to remove one.
    const noCodes = await call(t, me.token, 'POST', P.whitelistDelete(byEmail.data.id), {});
    expect(noCodes.body.code).toBe('8002');
    const removed = await call(t, me.token, 'POST', P.whitelistDelete(byEmail.data.id), {
      ...(await codes(t, me)),
    });
    expect(removed.body.code).toBe('200');
    expect(
      (await call<FlashWhitelistEntry[]>(t, me.token, 'GET', P.whitelist)).body.data,
    ).toHaveLength(1);
  });
});

describe('flash remittance', () => {
  it('lets an opted-out sender send within 1,000 USD per 24 hours, valued at the feed', async () => {
    const sender = await account(t, { kycLevel: -1 });
    const recipient = await account(t);
    await credit(t, sender.userId, 'EUR', '2000');
    const entry = await whitelist(sender, recipient);
    expect(entry.code).toBe('200');
    // 900 EUR is 1,038.46 USD (EUR 900, USD 780 HKD per 100): past the limit, nothing frozen.
    const over = await initiate(sender, entry.data.id, { currency: 'EUR', amount: '900' });
    expect(over.body).toMatchObject({ code: '7036', data: { limitUsd: '1000' } });
    expect(await balance(t, sender.userId, 'EUR')).toEqual({ available: '2000', frozen: '0' });
    const sent = await initiate(sender, entry.data.id, { currency: 'EUR', amount: '780' });
    expect(sent.body).toMatchObject({ code: '200', data: { status: 'AWAITING_RECIPIENT' } });
    expect(await balance(t, sender.userId, 'EUR')).toEqual({ available: '1220', frozen: '780' });
    await expectAuditClean(t);
  });

  it('agreed: the recipient gets the amount less the fee through CDC sold at par', async () => {
    const { sender, recipient, whitelistId } = await pair();
    const currencies = await call<FlashCurrencies>(t, sender.token, 'GET', P.currencies);
    expect(currencies.body.data).toMatchObject({
      currencies: [{ currency: 'USD', available: '1000', decimals: 2 }],
      feeRate: '0.001',
      approvalWindowMs: 12 * HOUR,
    });
    const sent = await initiate(sender, whitelistId);
    expect(sent.body.code).toBe('200');
    const r = sent.body.data;
    expect(r).toMatchObject({
      status: 'AWAITING_RECIPIENT',
      amount: '333.33',
      fee: '0.34',
      received: '332.99',
      message: 'For dinner',
      recipient: { uid: recipient.uid },
    });
    expect(Date.parse(r.expiresAt) - Date.parse(r.createdAt)).toBe(12 * HOUR);
    expect(await balance(t, sender.userId, 'USD')).toEqual({
      available: '666.67',
      frozen: '333.33',
    });
    // The recipient is told (message centre), and sees it.
    const notice = await t.app.db.notification.findFirst({
      where: { userId: recipient.userId, type: 'FLASH_REMITTANCE_REQUEST' },
    });
    expect(notice?.params).toMatchObject({
      requestId: r.id,
      amount: '333.33',
      fromUid: sender.uid,
    });
    const seen = await call<FlashRemittance>(t, recipient.token, 'GET', P.remittance(r.id));
    expect(seen.body.data).toMatchObject({
      side: 'RECEIVED',
      note: null,
      sender: { uid: sender.uid },
    });
    // Only the recipient agrees.
    expect((await call(t, sender.token, 'POST', P.agree(r.id))).body.code).toBe('6511');
    const agreed = await call<FlashRemittance>(t, recipient.token, 'POST', P.agree(r.id));
    expect(agreed.body.data).toMatchObject({
      status: 'COMPLETED',
      fee: '0.34',
      received: '332.99',
      cdcAmount: '333.33',
    });
    expect(await balance(t, sender.userId, 'USD')).toEqual({ available: '666.67', frozen: '0' });
    expect(await balance(t, recipient.userId, 'USD')).toEqual({ available: '332.99', frozen: '0' });
    expect(await balance(t, recipient.userId, CDC_ASSET)).toEqual({ available: '0', frozen: '0' });
    const ledger = await flows(r.id);
    expect(ledger.map((f) => f.flowType)).toEqual([
      FlowType.FLASH_REMITTANCE_FREEZE,
      FlowType.FLASH_REMITTANCE_FREEZE,
      ...Array<number>(2).fill(FlowType.FLASH_REMITTANCE_OUT),
      ...Array<number>(2).fill(FlowType.FLASH_REMITTANCE_IN),
      ...Array<number>(4).fill(FlowType.FLASH_REMITTANCE_CDC_SALE),
      ...Array<number>(2).fill(FlowType.FLASH_REMITTANCE_FEE),
    ]);
    expect(ledger).toContainEqual({
      accountId: 'system:fees',
      asset: 'USD',
      bucket: 'AVAILABLE',
      amount: '0.34',
      flowType: FlowType.FLASH_REMITTANCE_FEE,
    });
    expect(ledger).toContainEqual({
      accountId: recipient.userId,
      asset: CDC_ASSET,
      bucket: 'AVAILABLE',
      amount: '333.33',
      flowType: FlowType.FLASH_REMITTANCE_IN,
    });
    // A second agreement answers the outcome and changes nothing.
    const again = await call<FlashRemittance>(t, recipient.token, 'POST', P.agree(r.id));
    expect(again.body).toMatchObject({ code: '200', data: { id: r.id, status: 'COMPLETED' } });
    expect(await balance(t, recipient.userId, 'USD')).toEqual({ available: '332.99', frozen: '0' });
    const history = await call<Page<FlashRemittance>>(
      t,
      recipient.token,
      'GET',
      `${P.remittances}?side=RECEIVED`,
    );
    expect(history.body.data.result.map((x) => x.id)).toEqual([r.id]);
    const sentHistory = await call<Page<FlashRemittance>>(
      t,
      sender.token,
      'GET',
      `${P.remittances}?side=SENT&status=COMPLETED&currency=USD`,
    );
    expect(sentHistory.body.data.result.map((x) => x.id)).toEqual([r.id]);
    // Each side's transaction history: one line for the remittance, the CDC legs netting to
    // nothing and the fee apart.
    const lines = async (token: string) =>
      (
        await call<Page<WalletTransaction>>(t, token, 'GET', '/v1/wallet/transactions')
      ).body.data.result
        .filter((x) => x.type.startsWith('FLASH'))
        .map((x) => [x.type, x.reference.kind, x.changes]);
    expect(await lines(recipient.token)).toEqual([
      [
        'FLASH_REMITTANCE_IN',
        'FLASH_REMITTANCE',
        [{ asset: 'USD', amount: '333.33', fee: '0.34', networkFee: '0' }],
      ],
    ]);
    expect(await lines(sender.token)).toEqual([
      [
        'FLASH_REMITTANCE_OUT',
        'FLASH_REMITTANCE',
        [{ asset: 'USD', amount: '-333.33', fee: '0', networkFee: '0' }],
      ],
    ]);
    await expectAuditClean(t);
  });

  it('values another currency in USD with the feed for the CDC leg', async () => {
    const { sender, recipient, whitelistId } = await pair({ EUR: '500' });
    const sent = await initiate(sender, whitelistId, { currency: 'EUR', amount: '100' });
    expect(sent.body.data).toMatchObject({ fee: '0.1', received: '99.9' });
    const agreed = await call<FlashRemittance>(
      t,
      recipient.token,
      'POST',
      P.agree(sent.body.data.id),
    );
    // 100 EUR at 900 / 780 USD per EUR = 115.3846... -> 115.38 CDC (rounded down).
    expect(agreed.body.data).toMatchObject({ status: 'COMPLETED', cdcAmount: '115.38' });
    expect(await balance(t, recipient.userId, 'EUR')).toEqual({ available: '99.9', frozen: '0' });
    expect(await balance(t, recipient.userId, CDC_ASSET)).toEqual({ available: '0', frozen: '0' });
    expect(await balance(t, sender.userId, 'EUR')).toEqual({ available: '400', frozen: '0' });
    await expectAuditClean(t);
  });

  it('rejected: terminated with the reason, the funds back to the sender', async () => {
    const { sender, recipient, whitelistId } = await pair();
    const r = (await initiate(sender, whitelistId)).body.data;
    const rejected = await call<FlashRemittance>(t, recipient.token, 'POST', P.reject(r.id), {
      reason: 'Not expected',
    });
    expect(rejected.body.data).toMatchObject({
      status: 'TERMINATED',
      terminationReason: 'REJECTED',
      rejectReason: 'Not expected',
    });
    expect(await balance(t, sender.userId, 'USD')).toEqual({ available: '1000', frozen: '0' });
    expect(await balance(t, recipient.userId, 'USD')).toEqual({ available: '0', frozen: '0' });
    expect((await call(t, recipient.token, 'POST', P.agree(r.id))).body.code).toBe('6512');
    expect((await call(t, sender.token, 'POST', P.cancel(r.id))).body.code).toBe('6512');
    await expectAuditClean(t);
  });

  it('the sender may cancel while it awaits the recipient', async () => {
    const { sender, whitelistId } = await pair();
    const r = (await initiate(sender, whitelistId)).body.data;
    const cancelled = await call<FlashRemittance>(t, sender.token, 'POST', P.cancel(r.id));
    expect(cancelled.body.data).toMatchObject({
      status: 'TERMINATED',
      terminationReason: 'CANCELLED',
    });
    expect(await balance(t, sender.userId, 'USD')).toEqual({ available: '1000', frozen: '0' });
    await expectAuditClean(t);
  });

  it('expires after 12 logical hours (the manual clock): terminated, funds back', async () => {
    const { sender, recipient, whitelistId } = await pair();
    const r = (await initiate(sender, whitelistId)).body.data;
    t.clock.advance(12 * HOUR - 60_000);
    await t.app.jobs.promote(t.app.flashRemittances.expiryJob);
    await new Promise((done) => setTimeout(done, 300));
    expect((await t.app.db.flashRemittance.findUniqueOrThrow({ where: { id: r.id } })).status).toBe(
      'AWAITING_RECIPIENT',
    );
    t.clock.advance(60_000);
    const ended = await eventually(
      async () => {
        await t.app.jobs.promote(t.app.flashRemittances.expiryJob);
        return t.app.db.flashRemittance.findUniqueOrThrow({ where: { id: r.id } });
      },
      (row) => row.status === 'TERMINATED',
      8000,
      100,
    );
    expect(ended.terminationReason).toBe('EXPIRED');
    expect(await balance(t, sender.userId, 'USD')).toEqual({ available: '1000', frozen: '0' });
    await relogin(t, recipient);
    const late = await call(t, recipient.token, 'POST', P.agree(r.id));
    expect(late.body).toMatchObject({ code: '6512', data: { status: 'EXPIRED' } });
    await expectAuditClean(t);
  });

  it('refuses a recipient not on the whitelist, bad input and a security lock, changing nothing', async () => {
    const { sender, whitelistId } = await pair();
    const stranger = await account(t);
    const theirs = await whitelist(stranger, sender);
    expect((await initiate(sender, theirs.data.id)).body.code).toBe('6507');
    expect((await initiate(sender, '00000000-0000-4000-8000-000000000000')).body.code).toBe('6507');
    expect((await initiate(sender, whitelistId, { amount: '0' })).body.code).toBe('6509');
    expect((await initiate(sender, whitelistId, { amount: '1.001' })).body.code).toBe('6509');
    expect((await initiate(sender, whitelistId, { amount: '1000.01' })).body.code).toBe('5001');
    expect((await initiate(sender, whitelistId, { currency: 'BTC' })).body.code).toBe('6508');
    expect((await initiate(sender, whitelistId, { message: 'x'.repeat(101) })).body.code).toBe(
      '6510',
    );
    expect((await initiate(sender, whitelistId, { googleCode: '', emailCode: '' })).body.code).toBe(
      '8002',
    );
    const demo = await call(
      t,
      sender.token,
      'POST',
      P.remittances,
      { clientRequestId: 'd', whitelistId, currency: 'USD', amount: '1' },
      1,
    );
    expect(demo.body.code).toBe('6515');
    await t.app.db.user.update({
      where: { id: sender.userId },
      data: { securityLockedUntil: new Date(t.clock.now() + SECURITY_LOCK_MS) },
    });
    expect((await initiate(sender, whitelistId)).body.code).toBe('8006');
    expect(await t.app.db.flashRemittance.count({ where: { senderId: sender.userId } })).toBe(0);
    expect(await balance(t, sender.userId, 'USD')).toEqual({ available: '1000', frozen: '0' });
    await expectAuditClean(t);
  });

  it('agree, reject, cancel and expiry at the same moment end in exactly one outcome', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { sender, recipient, whitelistId } = await pair();
      const r = (await initiate(sender, whitelistId)).body.data;
      // Round 0-1: just before the expiry (agree may win); 2-3: at it (only expiry may win).
      t.clock.set(Date.parse(r.expiresAt) - (round < 2 ? 1 : 0));
      await relogin(t, sender);
      await relogin(t, recipient);
      const answers = await Promise.all([
        call(t, recipient.token, 'POST', P.agree(r.id)),
        call(t, recipient.token, 'POST', P.reject(r.id), {}),
        call(t, sender.token, 'POST', P.cancel(r.id)),
        t.app.flashRemittances.expire(r.id).then(() => ({ body: { code: 'job' } })),
      ]);
      const winners = answers.filter((a) => a.body.code === '200');
      const row = await t.app.db.flashRemittance.findUniqueOrThrow({ where: { id: r.id } });
      expect(row.status === 'COMPLETED' || row.status === 'TERMINATED').toBe(true);
      const ledger = await flows(r.id);
      const unfreezes = ledger.filter((f) => f.flowType === FlowType.FLASH_REMITTANCE_UNFREEZE);
      const outs = ledger.filter((f) => f.flowType === FlowType.FLASH_REMITTANCE_OUT);
      expect(unfreezes.length + outs.length).toBe(2);
      if (row.status === 'COMPLETED') {
        expect(winners).toHaveLength(1);
        expect(await balance(t, recipient.userId, 'USD')).toEqual({
          available: '332.99',
          frozen: '0',
        });
      } else {
        expect(winners.length).toBeLessThanOrEqual(1);
        expect(await balance(t, sender.userId, 'USD')).toEqual({ available: '1000', frozen: '0' });
      }
      if (round >= 2) expect(row.terminationReason).toBe('EXPIRED');
    }
    await expectAuditClean(t);
  });
});
