import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { KycDecision, KycProviderCallback, KycProviderSubmission } from '@exchange/contracts';
import { automaticDecision, reviewedName } from './decide.js';
import { postSignedCallback, retryDelayMs } from '../callback-delivery.js';

export type ReviewState = 'REVIEWING' | 'WAITING' | 'DECIDED' | 'DELIVERED' | 'UNDELIVERED';

export interface Review {
  reference: string;
  applicationId: string;
  kind: KycProviderSubmission['kind'];
  name: string;
  callbackUrl: string;
  state: ReviewState;
  /** Real time (ms) the review was received and when it decides by itself. */
  receivedAt: number;
  dueAt: number;
  automatic: { decision: KycDecision; reason: string | null } | null;
  callback: KycProviderCallback | null;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
}

export interface KycSimOptions {
  secret: string;
  /** Logical time a review takes (e.g. 60 s), run on the shared clock's TIME_SCALE. */
  reviewMs: number;
  timeScale: number;
  /** Where reviews are kept across restarts; none: memory only. */
  statePath?: string | undefined;
  log: Logger;
  /** Delivery retries: the first after `retryBaseMs`, doubling up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  maxAttempts?: number;
  now?: () => number;
}

/**
 * The simulated KYC vendor: takes applications, decides each after the review time (by the
 * rules of decide.ts, or by command), and tells the exchange through a signed callback, retried
 * with backoff until acknowledged. The decision's event id is fixed when it is made, so every
 * retry is the same event and the exchange applies it once.
 */
export class KycSim {
  private readonly reviews = new Map<string, Review>();
  private readonly delivering = new Set<string>();
  private readonly realStart: number;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(private readonly o: KycSimOptions) {
    this.now = o.now ?? Date.now;
    this.realStart = this.now();
    if (o.statePath) this.load(o.statePath);
  }

  /** Logical time on the shared clock's scale, as the exchange's gateway counts it. */
  private logicalNow(): number {
    return this.realStart + Math.floor((this.now() - this.realStart) * this.o.timeScale);
  }

  receive(s: KycProviderSubmission): Review {
    const existing = this.reviews.get(s.reference);
    if (existing) return existing;
    const automatic = automaticDecision(s);
    const at = this.now();
    const review: Review = {
      reference: s.reference,
      applicationId: s.applicationId,
      kind: s.kind,
      name: reviewedName(s),
      callbackUrl: s.callbackUrl,
      state: automatic ? 'REVIEWING' : 'WAITING',
      receivedAt: at,
      dueAt: at + Math.ceil(this.o.reviewMs / this.o.timeScale),
      automatic,
      callback: null,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
    };
    this.reviews.set(s.reference, review);
    this.o.log.info(
      { applicationId: s.applicationId, reference: s.reference, name: review.name, automatic },
      'KYC application received',
    );
    this.save();
    return review;
  }

  list(): Review[] {
    return [...this.reviews.values()].sort((a, b) => a.receivedAt - b.receivedAt);
  }

  /**
   * A reviewer's decision for the application's open review (by application id or reference);
   * null when there is none left to decide.
   */
  decide(id: string, decision: KycDecision, reason: string | null): Review | null {
    const review = this.list()
      .reverse()
      .find(
        (r) =>
          (r.applicationId === id || r.reference === id) &&
          (r.state === 'REVIEWING' || r.state === 'WAITING'),
      );
    if (!review) return null;
    this.settle(review, decision, decision === 'PASS' ? null : (reason ?? 'Rejected by reviewer.'));
    return review;
  }

  private settle(review: Review, decision: KycDecision, reason: string | null): void {
    review.callback = {
      eventId: randomUUID(),
      applicationId: review.applicationId,
      reference: review.reference,
      decision,
      reason,
      decidedAt: new Date(this.logicalNow()).toISOString(),
    };
    review.state = 'DECIDED';
    review.nextAttemptAt = 0;
    this.o.log.info({ reference: review.reference, decision, reason }, 'KYC review decided');
    this.save();
  }

  /** Decides what is due and delivers what is decided and due for an attempt. */
  async tick(): Promise<void> {
    const now = this.now();
    const deliveries: Promise<void>[] = [];
    for (const review of this.reviews.values()) {
      if (review.state === 'REVIEWING' && review.automatic && now >= review.dueAt)
        this.settle(review, review.automatic.decision, review.automatic.reason);
      if (
        review.state === 'DECIDED' &&
        now >= review.nextAttemptAt &&
        !this.delivering.has(review.reference)
      )
        deliveries.push(this.deliver(review));
    }
    await Promise.all(deliveries);
  }

  private async deliver(review: Review): Promise<void> {
    if (!review.callback) return;
    this.delivering.add(review.reference);
    const body = JSON.stringify(review.callback);
    review.attempts += 1;
    try {
      const sent = await postSignedCallback(review.callbackUrl, body, this.o.secret, this.now());
      if (sent.ok) {
        review.state = 'DELIVERED';
        review.lastError = null;
        this.o.log.info(
          { reference: review.reference, attempts: review.attempts },
          'KYC decision acknowledged',
        );
      } else this.retryLater(review, sent.error);
    } finally {
      this.delivering.delete(review.reference);
      this.save();
    }
  }

  private retryLater(review: Review, error: string): void {
    review.lastError = error;
    const max = this.o.maxAttempts ?? 15;
    if (review.attempts >= max) {
      review.state = 'UNDELIVERED';
      this.o.log.error({ reference: review.reference, error }, 'KYC callback given up');
      return;
    }
    const delay = retryDelayMs(review.attempts, this.o.retryBaseMs, this.o.retryMaxMs);
    review.nextAttemptAt = this.now() + delay;
    this.o.log.warn(
      { reference: review.reference, attempt: review.attempts, retryInMs: delay, error },
      'KYC callback not acknowledged; retrying',
    );
  }

  start(intervalMs = 100): void {
    let running = false;
    this.timer = setInterval(() => {
      if (running) return;
      running = true;
      this.tick()
        .catch((err: unknown) => this.o.log.error({ err }, 'KYC simulator tick failed'))
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
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Review[];
      for (const r of saved) this.reviews.set(r.reference, r);
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
