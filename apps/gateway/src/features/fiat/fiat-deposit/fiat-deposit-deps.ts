import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Jobs } from '../../../jobs/jobs.js';
import type { Clock } from '../../../lib/clock.js';
import type { NotifyDeps } from '../../platform/notifications/notify.js';
import type { Fanout } from '../../platform/socket/fanout.js';
import type { CardProcessor } from './card-processor.js';
import type { RateSource } from './card-fee.js';

/**
 * The risk review of a fiat deposit before it is credited (spec section 4: 1-2 minutes). A
 * production deployment plugs its screening in here; the default passes every deposit. A
 * refusal records the deposit REFUSED with the reason and credits nothing.
 */
export type FiatRiskCheck = (deposit: {
  id: string;
  userId: string;
  channel: string;
  currency: string;
  amount: string;
}) => Promise<{ pass: true } | { pass: false; reason: string }>;
/** What a refused bank deposit needs from the partner bank: its money sent back to the payer. */
export interface BankReturnPort {
  returnTransfer(transferId: string, reason: string): Promise<{ returnId: string }>;
}

export const passAllFiat: FiatRiskCheck = () => Promise.resolve({ pass: true });

export interface FiatDepositDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  fanout: Fanout;
  log: FastifyBaseLogger;
  notifyDeps: NotifyDeps;
  rates: RateSource;
  card: CardProcessor;
  /** The partner bank's return of an incoming transfer the exchange refused. */
  bankReturn: BankReturnPort;
  riskCheck: FiatRiskCheck;
  /** Logical milliseconds a card charge waits for the cardholder's confirmation. */
  confirmationMs: number;
  /** Logical milliseconds the review takes, drawn in [min, max]. */
  reviewMs: { min: number; max: number };
  /** Where the processor's confirmation page sends the cardholder back. */
  returnUrl: string;
  /** Where the processor reports a confirmed or cancelled charge. */
  cardCallbackUrl: string;
  /**
   * Called after a credit commits (the partner-bank account's owed fees are deducted from a new
   * USD balance). A failure is logged; the credit stands.
   */
  afterCredit?: (deposit: { userId: string; currency: string }) => Promise<void>;
}
