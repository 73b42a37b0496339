import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FLASH_REMITTANCE_PATHS as P,
  FlowType,
  type FlashRemittance,
  type FlashWhitelistEntry,
} from '@exchange/contracts';
import { build, type TestApp } from '../../../helpers/build.js';
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
  t = await build({ FLASH_REMITTANCE_FEE_RATE: '0.001' });
});
afterAll(() => t.close());

let serial = 0;

/** A verified sender with 1000 USD and a verified recipient on the sender's flash whitelist. */
async function pair() {
  const sender = await account(t);
  const recipient = await account(t);
  await credit(t, sender.userId, 'USD', '1000');
  const entry = await call<FlashWhitelistEntry>(t, sender.token, 'POST', P.whitelist, {
    recipient: recipient.uid,
    note: 'My friend',
    ...(await codes(t, sender)),
  });
  expect(entry.body.code).toBe('200');
  return { sender, recipient, whitelistId: entry.body.data.id };
}

async function request(sender: Account, whitelistId: string, amount = '333.33') {
  serial += 1;
  return {
    clientRequestId: `flash-recovery-${serial}`,
    whitelistId,
    currency: 'USD',
    amount,
    ...(await codes(t, sender)),
  };
}

async function initiate(sender: Account, whitelistId: string) {
  const sent = await call<FlashRemittance>(
    t,
    sender.token,
    'POST',
    P.remittances,
    await request(sender, whitelistId),
  );
  expect(sent.body.code).toBe('200');
  return sent.body.data;
}

const status = async (id: string) =>
  (await t.app.db.flashRemittance.findUniqueOrThrow({ where: { id } })).status;

/** 333.33 USD at a fee of 0.1 %: the sender pays 333.33, the recipient gets 332.99. */
async function expectCompleted(sender: Account, recipient: Account, id: string) {
  expect(await status(id)).toBe('COMPLETED');
  expect(await balance(t, sender.userId, 'USD')).toEqual({ available: '666.67', frozen: '0' });
  expect(await balance(t, recipient.userId, 'USD')).toEqual({ available: '332.99', frozen: '0' });
  const outs = await t.app.db.ledgerEntry.count({
    where: { refType: 'FLASH_REMITTANCE', refId: id, flowType: FlowType.FLASH_REMITTANCE_OUT },
  });
  expect(outs).toBe(2);
  await expectAuditClean(t);
}

describe('an agreement that dies half-way', () => {
  it('is one transaction: a crash inside it leaves the remittance awaiting, and the retried agree completes it', async () => {
    const { sender, recipient, whitelistId } = await pair();
    const r = (await initiate(sender, whitelistId)).id;
    // The process dies inside the settlement (after the agreement was taken).
    const settle = vi
      .spyOn(t.app.flashRemittances as unknown as { settle: () => Promise<void> }, 'settle')
      .mockRejectedValueOnce(new Error('process killed'));
    const crashed = await call(t, recipient.token, 'POST', P.agree(r));
    expect(crashed.status).toBe(500);
    settle.mockRestore();
    // Nothing half-done: still awaiting, the sender's money frozen, the recipient's untouched.
    expect(await status(r)).toBe('AWAITING_RECIPIENT');
    expect(await balance(t, sender.userId, 'USD')).toEqual({
      available: '666.67',
      frozen: '333.33',
    });
    expect(await balance(t, recipient.userId, 'USD')).toEqual({ available: '0', frozen: '0' });
    // The retry answers the outcome.
    const retry = await call<FlashRemittance>(t, recipient.token, 'POST', P.agree(r));
    expect(retry.body).toMatchObject({ code: '200', data: { id: r, status: 'COMPLETED' } });
    await expectCompleted(sender, recipient, r);
  });

  it('left PROCESSING (agreed, not settled): a retried agree completes it with exact balances', async () => {
    const { sender, recipient, whitelistId } = await pair();
    const r = await initiate(sender, whitelistId);
    // The state a gateway that stopped between agreeing and settling left behind.
    await t.app.db.flashRemittance.update({
      where: { id: r.id },
      data: { status: 'PROCESSING', decidedAt: t.clock.date() },
    });
    const retry = await call<FlashRemittance>(t, recipient.token, 'POST', P.agree(r.id));
    expect(retry.body).toMatchObject({ code: '200', data: { id: r.id, status: 'COMPLETED' } });
    await expectCompleted(sender, recipient, r.id);
    // Once more: the same outcome, nothing moves again.
    const again = await call<FlashRemittance>(t, recipient.token, 'POST', P.agree(r.id));
    expect(again.body).toMatchObject({ code: '200', data: { status: 'COMPLETED' } });
    await expectCompleted(sender, recipient, r.id);
  });

  it('left PROCESSING: the start-up resumption completes it at once, not at its expiry', async () => {
    const { sender, recipient, whitelistId } = await pair();
    const r = await initiate(sender, whitelistId);
    await t.app.db.flashRemittance.update({
      where: { id: r.id },
      data: { status: 'PROCESSING', decidedAt: t.clock.date() },
    });
    await t.app.flashRemittances.resume();
    // Neither the clock moves nor are delayed jobs promoted: the expiry is 12 hours away.
    await eventually(
      () => status(r.id),
      (s) => s === 'COMPLETED',
      8000,
      100,
    );
    await expectCompleted(sender, recipient, r.id);
  });
});

describe('the same remittance twice at one instant', () => {
  it('moves the money once and both copies answer the same remittance', async () => {
    const { sender, whitelistId } = await pair();
    const body = await request(sender, whitelistId);
    const [a, b] = await Promise.all([
      call<FlashRemittance>(t, sender.token, 'POST', P.remittances, body),
      call<FlashRemittance>(t, sender.token, 'POST', P.remittances, body),
    ]);
    expect([a.body.code, b.body.code]).toEqual(['200', '200']);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(await t.app.db.flashRemittance.count({ where: { senderId: sender.userId } })).toBe(1);
    expect(await balance(t, sender.userId, 'USD')).toEqual({
      available: '666.67',
      frozen: '333.33',
    });
    await expectAuditClean(t);
  });
});

describe('holds', () => {
  it('a held amount cannot be remitted beyond the withdrawable amount until the hold ends', async () => {
    const { sender, whitelistId } = await pair();
    // 400 of the 1000 USD held for 24 hours, as a fresh deposit's hold is written.
    await t.app.db.cryptoDeposit.create({
      data: {
        userId: sender.userId,
        asset: 'USD',
        network: 'TRX',
        address: 'hold-test',
        txId: randomUUID(),
        outputIndex: 0,
        amount: '400',
        state: 'AVAILABLE',
        confirmations: 1,
        confirmationsRequired: 1,
        blockHeight: 1,
        blockHash: 'c'.repeat(64),
        creditedAt: t.clock.date(),
        withdrawableAt: new Date(t.clock.now() + 24 * HOUR),
        createdAt: t.clock.date(),
        updatedAt: t.clock.date(),
      },
    });
    const refused = await call(
      t,
      sender.token,
      'POST',
      P.remittances,
      await request(sender, whitelistId, '600.01'),
    );
    expect(refused.body).toMatchObject({
      code: '5216',
      data: { withdrawable: '600', asset: 'USD' },
    });
    expect(await balance(t, sender.userId, 'USD')).toEqual({ available: '1000', frozen: '0' });
    expect(await t.app.db.flashRemittance.count({ where: { senderId: sender.userId } })).toBe(0);
    // Up to the withdrawable amount it goes.
    const within = await call(
      t,
      sender.token,
      'POST',
      P.remittances,
      await request(sender, whitelistId, '600'),
    );
    expect(within.body.code).toBe('200');
    // After the hold, the rest too.
    t.clock.advance(24 * HOUR);
    await relogin(t, sender);
    const after = await call(
      t,
      sender.token,
      'POST',
      P.remittances,
      await request(sender, whitelistId, '400'),
    );
    expect(after.body.code).toBe('200');
    expect(await t.app.db.flashRemittance.count({ where: { senderId: sender.userId } })).toBe(2);
    await expectAuditClean(t);
  });
});
