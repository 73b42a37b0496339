import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import {
  TEST_CARDS,
  TEST_CARD_BAD_CVC,
  cardBrand,
  cardExpired,
  luhnValid,
  type CardCallbackEvent,
  type CardChargeRequest,
  type CardChargeResponse,
} from '@exchange/contracts';
import { postSignedCallback, retryDelayMs } from '../callback-delivery.js';
import { SimError } from '../kit/server.js';

export type ChargeState = 'SUCCEEDED' | 'DECLINED' | 'REQUIRES_ACTION' | 'REFUNDED';
export type DeliveryState = 'NONE' | 'PENDING' | 'DELIVERED' | 'UNDELIVERED';

/** A charge as the processor keeps it: never the full number or the CVC, like a real acquirer's log. */
export interface Charge {
  chargeId: string;
  requestId: string;
  /** A hash of the request, so a reused request id with other details is refused. */
  fingerprint: string;
  amount: string;
  currency: string;
  brand: CardChargeResponse['brand'];
  last4: string;
  holder: string;
  state: ChargeState;
  declineCode: string | null;
  returnUrl: string;
  callbackUrl: string | null;
  createdAt: number;
  callback: CardCallbackEvent | null;
  delivery: DeliveryState;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
}

export class CardSimError extends SimError {}

export interface CardSimOptions {
  secret: string;
  /** The processor's own public address: its confirmation pages live under it. */
  publicUrl: string;
  timeScale: number;
  defaultCallbackUrl?: string | undefined;
  statePath?: string | undefined;
  log: Logger;
  retryBaseMs?: number;
  retryMaxMs?: number;
  maxAttempts?: number;
  now?: () => number;
}

/**
 * The simulated card processor (an acquirer's sandbox): charges test cards at once, declines the
 * declined card, and asks for a 3-D Secure style confirmation on its own page for the third; the
 * outcome of a confirmation is told to the exchange by a signed callback, retried with backoff
 * until acknowledged (its event id fixed, so every retry is the same event).
 */
export class CardSim {
  private readonly charges = new Map<string, Charge>();
  private readonly byRequest = new Map<string, string>();
  private readonly delivering = new Set<string>();
  private readonly realStart: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly o: CardSimOptions) {
    this.now = o.now ?? Date.now;
    this.realStart = this.now();
    if (o.statePath) this.load(o.statePath);
  }

  private logicalNow(): number {
    return this.realStart + Math.floor((this.now() - this.realStart) * this.o.timeScale);
  }

  /** `POST /charges`: idempotent on requestId. Invalid number, expired card or bad CVC: 402. */
  charge(req: CardChargeRequest): CardChargeResponse {
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([req.card.number, req.amount, req.currency]))
      .digest('hex');
    const known = this.byRequest.get(req.requestId);
    if (known) {
      const existing = this.charges.get(known);
      if (existing) {
        if (existing.fingerprint !== fingerprint)
          throw new CardSimError(409, 'request id reused with other details');
        return this.view(existing);
      }
    }
    const number = req.card.number;
    let state: ChargeState = 'SUCCEEDED';
    let declineCode: string | null = null;
    if (!luhnValid(number)) [state, declineCode] = ['DECLINED', 'invalid_number'];
    else if (cardExpired(req.card.expiry, new Date(this.logicalNow())))
      [state, declineCode] = ['DECLINED', 'expired_card'];
    else if (req.card.cvc === TEST_CARD_BAD_CVC)
      [state, declineCode] = ['DECLINED', 'incorrect_cvc'];
    else if (number === TEST_CARDS.DECLINED) [state, declineCode] = ['DECLINED', 'card_declined'];
    else if (number === TEST_CARDS.REQUIRES_ACTION) state = 'REQUIRES_ACTION';
    const charge: Charge = {
      chargeId: `ch_${randomUUID().replace(/-/g, '')}`,
      requestId: req.requestId,
      fingerprint,
      amount: req.amount,
      currency: req.currency,
      brand: cardBrand(number),
      last4: number.slice(-4),
      holder: req.card.holder,
      state,
      declineCode,
      returnUrl: req.returnUrl,
      callbackUrl: req.callbackUrl ?? this.o.defaultCallbackUrl ?? null,
      createdAt: this.now(),
      callback: null,
      delivery: 'NONE',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
    };
    this.charges.set(charge.chargeId, charge);
    this.byRequest.set(req.requestId, charge.chargeId);
    this.o.log.info(
      { chargeId: charge.chargeId, amount: req.amount, currency: req.currency, state, declineCode },
      'card charge',
    );
    this.save();
    return this.view(charge);
  }

  view(c: Charge): CardChargeResponse {
    return {
      chargeId: c.chargeId,
      status:
        c.state === 'SUCCEEDED' || c.state === 'REFUNDED'
          ? 'succeeded'
          : c.state === 'DECLINED'
            ? 'declined'
            : 'requires_action',
      ...(c.state === 'REQUIRES_ACTION'
        ? { actionUrl: new URL(`/3ds/${c.chargeId}`, this.o.publicUrl).href }
        : {}),
      ...(c.declineCode ? { declineCode: c.declineCode } : {}),
      brand: c.brand,
      last4: c.last4,
    };
  }

  get(chargeId: string): Charge | undefined {
    return this.charges.get(chargeId);
  }

  list(): Charge[] {
    return [...this.charges.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  /**
   * The cardholder's answer on the confirmation page (or the `confirm` / `decline` command):
   * only a charge still waiting moves; the callback is queued for delivery.
   */
  resolve(chargeId: string, confirm: boolean, reason = 'authentication_cancelled'): Charge {
    const c = this.charges.get(chargeId);
    if (!c) throw new CardSimError(404, `no charge ${chargeId}`);
    if (c.state !== 'REQUIRES_ACTION') return c;
    c.state = confirm ? 'SUCCEEDED' : 'DECLINED';
    c.declineCode = confirm ? null : reason;
    const base = {
      eventId: randomUUID(),
      occurredAt: new Date(this.logicalNow()).toISOString(),
      chargeId: c.chargeId,
      requestId: c.requestId,
      amount: c.amount,
      currency: c.currency,
    };
    c.callback = confirm
      ? { ...base, type: 'charge.succeeded' }
      : { ...base, type: 'charge.declined', reason };
    c.delivery = c.callbackUrl ? 'PENDING' : 'UNDELIVERED';
    c.nextAttemptAt = 0;
    this.o.log.info({ chargeId, confirm }, 'card charge confirmation answered');
    this.save();
    return c;
  }

  /**
   * The merchant refunds a charge it took (its review refused the deposit): the whole amount
   * back to the card. Idempotent: a refunded charge is answered as it is.
   */
  refund(chargeId: string, reason: string): Charge {
    const c = this.charges.get(chargeId);
    if (!c) throw new CardSimError(404, `no charge ${chargeId}`);
    if (c.state === 'REFUNDED') return c;
    if (c.state !== 'SUCCEEDED') throw new CardSimError(409, `charge ${chargeId} is ${c.state}`);
    c.state = 'REFUNDED';
    this.o.log.info({ chargeId, reason }, 'card charge refunded');
    this.save();
    return c;
  }

  /**
   * The merchant cancels a charge still waiting for the cardholder (its confirmation window
   * ended): declined as `authentication_expired`, so a late answer on the page changes nothing.
   * A charge the cardholder already answered is returned as it is.
   */
  cancel(chargeId: string): Charge {
    return this.resolve(chargeId, false, 'authentication_expired');
  }

  async tick(): Promise<void> {
    const now = this.now();
    const due = this.list().filter(
      (c) => c.delivery === 'PENDING' && now >= c.nextAttemptAt && !this.delivering.has(c.chargeId),
    );
    await Promise.all(due.map((c) => this.deliver(c)));
  }

  private async deliver(c: Charge): Promise<void> {
    if (!c.callback || !c.callbackUrl) return;
    this.delivering.add(c.chargeId);
    const body = JSON.stringify(c.callback);
    c.attempts += 1;
    try {
      const sent = await postSignedCallback(c.callbackUrl, body, this.o.secret, this.now());
      if (sent.ok) {
        c.delivery = 'DELIVERED';
        c.lastError = null;
      } else this.retryLater(c, sent.error);
    } finally {
      this.delivering.delete(c.chargeId);
      this.save();
    }
  }

  private retryLater(c: Charge, error: string): void {
    c.lastError = error;
    if (c.attempts >= (this.o.maxAttempts ?? 15)) {
      c.delivery = 'UNDELIVERED';
      this.o.log.error({ chargeId: c.chargeId, error }, 'card callback given up');
      return;
    }
    const delay = retryDelayMs(c.attempts, this.o.retryBaseMs, this.o.retryMaxMs);
    c.nextAttemptAt = this.now() + delay;
    this.o.log.warn(
      { chargeId: c.chargeId, attempt: c.attempts, retryInMs: delay, error },
      'card callback not acknowledged; retrying',
    );
  }

  start(intervalMs = 100): void {
    let running = false;
    this.timer = setInterval(() => {
      if (running) return;
      running = true;
      this.tick()
        .catch((err: unknown) => this.o.log.error({ err }, 'card simulator tick failed'))
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
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Charge[];
      for (const c of saved) {
        this.charges.set(c.chargeId, c);
        this.byRequest.set(c.requestId, c.chargeId);
      }
    } catch {
      // No state yet.
    }
  }

  private save(): void {
    const file = this.o.statePath;
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(this.list()));
    renameSync(`${file}.tmp`, file);
  }
}
