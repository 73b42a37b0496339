import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_LANGUAGES,
  type ErrorLanguage,
  type Notification,
  type NotificationPush,
  type Order,
  type SocketMessage,
} from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { Client } from '../../../helpers/socket-client.js';
import { listen } from '../../../helpers/listen.js';
import { startEngine } from '../../../helpers/engine.js';
import { trading, until } from '../../../helpers/trading.js';
import { eventually, sleep } from '../../../helpers/wait.js';
import { generateSync } from 'otplib';
import type { AuthenticatorSetup } from '@exchange/contracts';
import { registerUser } from '../../../helpers/auth.js';
import { signText } from '@exchange/contracts/signed-request';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import {
  deliverNotices,
  deliverOverdueNotices,
  notify,
  notifyMany,
  OUTBOX_GRACE_MS,
  stageNotices,
} from '../../../../src/features/platform/notifications/notify.js';
import {
  chainCallback,
  depositUpdate,
  depositor,
  deposits,
  expectLedgerBalanced,
  realBalance,
  txId,
} from '../../wallet/crypto-deposit/chain-setup.js';

/**
 * Two gateways on one database and one Redis: settlement runs on A, and each user has a tab on
 * A and a tab on B. Every notice must be stored once and reach both tabs.
 */
let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;
let engine: { stop(): Promise<void> };

beforeAll(async () => {
  const prefix = `test:notify:${process.pid}:`;
  a = await build({
    REDIS_PREFIX: prefix,
    DEMO_FUNDING: 'USDT=100000,BTC=2',
    ORDER_VERDICT_TIMEOUT_MS: '5000',
    // Deposit reviews start at once (the spec's 1-2 minutes are the crypto-deposit tests').
    CRYPTO_DEPOSIT_REVIEW_SECONDS: '0-0',
  });
  b = await build({
    REDIS_PREFIX: prefix,
    DATABASE_URL: a.env.DATABASE_URL,
    SETTLEMENT: 'false',
    CRYPTO_DEPOSIT_REVIEW_SECONDS: '0-0',
  });
  urlA = await listen(a);
  urlB = await listen(b);
  engine = await startEngine(a);
});
afterAll(async () => {
  await engine.stop();
  await b.close();
  await a.close();
});

const { place, order } = trading(() => a);
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A tab: logged in (Demo, to show the channel does not depend on the mode) and subscribed. */
async function tab(url: string, token: string, mode = 1): Promise<Client> {
  const c = await Client.open(url);
  expect((await c.request('login', { args: { token, runtimeMode: mode } })).code).toBe('200');
  expect((await c.request('subscribe', { channel: 'notification' })).code).toBe('200');
  return c;
}
const pushes = (c: Client): NotificationPush[] =>
  c.messages
    .filter(
      (m): m is Extract<SocketMessage, { event: 'push'; channel: 'notification' }> =>
        m.event === 'push' && m.channel === 'notification',
    )
    .map((m) => m.data);
const noticesIn = (c: Client) => pushes(c).filter((p) => p.notification !== null);

async function list(t: TestApp, token: string, query = '') {
  const res = await t.app.inject({ url: `/v1/notification/list${query}`, headers: auth(token) });
  expect(res.json()).toMatchObject({ code: '200' });
  return res.json<{ data: { result: Notification[] } }>().data.result;
}
async function unread(t: TestApp, token: string): Promise<number> {
  const res = await t.app.inject({ url: '/v1/notification/unread-count', headers: auth(token) });
  return res.json<{ data: { unreadCount: number } }>().data.unreadCount;
}

describe('ORDER_FILLED', () => {
  it('is one notice per order (not per fill), stored once and pushed to two tabs on two gateways', async () => {
    const seller = await signIn(a);
    const buyer = await signIn(a);
    const sellerTabs = [await tab(urlA, seller.token), await tab(urlB, seller.token, 0)];
    const buyerTabs = [await tab(urlA, buyer.token), await tab(urlB, buyer.token)];

    const sell = await place(seller.token, {
      symbol: 'BTC_USDT',
      side: 'SELL',
      type: 'LIMIT',
      price: '60000',
      amount: '0.5',
    });
    const sellId = sell.json<{ data: Order }>().data.id;
    const buy = (amount: string) =>
      place(buyer.token, {
        symbol: 'BTC_USDT',
        side: 'BUY',
        type: 'LIMIT',
        price: '60000',
        amount,
      }).then((r) => r.json<{ data: Order }>().data.id);

    // The first buy fills half the sell: the buy is done, the sell is not.
    const buy1 = await buy('0.2');
    await until(async () => (await order(buyer.token, buy1)).status === 'FILLED');
    await until(() => buyerTabs.every((c) => noticesIn(c).length === 1), 5000);
    await sleep(300);
    expect(await list(a, seller.token)).toEqual([]);
    expect(sellerTabs.map((c) => noticesIn(c).length)).toEqual([0, 0]);

    // The second fills the rest: now the sell gets its one notice, with the whole quantity.
    const buy2 = await buy('0.3');
    await until(async () => (await order(seller.token, sellId)).status === 'FILLED');
    await until(() => sellerTabs.every((c) => noticesIn(c).length === 1), 5000);
    await until(() => buyerTabs.every((c) => noticesIn(c).length === 2), 5000);
    await sleep(300);

    const stored = await list(b, seller.token);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      type: 'ORDER_FILLED',
      read: false,
      params: {
        orderId: sellId,
        symbol: 'BTC_USDT',
        side: 'SELL',
        mode: 1,
        status: 'FILLED',
        quantity: '0.5',
        filledQuantity: '0.5',
        averagePrice: '60000',
      },
    });
    for (const c of sellerTabs) {
      expect(noticesIn(c)).toEqual([{ unreadCount: 1, notification: stored[0] }]);
    }
    const buyerStored = await list(a, buyer.token);
    expect(buyerStored.map((n) => n.type === 'ORDER_FILLED' && n.params.orderId).sort()).toEqual(
      [buy1, buy2].sort(),
    );
    expect(noticesIn(buyerTabs[0]!).map((p) => p.unreadCount)).toEqual([1, 2]);
    expect(await unread(a, buyer.token)).toBe(2);
    // Order notices are not mailed unless asked for.
    const sellerEmail = (await a.app.db.user.findUniqueOrThrow({ where: { id: seller.userId } }))
      .email;
    expect(await a.mail.messagesTo(sellerEmail)).toEqual([]);
    expect((await auditLedger(a.app.db)).ok).toBe(true);

    // Mark one read on A: the buyer's tab on B hears the new count.
    const first = buyerStored[1]!;
    const read = await a.app.inject({
      method: 'POST',
      url: '/v1/notification/read',
      headers: auth(buyer.token),
      payload: { ids: [first.id] },
    });
    expect(read.json()).toMatchObject({ code: '200', data: { unreadCount: 1 } });
    await until(() => pushes(buyerTabs[1]!).some((p) => p.notification === null), 3000);
    expect(pushes(buyerTabs[1]!).at(-1)).toEqual({ unreadCount: 1, notification: null });
    expect((await list(a, buyer.token, '?unread=true')).map((n) => n.id)).toEqual([
      buyerStored[0]!.id,
    ]);
    // Another user's ids change nothing of theirs.
    await a.app.inject({
      method: 'POST',
      url: '/v1/notification/read',
      headers: auth(seller.token),
      payload: { ids: [buyerStored[0]!.id] },
    });
    expect(await unread(a, buyer.token)).toBe(1);
    const other = await a.app.inject({
      url: `/v1/notification/detail/${buyerStored[0]!.id}`,
      headers: auth(seller.token),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: '1100' });

    const all = await a.app.inject({
      method: 'POST',
      url: '/v1/notification/read-all',
      headers: auth(buyer.token),
    });
    expect(all.json()).toMatchObject({ data: { unreadCount: 0 } });
    expect(await unread(b, buyer.token)).toBe(0);
    expect((await list(a, buyer.token)).every((n) => n.read)).toBe(true);
    expect(await list(a, buyer.token, '?pageNum=2&pageSize=1')).toHaveLength(1);
    expect(await list(a, buyer.token, '?pageNum=3&pageSize=1')).toHaveLength(0);
    for (const c of [...sellerTabs, ...buyerTabs]) c.close();
  });
});

describe('several notices at once (notifyMany, as settlement sends a batch of order notices)', () => {
  it('stores, pushes and mails each as notify would one by one: counts in order, keys and the house left out', async () => {
    const one = await signIn(a);
    const two = await signIn(a);
    const house = await signIn(a);
    await a.app.db.user.update({ where: { id: house.userId }, data: { isHouse: true } });
    // `two` asked for order notices by e-mail; `one` did not.
    await a.app.db.notificationPreference.create({
      data: { userId: two.userId, type: 'ORDER_FILLED', email: true },
    });
    const tabs = [await tab(urlA, one.token), await tab(urlB, two.token)];
    const input = (userId: string, key: string) =>
      ({
        userId,
        type: 'ORDER_FILLED',
        dedupeKey: key,
        params: {
          orderId: key,
          symbol: 'BTC_USDT',
          side: 'BUY',
          mode: 1,
          status: 'FILLED',
          quantity: '1',
          filledQuantity: '1',
          averagePrice: '50000',
        },
      }) as const;
    // A key stored before: not again.
    expect(await notify(a.app.notifyDeps, input(one.userId, '1'))).not.toBeNull();
    const told = await notifyMany(a.app.notifyDeps, [
      input(one.userId, '1'),
      input(one.userId, '2'),
      input(two.userId, '3'),
      input(house.userId, '4'),
      input(one.userId, '5'),
      // The same key twice in one call is stored once.
      input(two.userId, '3'),
    ]);
    expect(told.map((n) => n !== null)).toEqual([false, true, true, false, true, false]);
    await until(() => noticesIn(tabs[0]!).length === 3 && noticesIn(tabs[1]!).length === 1, 5000);
    // Each push carries the unread count right after its own notice, in the call's order.
    expect(noticesIn(tabs[0]!).map((p) => [p.unreadCount, p.notification?.params])).toEqual([
      [1, expect.objectContaining({ orderId: '1' })],
      [2, expect.objectContaining({ orderId: '2' })],
      [3, expect.objectContaining({ orderId: '5' })],
    ]);
    expect(noticesIn(tabs[1]!)).toEqual([{ unreadCount: 1, notification: told[2] }]);
    expect(await unread(a, one.token)).toBe(3);
    expect(await a.app.db.notification.count({ where: { userId: house.userId } })).toBe(0);
    const byId = async (id: string) =>
      (await a.app.db.user.findUniqueOrThrow({ where: { id } })).email;
    await until(async () => (await a.mail.messagesTo(await byId(two.userId))).length === 1, 5000);
    await sleep(300);
    expect(await a.mail.messagesTo(await byId(one.userId))).toEqual([]);
    expect(await a.mail.messagesTo(await byId(two.userId))).toHaveLength(1);
    for (const c of tabs) c.close();
  });
});

describe('the outbox', () => {
  const sent = (userId: string, key: string) =>
    ({
      userId,
      type: 'WITHDRAWAL_SENT',
      dedupeKey: key,
      params: { mode: 0, asset: 'USDT', amount: '5', channel: 'CRYPTO', destination: 'T-addr' },
    }) as const;

  it('stores a notice with the transaction of the change: a rollback leaves none', async () => {
    const user = await signIn(a);
    await expect(
      a.app.db.$transaction(async (tx) => {
        await stageNotices(tx, a.clock, [sent(user.userId, 'rolled-back')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await a.app.db.notification.count({ where: { userId: user.userId } })).toBe(0);
  });

  it('delivers what a process that died after its commit left behind, once, on the sweep', async () => {
    const user = await signIn(a);
    const email = (await a.app.db.user.findUniqueOrThrow({ where: { id: user.userId } })).email;
    const tabs = [await tab(urlA, user.token), await tab(urlB, user.token)];
    // The commit stored the notice; the process died before delivering it.
    const [staged] = await a.app.db.$transaction((tx) =>
      stageNotices(tx, a.clock, [sent(user.userId, 'crashed')]),
    );
    expect(staged).not.toBeNull();
    expect(await unread(a, user.token)).toBe(1);
    // Within the grace its producer may still be delivering it: the sweep leaves it.
    expect(await deliverOverdueNotices(a.app.notifyDeps)).toBe(0);
    await sleep(300);
    expect(noticesIn(tabs[0]!)).toEqual([]);
    a.clock.advance(OUTBOX_GRACE_MS);
    expect(await deliverOverdueNotices(a.app.notifyDeps)).toBe(1);
    await until(() => tabs.every((c) => noticesIn(c).length === 1), 5000);
    expect(noticesIn(tabs[1]!)[0]).toMatchObject({
      unreadCount: 1,
      notification: { id: staged!.id, type: 'WITHDRAWAL_SENT' },
    });
    await until(async () => (await a.mail.messagesTo(email)).length === 1, 5000);
    // Delivered: a second sweep, or the producer's own late delivery, sends nothing more.
    expect(await deliverOverdueNotices(a.app.notifyDeps)).toBe(0);
    const row = await a.app.db.notification.findUniqueOrThrow({ where: { id: staged!.id } });
    expect(row.deliveredAt).not.toBeNull();
    await sleep(300);
    expect(await a.mail.messagesTo(email)).toHaveLength(1);
    for (const c of tabs) c.close();
  });

  it('keeps a notice whose push failed for the sweep instead of losing it', async () => {
    const user = await signIn(a);
    const [staged] = await a.app.db.$transaction((tx) =>
      stageNotices(tx, a.clock, [sent(user.userId, 'redis-down')]),
    );
    const failing = {
      ...a.app.notifyDeps,
      fanout: {
        ...a.app.notifyDeps.fanout,
        publishMany: () => Promise.reject(new Error('Redis is down')),
      },
    } as typeof a.app.notifyDeps;
    await deliverNotices(failing, [staged!]);
    const row = await a.app.db.notification.findUniqueOrThrow({ where: { id: staged!.id } });
    expect(row.deliveredAt).toBeNull();
    a.clock.advance(OUTBOX_GRACE_MS);
    expect(await deliverOverdueNotices(a.app.notifyDeps)).toBeGreaterThanOrEqual(1);
    expect(
      (await a.app.db.notification.findUniqueOrThrow({ where: { id: staged!.id } })).deliveredAt,
    ).not.toBeNull();
  });
});

/** An application under review, made directly (the review itself is the KYC tests'). */
async function underReview(t: TestApp, userId: string) {
  const reference = randomUUID();
  const app = await t.app.db.kycApplication.create({
    data: { userId, kind: 'INDIVIDUAL', status: 'AFOOT', reference, submittedAt: t.clock.date() },
  });
  return { id: app.id, reference };
}

function decide(t: TestApp, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const ts = Math.floor(Date.now() / 1000);
  return t.app.inject({
    method: 'POST',
    url: '/v1/kyc/public/provider/callback',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': String(ts),
      'x-signature': signText(t.env.KYC_CALLBACK_SECRET, ts, raw),
    },
    payload: raw,
  });
}

describe('KYC_RESULT', () => {
  it('is stored once, pushed to two tabs on two gateways and mailed in the user language', async () => {
    const u = await signIn(a, { kycLevel: 0 });
    const user = await a.app.db.user.update({
      where: { id: u.userId },
      data: { language: 'zh-CN' },
    });
    const tabs = [await tab(urlA, u.token), await tab(urlB, u.token)];
    const { id, reference } = await underReview(a, u.userId);
    const body = {
      eventId: randomUUID(),
      applicationId: id,
      reference,
      decision: 'PASS',
      reason: null,
      decidedAt: new Date().toISOString(),
    };
    expect((await decide(b, body)).json()).toMatchObject({ code: '200' });
    // The provider sends it again: nothing new.
    expect((await decide(a, body)).json()).toMatchObject({ data: { duplicate: true } });
    await until(() => tabs.every((c) => noticesIn(c).length === 1), 3000);
    await sleep(300);
    const stored = await list(a, u.token);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      type: 'KYC_RESULT',
      params: { status: 'PASS', kycLevel: 1, reason: null },
    });
    for (const c of tabs)
      expect(noticesIn(c)).toEqual([{ unreadCount: 1, notification: stored[0] }]);
    await until(async () => (await a.mail.messagesTo(user.email)).length === 1, 5000);
    const [mail] = await a.mail.messagesTo(user.email);
    expect(mail?.subject).toBe('身份认证已通过');
    for (const c of tabs) c.close();
  });

  it('is never stored, pushed or mailed for a house account (the market makers)', async () => {
    const u = await signIn(a, { kycLevel: 1 });
    const user = await a.app.db.user.update({ where: { id: u.userId }, data: { isHouse: true } });
    const params = { status: 'PASS', kycLevel: 1, reason: null } as const;
    const told = await notify(a.app.notifyDeps, {
      userId: u.userId,
      type: 'KYC_RESULT',
      params,
      dedupeKey: `house-${u.userId}`,
    });
    expect(told).toBeNull();
    expect(await a.app.db.notification.count({ where: { userId: u.userId } })).toBe(0);
    // The same notice to a customer is stored: the rule is the house flag, nothing else.
    await a.app.db.user.update({ where: { id: u.userId }, data: { isHouse: false } });
    const customer = await notify(a.app.notifyDeps, {
      userId: u.userId,
      type: 'KYC_RESULT',
      params,
      dedupeKey: `house-${u.userId}`,
    });
    expect(customer).not.toBeNull();
    await until(async () => (await a.mail.messagesTo(user.email)).length === 1, 5000);
  });

  it('is not mailed to a user who opted out, but is still stored', async () => {
    const u = await signIn(a, { kycLevel: 0 });
    const email = (await a.app.db.user.findUniqueOrThrow({ where: { id: u.userId } })).email;
    const prefs = await a.app.inject({
      method: 'PUT',
      url: '/v1/notification/preferences',
      headers: auth(u.token),
      payload: { preferences: [{ type: 'KYC_RESULT', email: false }] },
    });
    expect(prefs.json()).toMatchObject({ code: '200' });
    expect(
      prefs
        .json<{ data: { preferences: { type: string; email: boolean }[] } }>()
        .data.preferences.find((p) => p.type === 'KYC_RESULT'),
    ).toEqual({ type: 'KYC_RESULT', email: false, changeable: true });
    // A security notice's mail cannot be turned off, and nothing of the request is saved.
    const fixed = await a.app.inject({
      method: 'PUT',
      url: '/v1/notification/preferences',
      headers: auth(u.token),
      payload: {
        preferences: [
          { type: 'ORDER_FILLED', email: true },
          { type: 'NEW_DEVICE_LOGIN', email: false },
        ],
      },
    });
    expect(fixed.json()).toMatchObject({ code: '1101' });
    expect(await a.app.db.notificationPreference.count({ where: { userId: u.userId } })).toBe(1);

    const { id, reference } = await underReview(a, u.userId);
    await decide(a, {
      eventId: randomUUID(),
      applicationId: id,
      reference,
      decision: 'REJECT',
      reason: 'Blurred photo',
      decidedAt: new Date().toISOString(),
    });
    await until(async () => (await list(a, u.token)).length === 1, 3000);
    expect((await list(a, u.token))[0]).toMatchObject({
      type: 'KYC_RESULT',
      params: { status: 'REJECT', reason: 'Blurred photo', kycLevel: null },
    });
    // A mail that is always sent, queued after, arrives; the opted-out one never did.
    a.app.sessions.started({ userId: u.userId, userAgent: 'Firefox/1 (Linux)', ip: '10.0.0.1' });
    await sleep(200);
    a.app.sessions.started({ userId: u.userId, userAgent: 'Chrome/1 (Windows)', ip: '10.9.0.1' });
    await until(async () => (await a.mail.messagesTo(email)).length >= 1, 5000);
    await sleep(500);
    expect((await a.mail.messagesTo(email)).map((m) => m.subject)).toEqual([
      'New sign-in to your account',
    ]);
  });

  it('is mailed in each language the client offers, by the saved language of each user', async () => {
    // One rejected verification per language: the subject is that language's, and the reason
    // the provider gave is carried into the body as it was written.
    const expected: Record<ErrorLanguage, { subject: string; body: string }> = {
      en: { subject: 'Identity verification rejected', body: 'Reason: Blurred photo.' },
      'zh-CN': { subject: '身份认证未通过', body: '原因：Blurred photo。' },
      'zh-TW': { subject: '身份認證未通過', body: '原因：Blurred photo。' },
      ar: { subject: 'التحقق من الهوية: مرفوض', body: 'السبب: Blurred photo.' },
      fr: { subject: 'Vérification d’identité refusée', body: 'Motif : Blurred photo.' },
      de: { subject: 'Identitätsprüfung abgelehnt', body: 'Grund: Blurred photo.' },
      ja: { subject: '本人確認が却下されました', body: '理由：Blurred photo。' },
      ko: { subject: '신원 인증이 거절되었습니다', body: '사유: Blurred photo.' },
    };
    expect(Object.keys(expected).sort()).toEqual([...ERROR_LANGUAGES].sort());
    const users = await Promise.all(
      ERROR_LANGUAGES.map(async (language) => {
        const u = await signIn(a, { kycLevel: 0 });
        const { email } = await a.app.db.user.update({
          where: { id: u.userId },
          data: { language },
        });
        return { language, email, userId: u.userId };
      }),
    );
    for (const u of users) {
      const { id, reference } = await underReview(a, u.userId);
      const res = await decide(a, {
        eventId: randomUUID(),
        applicationId: id,
        reference,
        decision: 'REJECT',
        reason: 'Blurred photo',
        decidedAt: new Date().toISOString(),
      });
      expect(res.json()).toMatchObject({ code: '200' });
    }
    for (const u of users) {
      await until(async () => (await a.mail.messagesTo(u.email)).length === 1, 5000);
      const [mail] = await a.mail.messagesTo(u.email);
      expect(mail?.subject, u.language).toBe(expected[u.language].subject);
      expect(mail?.text, u.language).toContain(expected[u.language].body);
    }
  });
});

describe('NEW_DEVICE_LOGIN', () => {
  it('notices a browser or network the account has not used, not the first or a known one', async () => {
    const u = await signIn(a);
    const start = (userAgent: string, ip: string) =>
      a.app.sessions.start({ userId: u.userId, userAgent, ip });
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/120.0';
    // A new session ends the others: each check reads with the latest token.
    await start(firefox, '192.0.2.10');
    await sleep(200);
    // Same browser (a newer version) on the same /24: known.
    const known = await start(firefox.replace('120.0', '121.0'), '192.0.2.77');
    await sleep(200);
    expect(await list(a, known.token)).toEqual([]);
    const { token } = await start(firefox, '198.51.100.4');
    await until(async () => (await list(a, token)).length === 1, 3000);
    expect((await list(a, token))[0]).toMatchObject({
      type: 'NEW_DEVICE_LOGIN',
      params: { device: 'Firefox on Linux', ip: '198.51.100.4' },
    });
  });
});

describe('SECURITY_CHANGE', () => {
  it('notices an Authenticator linked to the account, live, and registration notices no device', async () => {
    const email = `sec-${Date.now()}@example.test`;
    const { token } = await registerUser(a, email);
    const c = await tab(urlB, token);
    const setup = await a.app.inject({
      method: 'POST',
      url: '/v1/security/authenticator/setup',
      headers: auth(token),
    });
    const { secret } = setup.json<{ data: AuthenticatorSetup }>().data;
    const link = await a.app.inject({
      method: 'POST',
      url: '/v1/security/authenticator/link',
      headers: auth(token),
      payload: { googleCode: generateSync({ secret, epoch: Math.floor(a.clock.now() / 1000) }) },
    });
    expect(link.json()).toMatchObject({ code: '200' });
    await until(() => noticesIn(c).length === 1, 3000);
    await sleep(300);
    const stored = await list(a, token);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      type: 'SECURITY_CHANGE',
      params: { change: 'AUTHENTICATOR_LINKED', lockedUntil: null },
    });
    expect(noticesIn(c)).toEqual([{ unreadCount: 1, notification: stored[0] }]);
    c.close();
  });
});

describe('announcements', () => {
  it('are public and are the news of category ANNOUNCEMENT', async () => {
    await a.app.db.newsItem.create({
      data: {
        category: 'ANNOUNCEMENT',
        title: 'Maintenance on Sunday',
        summary: 's',
        body: 'b',
        publishedAt: new Date(a.clock.now() - 1000),
      },
    });
    const res = await a.app.inject({ url: '/v1/notification/public/announcements' });
    const items = res.json<{ data: { result: { category: string; title: string }[] } }>().data
      .result;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.category === 'ANNOUNCEMENT')).toBe(true);
    expect(items.map((i) => i.title)).toContain('Maintenance on Sunday');
  });
});

describe('DEPOSIT_CREDITED', () => {
  it('is one notice per credited deposit, stored once, pushed to two tabs on two gateways and mailed', async () => {
    const u = await depositor(a);
    const email = (await a.app.db.user.findUniqueOrThrow({ where: { id: u.userId } })).email;
    const tabs = [
      await tab(urlA, u.token),
      await tab(urlA, u.token, 0),
      await tab(urlB, u.token),
      await tab(urlB, u.token, 0),
    ];
    const tx = txId();
    // The chain's reports as blocks come, to either gateway; the last one makes it final and the
    // review (a job on the shared queue, run by whichever gateway takes it) credits it.
    for (const confirmations of [1, 10]) {
      const update = depositUpdate({
        address: u.address,
        txId: tx,
        confirmations,
        amount: '123.45',
      });
      expect((await chainCallback(a, update)).statusCode).toBe(200);
    }
    await sleep(300);
    expect(await list(a, u.token)).toEqual([]);
    const final = depositUpdate({
      address: u.address,
      txId: tx,
      confirmations: 20,
      amount: '123.45',
    });
    expect((await chainCallback(b, final)).statusCode).toBe(200);
    const [d] = await eventually(
      () => deposits(a, u.token),
      (rows) => rows[0]?.state === 'AVAILABLE',
    );
    await until(() => tabs.every((c) => noticesIn(c).length === 1), 5000);

    // The final report again (the same event, and a later block with a new one): nothing new.
    expect((await chainCallback(a, final)).json()).toMatchObject({ data: { duplicate: true } });
    await chainCallback(b, { ...final, eventId: randomUUID(), confirmations: 21 });
    await sleep(500);

    const stored = await list(b, u.token);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      type: 'DEPOSIT_CREDITED',
      read: false,
      params: { mode: 0, asset: 'USDT', amount: '123.45', channel: 'CRYPTO', reference: tx },
    });
    expect(
      await a.app.db.notification.count({
        where: { userId: u.userId, dedupeKey: `crypto-deposit:${d?.id ?? ''}` },
      }),
    ).toBe(1);
    for (const c of tabs)
      expect(noticesIn(c)).toEqual([{ unreadCount: 1, notification: stored[0] }]);
    await until(async () => (await a.mail.messagesTo(email)).length === 1, 5000);
    expect((await a.mail.messagesTo(email)).map((m) => m.subject)).toEqual([
      'Deposit credited: 123.45 USDT',
    ]);
    expect(await realBalance(a, u.userId, 'USDT')).toBe('123.45');
    await expectLedgerBalanced(a);
    for (const c of tabs) c.close();
  });
});
