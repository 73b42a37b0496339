import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { verifySignature } from '@exchange/contracts/signed-request';
import { BANK_CALLBACK_PATHS, hkInstant } from '@exchange/contracts';
import { BankSim } from '../../src/sim/bank/bank-sim.js';
import { intermediaryFee, nextSendTime } from '../../src/sim/bank/schedule.js';

const secret = randomBytes(32).toString('hex');
const log = pino({ level: 'silent' });

describe('next send time (Hong Kong business days within banking hours)', () => {
  const at = (date: string, h: number, m = 0) => hkInstant(date, h, m).getTime();

  it('sends at once on a business day within hours, at opening before them', () => {
    // Wednesday 2026-01-07
    expect(nextSendTime(at('2026-01-07', 10, 30))).toBe(at('2026-01-07', 10, 30));
    expect(nextSendTime(at('2026-01-07', 7))).toBe(at('2026-01-07', 9));
  });

  it('after hours on a Friday waits over the weekend to Monday 09:00', () => {
    // Friday 2026-01-09 18:00 -> Monday 2026-01-12 09:00
    expect(nextSendTime(at('2026-01-09', 18))).toBe(at('2026-01-12', 9));
    expect(nextSendTime(at('2026-01-10', 11))).toBe(at('2026-01-12', 9));
  });

  it('skips a holiday and the weekend behind it (Easter 2026: Fri 3 Apr to Tue 7 Apr)', () => {
    // Thursday 2026-04-02 17:30: Good Friday, the Saturday after, Sunday, Easter Monday (4/6) and
    // the Ching Ming substitute (4/7) are not business days -> Wednesday 2026-04-08 09:00.
    expect(nextSendTime(at('2026-04-02', 17, 30))).toBe(at('2026-04-08', 9));
    // Christmas 2026: Friday 25 and Saturday 26 -> Monday 28 Dec.
    expect(nextSendTime(at('2026-12-24', 20))).toBe(at('2026-12-28', 9));
  });

  it('charges a seeded intermediary fee between 10 and 12 USD, or its EUR equivalent', () => {
    const fees = Array.from({ length: 200 }, (_, i) => Number(intermediaryFee(`w-${i}`, 'USD')));
    expect(Math.min(...fees)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...fees)).toBeLessThanOrEqual(12);
    expect(new Set(fees).size).toBeGreaterThan(50);
    expect(intermediaryFee('w-1', 'USD')).toBe(intermediaryFee('w-1', 'USD'));
    const eur = Number(intermediaryFee('w-1', 'EUR'));
    expect(eur).toBeCloseTo(Number(intermediaryFee('w-1', 'USD')) * 0.92, 1);
  });
});

let server: Server | undefined;
afterEach(() => server?.close());

interface Got {
  path: string;
  body: Record<string, unknown>;
}

/** A gateway stand-in: records signed callbacks and acknowledges them. */
async function receiver() {
  const got: Got[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (
        !verifySignature({
          secret,
          text: body,
          signature: req.headers['x-signature'],
          timestamp: req.headers['x-timestamp'],
        }).ok
      ) {
        res.writeHead(401).end('{}');
        return;
      }
      got.push({ path: req.url ?? '', body: JSON.parse(body) as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: '200', data: { received: true } }));
    });
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  return { got, base: `http://127.0.0.1:${(server?.address() as AddressInfo).port}` };
}

function bank(base: string, start = hkInstant('2026-01-09', 18).getTime()) {
  let real = 1_000_000;
  const sim = new BankSim({
    secret,
    callbackBaseUrl: base,
    publicUrl: 'http://bank.test',
    openDelayMs: 5000,
    timeScale: 1,
    log,
    retryBaseMs: 10,
    now: () => real,
  });
  sim.setClock(start);
  return {
    sim,
    advance: (ms: number) => {
      real += ms;
    },
  };
}

const identity = {
  kind: 'INDIVIDUAL' as const,
  nationality: 'HK',
  country: 'HK',
  birthDate: '1990-01-01',
  idType: 'passport',
  idNumberLast4: '1234',
};

async function openOne(b: ReturnType<typeof bank>) {
  const { bankReference } = b.sim.openAccount({
    userRef: 'user-1',
    name: 'Jane Doe',
    identity,
    currencies: ['USD', 'EUR'],
  });
  b.advance(5000);
  await b.sim.tick();
  return b.sim.account(bankReference);
}

describe('the simulated partner bank', () => {
  it('opens a virtual account after its delay and reports it at the accounts callback', async () => {
    const r = await receiver();
    const b = bank(r.base);
    const { bankReference } = b.sim.openAccount({
      userRef: 'user-1',
      name: 'Jane Doe',
      identity,
      currencies: ['USD', 'EUR'],
    });
    await b.sim.tick();
    expect(r.got).toHaveLength(0);
    b.advance(5000);
    await b.sim.tick();
    expect(r.got).toHaveLength(1);
    expect(r.got[0]?.path).toBe(BANK_CALLBACK_PATHS.accounts);
    expect(r.got[0]?.body).toMatchObject({
      type: 'account.opened',
      bankReference,
      userRef: 'user-1',
      accountName: 'JANE DOE',
      currencies: ['USD', 'EUR'],
    });
    expect(String(r.got[0]?.body.accountNumber)).toMatch(/^392\d{10}$/);
  });

  it('fails the next opening when told, then opens the retry', async () => {
    const r = await receiver();
    const b = bank(r.base);
    b.sim.setOpenOutcome({ ok: false, reason: 'Name does not match' });
    const first = await openOne(b);
    expect(first.status).toBe('REJECTED');
    expect(r.got[0]?.body).toMatchObject({
      type: 'account.open_failed',
      reason: 'Name does not match',
    });
    const second = await openOne(b);
    expect(second.bankReference).not.toBe(first.bankReference);
    expect(second.status).toBe('OPEN');
  });

  it('answers the same e-KYC link while valid, a new one after an hour or a failure', async () => {
    const r = await receiver();
    const b = bank(r.base);
    const account = await openOne(b);
    const one = b.sim.ekycLink(account.bankReference);
    expect(b.sim.ekycLink(account.bankReference)).toEqual(one);
    b.sim.setClock(b.sim.logicalNow() + 3_600_000);
    expect(b.sim.ekycSession(one.url.split('/').pop() ?? '')?.status).toBe('EXPIRED');
    const two = b.sim.ekycLink(account.bankReference);
    expect(two.url).not.toBe(one.url);
    b.sim.completeEkyc(two.url.split('/').pop() ?? '', false);
    const three = b.sim.ekycLink(account.bankReference);
    expect(three.url).not.toBe(two.url);
    b.sim.completeEkyc(three.url.split('/').pop() ?? '', true);
    expect(() => b.sim.ekycLink(account.bankReference)).toThrow(/passed/);
    await b.sim.tick();
    await b.sim.tick();
    await b.sim.tick();
    expect(r.got.map((g) => g.body.type)).toEqual(['account.opened', 'ekyc.failed', 'ekyc.passed']);
  });

  it('reports an incoming transfer and refuses unknown accounts and other currencies', async () => {
    const r = await receiver();
    const b = bank(r.base);
    const account = await openOne(b);
    const number = account.accountNumber ?? '';
    const t = b.sim.incoming({
      accountNumber: number,
      currency: 'usd',
      amount: '1500.50',
      payerName: 'Jane Doe',
      payerAccountNumber: '004123456789',
      payerSwiftCode: 'HSBCHKHHXXX',
    });
    await b.sim.tick();
    const cb = r.got.find((g) => g.body.type === 'transfer.received');
    expect(cb?.path).toBe(BANK_CALLBACK_PATHS.deposits);
    expect(cb?.body).toMatchObject({
      transferId: t.transferId,
      accountNumber: number,
      currency: 'USD',
      amount: '1500.5',
      payerName: 'Jane Doe',
      payerSwiftCode: 'HSBCHKHHXXX',
    });
    const base = { amount: '1', payerName: 'x', payerAccountNumber: '1' };
    expect(() => b.sim.incoming({ ...base, accountNumber: '392000', currency: 'USD' })).toThrow(
      /no open account/,
    );
    expect(() => b.sim.incoming({ ...base, accountNumber: number, currency: 'GBP' })).toThrow(
      /USD and EUR only/,
    );
  });

  it('returns a refused incoming transfer to its payer, whole and once', async () => {
    const r = await receiver();
    const b = bank(r.base);
    const account = await openOne(b);
    const t = b.sim.incoming({
      accountNumber: account.accountNumber ?? '',
      currency: 'USD',
      amount: '250',
      payerName: 'Charles Babbage',
      payerAccountNumber: '004999888777',
    });
    const first = b.sim.returnTransfer(t.transferId, 'PAYER_NAME_MISMATCH');
    expect(b.sim.returnTransfer(t.transferId, 'PAYER_NAME_MISMATCH')).toEqual(first);
    const all = b.sim.listTransfers();
    expect(all.find((x) => x.transferId === t.transferId)).toMatchObject({
      state: 'RETURNED',
      reason: 'PAYER_NAME_MISMATCH',
    });
    const back = all.filter((x) => x.requestId === `return:${t.transferId}`);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({
      transferId: first.returnId,
      direction: 'OUT',
      state: 'SENT',
      amount: '250',
      intermediaryFee: null,
    });
    expect(back[0]?.counterparty.accountNumber).toBe('004999888777');
    expect(() => b.sim.returnTransfer('HPB-IN-NOPE', 'x')).toThrow(/no incoming transfer/);
  });

  it('sends an outgoing transfer on the next business day, once per request id', async () => {
    const r = await receiver();
    // Friday 2026-01-09 18:00 Hong Kong: after hours.
    const b = bank(r.base);
    const req = {
      requestId: 'w-1',
      currency: 'USD',
      amount: '250',
      beneficiary: {
        name: 'Jane Doe',
        accountNumber: '004123456789',
        bankName: 'HSBC',
        bankCode: '004',
        swiftCode: 'HSBCHKHHXXX',
      },
    };
    const { transferId } = b.sim.sendTransfer(req);
    expect(b.sim.sendTransfer(req).transferId).toBe(transferId);
    await b.sim.tick();
    expect(r.got).toHaveLength(0);
    b.sim.setClock(hkInstant('2026-01-12', 8, 59).getTime());
    await b.sim.tick();
    expect(r.got).toHaveLength(0);
    b.sim.setClock(hkInstant('2026-01-12', 9).getTime());
    await b.sim.tick();
    expect(r.got).toHaveLength(1);
    expect(r.got[0]?.path).toBe(BANK_CALLBACK_PATHS.transfers);
    expect(r.got[0]?.body).toMatchObject({
      type: 'transfer.sent',
      transferId,
      requestId: 'w-1',
      intermediaryFee: intermediaryFee('w-1', 'USD'),
    });
    expect(() => b.sim.failTransfer('w-1', 'late')).toThrow(/already SENT/);
  });

  it('fails a scheduled transfer on command', async () => {
    const r = await receiver();
    const b = bank(r.base);
    const { transferId } = b.sim.sendTransfer({
      requestId: 'w-2',
      currency: 'EUR',
      amount: '10',
      beneficiary: {
        name: 'Jane Doe',
        accountNumber: '1',
        bankName: 'B',
        bankCode: '1',
        swiftCode: 'DEUTDEFFXXX',
      },
    });
    b.sim.failTransfer('w-2', 'Beneficiary account closed');
    await b.sim.tick();
    expect(r.got[0]?.body).toMatchObject({
      type: 'transfer.failed',
      transferId,
      reason: 'Beneficiary account closed',
    });
  });
});
