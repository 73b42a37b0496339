import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_CALLBACK_PATH,
  FIAT_DEPOSIT_PATHS,
  TEST_CARDS,
  type FiatDeposit,
} from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { startCardSim, type CardSimProcess } from '../../../helpers/card-sim.js';
import { freePort } from '../../../helpers/kyc-sim.js';
import { sleep, until } from '../../../helpers/wait.js';
import {
  available,
  bearer,
  depositor,
  expectAuditClean,
  fiatCallback,
  publishRates,
  type Env,
} from './setup.js';

let t: TestApp;
let sim: CardSimProcess;

beforeAll(async () => {
  const [gatewayPort, simPort] = [await freePort(), await freePort()];
  const callbackUrl = `http://127.0.0.1:${gatewayPort}${CARD_CALLBACK_PATH}`;
  t = await build(
    {
      CARD_API_URL: `http://127.0.0.1:${simPort}`,
      CARD_CALLBACK_URL: callbackUrl,
      FIAT_DEPOSIT_REVIEW_SECONDS: '0-0',
    },
    {
      fiatDeposit: {
        // The risk review refuses 66 USD exactly (the other amounts pass).
        riskCheck: (d) =>
          Promise.resolve(
            d.amount === '66' ? { pass: false, reason: 'RISK_REFUSED' } : { pass: true },
          ),
      },
    },
  );
  await t.app.listen({ port: gatewayPort, host: '127.0.0.1' });
  sim = await startCardSim({ port: simPort, secret: t.env.CARD_CALLBACK_SECRET, callbackUrl });
  // HKD per 100 units: 1 EUR = 850 / 780 USD.
  await publishRates(t, { USD: '780', EUR: '850', JPY: '5.2' });
}, 60_000);

afterAll(async () => {
  await sim?.stop();
  await t?.close();
});

const card = (number: string, over: Record<string, string> = {}) => ({
  number,
  expiry: '12/30',
  cvc: '123',
  holder: 'Ada Lovelace',
  ...over,
});

function charge(
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: FIAT_DEPOSIT_PATHS.cardCharge,
    headers: { ...bearer(token), ...headers },
    payload: { requestId: randomUUID(), currency: 'USD', amount: '100', ...body },
  });
}

async function depositState(token: string, id: string): Promise<FiatDeposit> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${FIAT_DEPOSIT_PATHS.deposits}/${id}`,
    headers: bearer(token),
  });
  return res.json<Env>().data;
}

async function untilState(token: string, id: string, state: string) {
  await until(async () => (await depositState(token, id)).state === state, 10_000);
}

describe('card deposits through the simulated card processor', () => {
  it('previews the fee: 100 USD pays 5 (4.7 % + 0.3 USD, up to the cent) and is credited 95', async () => {
    const u = await depositor(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `${FIAT_DEPOSIT_PATHS.cardPreview}?currency=USD&amount=100`,
      headers: bearer(u.token),
    });
    expect(res.json<Env>().data).toMatchObject({ amount: '100', fee: '5', credited: '95' });
    const odd = await t.app.inject({
      method: 'GET',
      url: `${FIAT_DEPOSIT_PATHS.cardPreview}?currency=USD&amount=10.01`,
      headers: bearer(u.token),
    });
    // 0.47047 + 0.3 = 0.77047, rounded up to 0.78.
    expect(odd.json<Env>().data).toMatchObject({ fee: '0.78', credited: '9.23' });
  });

  it('refuses a charge before both agreements are accepted, then records the acceptance', async () => {
    const u = await depositor(t, { accept: false });
    const res = await charge(u.token, { card: card(TEST_CARDS.SUCCEEDS) });
    expect(res.json<Env>().code).toBe('6102');
    await t.app.inject({
      method: 'POST',
      url: FIAT_DEPOSIT_PATHS.agreements,
      headers: bearer(u.token),
      payload: { version: 'old', kinds: ['TRUST'] },
    });
    const rows = await t.app.db.fiatAgreement.findMany({ where: { userId: u.userId } });
    expect(rows).toEqual([]);
    await depositorAccept(u.token);
    const saved = await t.app.db.fiatAgreement.findMany({ where: { userId: u.userId } });
    expect(saved.map((r) => r.kind).sort()).toEqual(['FUND_TRANSFER', 'TRUST']);
    expect(saved.every((r) => r.ip && r.acceptedAt)).toBe(true);
  });

  it('charges the success card: REVIEW, then credited once (95 to the user, 5 to the fee account)', async () => {
    const u = await depositor(t);
    const requestId = randomUUID();
    const res = await charge(u.token, { requestId, card: card(TEST_CARDS.SUCCEEDS) });
    const d = res.json<Env>().data as FiatDeposit;
    expect(d).toMatchObject({ state: 'REVIEW', fee: '5', credited: '95', cardLast4: '4242' });
    await untilState(u.token, d.id, 'CREDITED');
    expect(await available(t, u.userId, 'USD')).toBe('95');
    // The same request again: the same deposit, charged and credited once.
    const again = await charge(u.token, { requestId, card: card(TEST_CARDS.SUCCEEDS) });
    expect(again.json<Env>().data.id).toBe(d.id);
    expect(await available(t, u.userId, 'USD')).toBe('95');
    const flows = await t.app.db.ledgerEntry.findMany({ where: { refId: d.id } });
    expect(flows.map((f) => [f.accountId, f.flowType, f.amount.toFixed()]).sort()).toEqual(
      [
        [u.userId, 110021, '100'],
        ['system:external', 110021, '-100'],
        [u.userId, 110022, '-5'],
        ['system:fees', 110022, '5'],
      ].sort(),
    );
    // Transaction history: one card-deposit line, the channel fee apart.
    const history = await t.app.inject({
      method: 'GET',
      url: '/v1/wallet/transactions',
      headers: bearer(u.token),
    });
    const lines = history.json<{ data: { result: { type: string; changes: unknown }[] } }>().data
      .result;
    expect(lines.map((x) => [x.type, x.changes])).toEqual([
      ['CARD_DEPOSIT', [{ asset: 'USD', amount: '100', fee: '5', networkFee: '0' }]],
    ]);
    await until(
      async () => (await t.app.db.notification.count({ where: { userId: u.userId } })) > 0,
    );
    const note = await t.app.db.notification.findFirst({ where: { userId: u.userId } });
    expect(note?.type).toBe('DEPOSIT_CREDITED');
    // Never the full number or the CVC: only brand and last 4 are kept.
    const row = await t.app.db.fiatDeposit.findUniqueOrThrow({ where: { id: d.id } });
    expect(JSON.stringify(row)).not.toContain(TEST_CARDS.SUCCEEDS);
    await expectAuditClean(t);
  });

  it('refunds a charge the risk review refused: nothing credited, the whole amount back to the card', async () => {
    const u = await depositor(t);
    const d = (await charge(u.token, { amount: '66', card: card(TEST_CARDS.SUCCEEDS) })).json<Env>()
      .data as FiatDeposit;
    await untilState(u.token, d.id, 'REFUSED');
    await until(
      async () =>
        (await t.app.db.fiatDeposit.findUniqueOrThrow({ where: { id: d.id } })).returnedAt !== null,
    );
    const { charges } = (await sim.call('GET', '/charges')) as {
      charges: { chargeId: string; state: string }[];
    };
    const chargeId = (await t.app.db.fiatDeposit.findUniqueOrThrow({ where: { id: d.id } }))
      .externalId;
    expect(charges.find((c) => c.chargeId === chargeId)?.state).toBe('REFUNDED');
    expect(await available(t, u.userId, 'USD')).toBe('0');
    expect(await t.app.db.ledgerEntry.count({ where: { refId: d.id } })).toBe(0);
    await expectAuditClean(t);
  });

  it('records a declined card as DECLINED and credits nothing', async () => {
    const u = await depositor(t);
    const res = await charge(u.token, { card: card(TEST_CARDS.DECLINED) });
    expect(res.json<Env>().data).toMatchObject({ state: 'DECLINED', reason: 'card_declined' });
    expect(await available(t, u.userId, 'USD')).toBe('0');
    await expectAuditClean(t);
  });

  it('asks for the 3-D Secure confirmation, and credits after the cardholder confirms', async () => {
    const u = await depositor(t);
    const res = await charge(u.token, { card: card(TEST_CARDS.REQUIRES_ACTION) });
    const d = res.json<Env>().data as FiatDeposit;
    expect(d.state).toBe('REQUIRES_ACTION');
    expect(d.actionUrl).toMatch(/\/3ds\/ch_/);
    const page = await (await fetch(d.actionUrl ?? '')).text();
    expect(page).toContain('Confirm');
    expect(page).toContain('100 USD');
    const chargeId = d.actionUrl?.split('/').pop() ?? '';
    const confirmed = await fetch(`${sim.url}/3ds/${chargeId}/confirm`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(303);
    await untilState(u.token, d.id, 'CREDITED');
    expect(await available(t, u.userId, 'USD')).toBe('95');
    await expectAuditClean(t);
  });

  it('declines a 3-D Secure charge the cardholder cancels (the sim:card decline command)', async () => {
    const u = await depositor(t);
    const d = (await charge(u.token, { card: card(TEST_CARDS.REQUIRES_ACTION) })).json<Env>()
      .data as FiatDeposit;
    const chargeId = d.actionUrl?.split('/').pop() ?? '';
    await sim.call('POST', '/resolve', { chargeId, confirm: false });
    await untilState(u.token, d.id, 'DECLINED');
    expect(await available(t, u.userId, 'USD')).toBe('0');
  });

  it('cancels a 3-D Secure charge left unanswered when its window ends; a late answer charges nothing', async () => {
    const u = await depositor(t);
    const d = (await charge(u.token, { card: card(TEST_CARDS.REQUIRES_ACTION) })).json<Env>()
      .data as FiatDeposit;
    const chargeId = d.actionUrl?.split('/').pop() ?? '';
    // The processor's page stays on the deposit: a reload of the card page finds it.
    expect((await depositState(u.token, d.id)).actionUrl).toBe(d.actionUrl);
    // Within the window (CARD_CONFIRMATION_SECONDS, 15 minutes) nothing happens.
    t.clock.advance(14 * 60_000);
    expect(await t.app.fiatDeposits.expireConfirmation(d.id)).toBe(false);
    expect((await depositState(u.token, d.id)).state).toBe('REQUIRES_ACTION');
    t.clock.advance(60_000);
    expect(await t.app.fiatDeposits.expireConfirmation(d.id)).toBe(true);
    expect(await depositState(u.token, d.id)).toMatchObject({
      state: 'DECLINED',
      reason: 'authentication_expired',
      actionUrl: null,
    });
    // The processor cancelled it too: the cardholder's late confirmation changes nothing.
    await fetch(`${sim.url}/3ds/${chargeId}/confirm`, { method: 'POST', redirect: 'manual' });
    const { charges } = (await sim.call('GET', '/charges')) as {
      charges: { chargeId: string; state: string; declineCode: string | null }[];
    };
    expect(charges.find((c) => c.chargeId === chargeId)).toMatchObject({
      state: 'DECLINED',
      declineCode: 'authentication_expired',
    });
    // Its declined callback arrives and is a no-op; a second expiry run is too.
    await sleep(300);
    expect(await t.app.fiatDeposits.expireConfirmation(d.id)).toBe(false);
    expect((await depositState(u.token, d.id)).state).toBe('DECLINED');
    expect(await available(t, u.userId, 'USD')).toBe('0');
    await expectAuditClean(t);
  });

  it('refuses an invalid number, an expired card and a wrong CVC, recording nothing', async () => {
    const u = await depositor(t);
    const codes = [
      (await charge(u.token, { card: card('4242424242424241') })).json<Env>().code,
      (await charge(u.token, { card: card(TEST_CARDS.SUCCEEDS, { expiry: '12/25' }) })).json<Env>()
        .code,
      (await charge(u.token, { card: card(TEST_CARDS.SUCCEEDS, { cvc: '000' }) })).json<Env>().code,
    ];
    expect(codes).toEqual(['6107', '6108', '6109']);
    expect(await t.app.db.fiatDeposit.count({ where: { userId: u.userId } })).toBe(0);
  });

  it('caps a single recharge at 1,000,000 USD and its equivalent in EUR', async () => {
    const u = await depositor(t);
    const over = await charge(u.token, {
      amount: '1000000.01',
      card: card(TEST_CARDS.SUCCEEDS),
    });
    expect(over.json<Env>()).toMatchObject({ code: '6106' });
    expect(over.json<Env>().message).toContain('1000000 USD');
    const preview = await t.app.inject({
      method: 'GET',
      url: `${FIAT_DEPOSIT_PATHS.cardPreview}?currency=EUR&amount=1000`,
      headers: bearer(u.token),
    });
    // 1,000,000 USD / (850 / 780) = 917,647.058... EUR, down to the cent.
    expect(preview.json<Env>().data.maxAmount).toBe('917647.05');
    const eurOver = await charge(u.token, {
      currency: 'EUR',
      amount: '917647.06',
      card: card(TEST_CARDS.SUCCEEDS),
    });
    expect(eurOver.json<Env>().code).toBe('6106');
    const atCap = await charge(u.token, {
      amount: '1000000',
      card: card(TEST_CARDS.SUCCEEDS),
    });
    expect(atCap.json<Env>().data.state).toBe('REVIEW');
    await untilState(u.token, atCap.json<Env>().data.id, 'CREDITED');
    // 4.7 % of 1,000,000 + 0.3 = 47,000.30 fee.
    expect(await available(t, u.userId, 'USD')).toBe('952999.7');
    await expectAuditClean(t);
  });

  it('is Real mode only and refused to opted-out accounts', async () => {
    const u = await depositor(t);
    const demo = await charge(
      u.token,
      { card: card(TEST_CARDS.SUCCEEDS) },
      { 'runtime-mode': '1' },
    );
    expect(demo.json<Env>().code).toBe('6101');
    const optedOut = await signIn(t, { kycLevel: -1 });
    const res = await charge(optedOut.token, { card: card(TEST_CARDS.SUCCEEDS) });
    expect(res.json<Env>().code).toBe('7002');
  });

  it('refuses a card callback with a bad signature', async () => {
    const body = {
      eventId: randomUUID(),
      occurredAt: new Date().toISOString(),
      type: 'charge.succeeded',
      chargeId: 'ch_x',
      requestId: 'r',
      amount: '1',
      currency: 'USD',
    };
    const res = await fiatCallback(t, CARD_CALLBACK_PATH, body, {
      secret: 'someone-else-entirely-0123456789abcdef',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json<Env>().code).toBe('6112');
    const old = await fiatCallback(t, CARD_CALLBACK_PATH, body, { ageSeconds: 3600 });
    expect(old.json<Env>().code).toBe('6113');
  });
});

async function depositorAccept(token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: FIAT_DEPOSIT_PATHS.agreements,
    headers: bearer(token),
    payload: { version: '2026-11', kinds: ['TRUST', 'FUND_TRANSFER'] },
  });
  expect(res.json<Env>().data.complete).toBe(true);
}
