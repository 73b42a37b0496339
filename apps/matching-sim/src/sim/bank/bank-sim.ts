import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import {
  BANK_CALLBACK_PATHS,
  PARTNER_BANK_CURRENCIES,
  PARTNER_BANK_EKYC_LINK_TTL_MS,
  type BankAccountEvent,
  type BankDepositEvent,
  type BankOpenAccountRequest,
  type BankSandboxIncoming,
  type BankTransferEvent,
  type BankTransferRequest,
} from '@exchange/contracts';
import { postSignedCallback, retryDelayMs } from '../callback-delivery.js';
import { intermediaryFee, nextSendTime } from './schedule.js';
import { SimError } from '../kit/server.js';

type Callback = BankAccountEvent | BankDepositEvent | BankTransferEvent;
type Family = keyof typeof BANK_CALLBACK_PATHS;

export interface SimAccount {
  bankReference: string;
  userRef: string;
  name: string;
  kind: string;
  currencies: string[];
  status: 'PENDING' | 'OPEN' | 'REJECTED';
  accountNumber: string | null;
  accountName: string | null;
  failureReason: string | null;
  /** Logical time at which the bank decides the opening. */
  decideAt: number;
  callbackBaseUrl: string | null;
  ekyc: {
    state: 'NONE' | 'PENDING' | 'PASSED' | 'FAILED';
    token: string | null;
    expiresAt: number | null;
    returnUrl: string | null;
    reason: string | null;
    links: number;
  };
  createdAt: number;
}

export interface SimTransfer {
  transferId: string;
  direction: 'IN' | 'OUT';
  /** OUT: the exchange's request id (its withdrawal id). */
  requestId: string | null;
  /** IN: the virtual account credited; OUT: the account debited (if named). */
  accountNumber: string | null;
  currency: string;
  amount: string;
  counterparty: { name: string; accountNumber: string; swiftCode: string | null };
  /** IN: RECEIVED, or RETURNED to the payer when the exchange refused it. */
  state: 'RECEIVED' | 'RETURNED' | 'SCHEDULED' | 'SENT' | 'FAILED';
  /** OUT: the logical time the bank sends it. */
  sendAt: number | null;
  intermediaryFee: string | null;
  reason: string | null;
  callbackUrl: string | null;
  createdAt: number;
  settledAt: number | null;
}

interface Delivery {
  eventId: string;
  url: string;
  body: Callback;
  /** Events of one account or transfer go out in order. */
  lane: string;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
}

export interface BankSimOptions {
  secret: string;
  /** The exchange's base address (BANK_CALLBACK_PATHS go under it) unless an account names one. */
  callbackBaseUrl: string;
  /** Where the user's browser reaches the bank's e-KYC pages. */
  publicUrl: string;
  /** Logical milliseconds the bank takes to decide an opening. */
  openDelayMs: number;
  timeScale: number;
  statePath?: string | undefined;
  log: Logger;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Real time. */
  now?: () => number;
}

interface Saved {
  accounts: SimAccount[];
  transfers: SimTransfer[];
  deliveries: Delivery[];
  outcomes: OpenOutcome[];
  clockOffsetMs: number;
}

export interface OpenOutcome {
  ok: boolean;
  reason: string | null;
}

export class BankSimError extends SimError {}

const DEFAULT_OPEN_FAILURE = 'The applicant could not be verified against the bank records.';

/**
 * The simulated partner bank: virtual accounts (USD and EUR) opened for the exchange's verified
 * users after a short delay, their e-KYC link step on the bank's own page, incoming transfers
 * from its sandbox, and outgoing transfers sent on the next Hong Kong business day within
 * banking hours with an intermediary fee. Everything it tells the exchange is a signed callback,
 * retried with backoff until acknowledged. Time is logical (TIME_SCALE), and tests may move it
 * (`advanceClock`) alongside the exchange's manual clock.
 */
export class BankSim {
  private readonly accounts = new Map<string, SimAccount>();
  private readonly transfers = new Map<string, SimTransfer>();
  private deliveries: Delivery[] = [];
  private outcomes: OpenOutcome[] = [];
  private readonly delivering = new Set<string>();
  private readonly realStart: number;
  private readonly now: () => number;
  private clockOffsetMs = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly o: BankSimOptions) {
    this.now = o.now ?? Date.now;
    this.realStart = this.now();
    if (o.statePath) this.load(o.statePath);
  }

  /** The bank's time: real time scaled by TIME_SCALE, plus what tests moved it by. */
  logicalNow(): number {
    return (
      this.realStart +
      Math.floor((this.now() - this.realStart) * this.o.timeScale) +
      this.clockOffsetMs
    );
  }

  /** Moves the bank's clock (tests keep it with the exchange's manual clock). */
  setClock(atMs: number): number {
    this.clockOffsetMs += atMs - this.logicalNow();
    this.save();
    return this.logicalNow();
  }

  // ---- accounts ----

  openAccount(req: BankOpenAccountRequest): { bankReference: string; status: string } {
    const existing = [...this.accounts.values()].find(
      (a) => a.userRef === req.userRef && a.status !== 'REJECTED',
    );
    if (existing) return { bankReference: existing.bankReference, status: existing.status };
    const bankReference = `HPB-APP-${randomBytes(6).toString('hex').toUpperCase()}`;
    const at = this.logicalNow();
    const account: SimAccount = {
      bankReference,
      userRef: req.userRef,
      name: req.name,
      kind: req.identity.kind,
      currencies: [...new Set(req.currencies)],
      status: 'PENDING',
      accountNumber: null,
      accountName: null,
      failureReason: null,
      decideAt: at + this.o.openDelayMs,
      callbackBaseUrl: req.callbackBaseUrl ?? null,
      ekyc: {
        state: 'NONE',
        token: null,
        expiresAt: null,
        returnUrl: null,
        reason: null,
        links: 0,
      },
      createdAt: at,
    };
    this.accounts.set(bankReference, account);
    this.o.log.info({ bankReference, userRef: req.userRef }, 'account application received');
    this.save();
    return { bankReference, status: 'PENDING' };
  }

  /** The outcome of the next openings, in order (a developer's `set-outcome open fail`). */
  setOpenOutcome(outcome: OpenOutcome): number {
    this.outcomes.push(outcome);
    this.save();
    return this.outcomes.length;
  }

  account(ref: string): SimAccount {
    const account = this.accounts.get(ref);
    if (!account) throw new BankSimError(404, `no account ${ref}`);
    return account;
  }

  listAccounts(): SimAccount[] {
    return [...this.accounts.values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  /**
   * The e-KYC link of an open account, valid one hour. While one is valid and unused, asking
   * again answers the same link; after it expired, or after e-KYC failed, a new one.
   */
  ekycLink(ref: string, returnUrl?: string): { url: string; expiresAt: string } {
    const account = this.account(ref);
    if (account.status !== 'OPEN')
      throw new BankSimError(409, `account ${ref} is ${account.status}, not open`);
    if (account.ekyc.state === 'PASSED')
      throw new BankSimError(409, `account ${ref} has passed e-KYC`);
    const now = this.logicalNow();
    const e = account.ekyc;
    const valid = e.state === 'PENDING' && e.token && e.expiresAt !== null && now < e.expiresAt;
    if (!valid) {
      e.state = 'PENDING';
      e.token = randomBytes(16).toString('hex');
      e.expiresAt = now + PARTNER_BANK_EKYC_LINK_TTL_MS;
      e.reason = null;
      e.links += 1;
      this.o.log.info({ bankReference: ref, links: e.links }, 'e-KYC link issued');
    }
    if (returnUrl) e.returnUrl = returnUrl;
    this.save();
    return {
      url: `${this.o.publicUrl.replace(/\/$/, '')}/ekyc/${e.token}`,
      expiresAt: new Date(e.expiresAt ?? now).toISOString(),
    };
  }

  /** The e-KYC page's view of a token: its account and whether the link can still be used. */
  ekycSession(token: string): {
    account: SimAccount;
    status: 'OPEN' | 'EXPIRED' | 'PASSED' | 'FAILED';
  } | null {
    const account = [...this.accounts.values()].find((a) => a.ekyc.token === token);
    if (!account) return null;
    const e = account.ekyc;
    if (e.state === 'PASSED') return { account, status: 'PASSED' };
    if (e.state === 'FAILED') return { account, status: 'FAILED' };
    if (e.expiresAt !== null && this.logicalNow() >= e.expiresAt)
      return { account, status: 'EXPIRED' };
    return { account, status: 'OPEN' };
  }

  /** The user finished the bank's e-KYC page: passed or failed. */
  completeEkyc(token: string, passed: boolean, reason?: string): SimAccount {
    const session = this.ekycSession(token);
    if (!session) throw new BankSimError(404, 'unknown e-KYC link');
    if (session.status !== 'OPEN')
      throw new BankSimError(409, `this e-KYC link is ${session.status.toLowerCase()}`);
    const { account } = session;
    account.ekyc.state = passed ? 'PASSED' : 'FAILED';
    account.ekyc.reason = passed ? null : (reason ?? 'The identity check did not match.');
    const occurredAt = new Date(this.logicalNow()).toISOString();
    const eventId = `ekyc-${token}-${account.ekyc.state.toLowerCase()}`;
    this.enqueue(
      'accounts',
      account.callbackBaseUrl,
      account.bankReference,
      passed
        ? { eventId, occurredAt, type: 'ekyc.passed', bankReference: account.bankReference }
        : {
            eventId,
            occurredAt,
            type: 'ekyc.failed',
            bankReference: account.bankReference,
            reason: account.ekyc.reason ?? '',
          },
    );
    this.o.log.info({ bankReference: account.bankReference, passed }, 'e-KYC completed');
    this.save();
    return account;
  }

  private decide(account: SimAccount): void {
    const outcome = this.outcomes.shift() ?? { ok: true, reason: null };
    const occurredAt = new Date(this.logicalNow()).toISOString();
    if (outcome.ok) {
      account.status = 'OPEN';
      account.accountNumber = this.newAccountNumber();
      account.accountName = `${account.name.toUpperCase()}`;
      this.enqueue('accounts', account.callbackBaseUrl, account.bankReference, {
        eventId: `open-${account.bankReference}-opened`,
        occurredAt,
        type: 'account.opened',
        bankReference: account.bankReference,
        userRef: account.userRef,
        accountNumber: account.accountNumber,
        accountName: account.accountName,
        currencies: account.currencies,
      });
    } else {
      account.status = 'REJECTED';
      account.failureReason = outcome.reason ?? DEFAULT_OPEN_FAILURE;
      this.enqueue('accounts', account.callbackBaseUrl, account.bankReference, {
        eventId: `open-${account.bankReference}-failed`,
        occurredAt,
        type: 'account.open_failed',
        bankReference: account.bankReference,
        userRef: account.userRef,
        reason: account.failureReason,
      });
    }
    this.o.log.info(
      { bankReference: account.bankReference, status: account.status },
      'account opening decided',
    );
  }

  /** 392 (the bank's code), a 9-digit serial and a Luhn check digit: 13 digits. */
  private newAccountNumber(): string {
    for (;;) {
      const body = `392${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
      const number = `${body}${luhnDigit(body)}`;
      if (![...this.accounts.values()].some((a) => a.accountNumber === number)) return number;
    }
  }

  // ---- transfers ----

  /** The sandbox: money arrives on a virtual account from outside. */
  incoming(req: BankSandboxIncoming): SimTransfer {
    const currency = req.currency.toUpperCase();
    if (!(PARTNER_BANK_CURRENCIES as readonly string[]).includes(currency))
      throw new BankSimError(400, `the bank takes USD and EUR only, not ${currency}`);
    if (/^0*(\.0*)?$/.test(req.amount)) throw new BankSimError(400, 'amount must be positive');
    const account = [...this.accounts.values()].find(
      (a) => a.accountNumber === req.accountNumber && a.status === 'OPEN',
    );
    if (!account) throw new BankSimError(404, `no open account ${req.accountNumber}`);
    const at = this.logicalNow();
    const transfer: SimTransfer = {
      transferId: `HPB-IN-${randomBytes(6).toString('hex').toUpperCase()}`,
      direction: 'IN',
      requestId: null,
      accountNumber: account.accountNumber,
      currency,
      amount: normalise(req.amount),
      counterparty: {
        name: req.payerName,
        accountNumber: req.payerAccountNumber,
        swiftCode: req.payerSwiftCode ?? null,
      },
      state: 'RECEIVED',
      sendAt: null,
      intermediaryFee: null,
      reason: null,
      callbackUrl: null,
      createdAt: at,
      settledAt: at,
    };
    this.transfers.set(transfer.transferId, transfer);
    this.enqueue('deposits', account.callbackBaseUrl, transfer.transferId, {
      eventId: `in-${transfer.transferId}`,
      occurredAt: new Date(at).toISOString(),
      type: 'transfer.received',
      transferId: transfer.transferId,
      accountNumber: account.accountNumber ?? '',
      currency,
      amount: transfer.amount,
      payerName: req.payerName,
      payerAccountNumber: req.payerAccountNumber,
      ...(req.payerBankCode ? { payerBankCode: req.payerBankCode } : {}),
      ...(req.payerSwiftCode ? { payerSwiftCode: req.payerSwiftCode } : {}),
      ...(req.reference ? { reference: req.reference } : {}),
    });
    this.o.log.info({ ...transfer }, 'incoming transfer');
    this.save();
    return transfer;
  }

  /** An outgoing transfer; the same request id answers the same transfer and sends nothing more. */
  sendTransfer(req: BankTransferRequest): { transferId: string } {
    const existing = [...this.transfers.values()].find((t) => t.requestId === req.requestId);
    if (existing) return { transferId: existing.transferId };
    const currency = req.currency.toUpperCase();
    if (!(PARTNER_BANK_CURRENCIES as readonly string[]).includes(currency))
      throw new BankSimError(400, `the bank sends USD and EUR only, not ${currency}`);
    if (/^0*(\.0*)?$/.test(req.amount)) throw new BankSimError(400, 'amount must be positive');
    const at = this.logicalNow();
    const transfer: SimTransfer = {
      transferId: `HPB-OUT-${randomBytes(6).toString('hex').toUpperCase()}`,
      direction: 'OUT',
      requestId: req.requestId,
      accountNumber: req.fromAccountNumber ?? null,
      currency,
      amount: normalise(req.amount),
      counterparty: {
        name: req.beneficiary.name,
        accountNumber: req.beneficiary.accountNumber,
        swiftCode: req.beneficiary.swiftCode,
      },
      state: 'SCHEDULED',
      sendAt: nextSendTime(at),
      intermediaryFee: intermediaryFee(req.requestId, currency),
      reason: null,
      callbackUrl: req.callbackUrl ?? null,
      createdAt: at,
      settledAt: null,
    };
    this.transfers.set(transfer.transferId, transfer);
    this.o.log.info(
      { ...transfer, sendAt: new Date(transfer.sendAt ?? at).toISOString() },
      'outgoing transfer scheduled',
    );
    this.save();
    return { transferId: transfer.transferId };
  }

  /**
   * The exchange refused an incoming transfer: the bank sends it back to the payer's account at
   * once, whole (a return carries no intermediary fee). Idempotent: asked again, the same return.
   */
  returnTransfer(transferId: string, reason: string): { returnId: string } {
    const requestId = `return:${transferId}`;
    const existing = [...this.transfers.values()].find((x) => x.requestId === requestId);
    if (existing) return { returnId: existing.transferId };
    const t = this.transfers.get(transferId);
    if (!t || t.direction !== 'IN')
      throw new BankSimError(404, `no incoming transfer ${transferId}`);
    const at = this.logicalNow();
    t.state = 'RETURNED';
    t.reason = reason;
    const back: SimTransfer = {
      transferId: `HPB-RET-${randomBytes(6).toString('hex').toUpperCase()}`,
      direction: 'OUT',
      requestId,
      accountNumber: t.accountNumber,
      currency: t.currency,
      amount: t.amount,
      counterparty: { ...t.counterparty },
      state: 'SENT',
      sendAt: at,
      intermediaryFee: null,
      reason,
      callbackUrl: null,
      createdAt: at,
      settledAt: at,
    };
    this.transfers.set(back.transferId, back);
    this.o.log.info(
      { transferId, returnId: back.transferId, reason },
      'incoming transfer returned',
    );
    this.save();
    return { returnId: back.transferId };
  }

  /** The bank refuses a scheduled outgoing transfer (a developer's `fail-transfer`). */
  failTransfer(requestId: string, reason: string): SimTransfer {
    const t = [...this.transfers.values()].find((x) => x.requestId === requestId);
    if (!t) throw new BankSimError(404, `no transfer for request ${requestId}`);
    if (t.state !== 'SCHEDULED')
      throw new BankSimError(409, `transfer ${t.transferId} is already ${t.state}`);
    t.state = 'FAILED';
    t.reason = reason;
    t.settledAt = this.logicalNow();
    this.enqueueTransferOutcome(t);
    this.save();
    return t;
  }

  listTransfers(): SimTransfer[] {
    return [...this.transfers.values()].sort((a, b) => b.createdAt - a.createdAt).slice(0, 100);
  }

  private enqueueTransferOutcome(t: SimTransfer): void {
    const occurredAt = new Date(t.settledAt ?? this.logicalNow()).toISOString();
    const body: BankTransferEvent =
      t.state === 'SENT'
        ? {
            eventId: `out-${t.transferId}-sent`,
            occurredAt,
            type: 'transfer.sent',
            transferId: t.transferId,
            requestId: t.requestId ?? '',
            intermediaryFee: t.intermediaryFee ?? '0',
          }
        : {
            eventId: `out-${t.transferId}-failed`,
            occurredAt,
            type: 'transfer.failed',
            transferId: t.transferId,
            requestId: t.requestId ?? '',
            reason: t.reason ?? 'Refused by the bank.',
          };
    const url = t.callbackUrl ?? this.urlOf('transfers', null);
    this.deliveries.push({
      eventId: body.eventId,
      url,
      body,
      lane: t.transferId,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
    });
  }

  // ---- callbacks ----

  private urlOf(family: Family, base: string | null): string {
    return new URL(BANK_CALLBACK_PATHS[family], base ?? this.o.callbackBaseUrl).href;
  }

  private enqueue(family: Family, base: string | null, lane: string, body: Callback): void {
    this.deliveries.push({
      eventId: body.eventId,
      url: this.urlOf(family, base),
      body,
      lane,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
    });
  }

  pendingDeliveries() {
    return this.deliveries.map((d) => ({
      eventId: d.eventId,
      type: d.body.type,
      attempts: d.attempts,
      lastError: d.lastError,
    }));
  }

  private async deliver(d: Delivery): Promise<void> {
    this.delivering.add(d.eventId);
    const text = JSON.stringify(d.body);
    d.attempts += 1;
    try {
      // Signed on real time: the replay window is about the message, not the modelled delays.
      const sent = await postSignedCallback(d.url, text, this.o.secret);
      if (sent.ok) this.deliveries = this.deliveries.filter((x) => x !== d);
      else this.retryLater(d, sent.error);
    } finally {
      this.delivering.delete(d.eventId);
    }
  }

  private retryLater(d: Delivery, error: string): void {
    d.lastError = error;
    const delay = retryDelayMs(d.attempts, this.o.retryBaseMs, this.o.retryMaxMs);
    d.nextAttemptAt = this.now() + delay;
    this.o.log.warn(
      { eventId: d.eventId, attempt: d.attempts, retryInMs: delay, error },
      'bank callback not acknowledged; retrying',
    );
  }

  /** Decides due openings, sends due transfers and delivers due callbacks (in order per lane). */
  async tick(): Promise<void> {
    const now = this.now();
    const logical = this.logicalNow();
    let changed = false;
    for (const account of this.accounts.values())
      if (account.status === 'PENDING' && logical >= account.decideAt) {
        this.decide(account);
        changed = true;
      }
    for (const t of this.transfers.values())
      if (t.state === 'SCHEDULED' && t.sendAt !== null && logical >= t.sendAt) {
        t.state = 'SENT';
        t.settledAt = logical;
        this.enqueueTransferOutcome(t);
        this.o.log.info({ transferId: t.transferId, requestId: t.requestId }, 'transfer sent');
        changed = true;
      }
    const busy = new Set<string>();
    const due: Delivery[] = [];
    for (const d of this.deliveries) {
      if (busy.has(d.lane) || this.delivering.has(d.eventId)) {
        busy.add(d.lane);
        continue;
      }
      busy.add(d.lane);
      if (now >= d.nextAttemptAt) due.push(d);
    }
    await Promise.all(due.map((d) => this.deliver(d)));
    if (changed || due.length) this.save();
  }

  start(intervalMs = 100): void {
    let running = false;
    this.timer = setInterval(() => {
      if (running) return;
      running = true;
      this.tick()
        .catch((err: unknown) => this.o.log.error({ err }, 'bank simulator tick failed'))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.save();
  }

  private load(file: string): void {
    let saved: Saved;
    try {
      saved = JSON.parse(readFileSync(file, 'utf8')) as Saved;
    } catch {
      return;
    }
    for (const a of saved.accounts) this.accounts.set(a.bankReference, a);
    for (const t of saved.transfers) this.transfers.set(t.transferId, t);
    this.deliveries = saved.deliveries.map((d) => ({ ...d, nextAttemptAt: 0 }));
    this.outcomes = saved.outcomes;
    this.clockOffsetMs = saved.clockOffsetMs;
  }

  private save(): void {
    const file = this.o.statePath;
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    const saved: Saved = {
      accounts: [...this.accounts.values()],
      transfers: [...this.transfers.values()],
      deliveries: this.deliveries,
      outcomes: this.outcomes,
      clockOffsetMs: this.clockOffsetMs,
    };
    writeFileSync(`${file}.tmp`, JSON.stringify(saved));
    renameSync(`${file}.tmp`, file);
  }
}

function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** "1.500" -> "1.5", "007" -> "7": one text per amount. */
function normalise(amount: string): string {
  const [whole = '0', frac = ''] = amount.split('.');
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = frac.replace(/0+$/, '');
  return f ? `${w}.${f}` : w;
}
