import { Decimal } from 'decimal.js';
import { z } from 'zod';
import {
  FlowType,
  PARTNER_BANK_CURRENCIES,
  RuntimeMode,
  cardExpired,
  luhnValid,
  type BankDepositEvent,
  type CardCallbackEvent,
  type FiatDeposit,
} from '@exchange/contracts';
import type { FiatDeposit as FiatDepositRow } from '../../../db/generated/client.js';
import type { Prisma } from '../../../db/client.js';
import type { JobDefinition } from '../../../jobs/jobs.js';
import { AppError } from '../../../lib/app-error.js';
import { markInstitutionStep } from '../../identity/kyc/kyc-service.js';
import { SYSTEM, post } from '../../wallet/ledger/ledger-service.js';
import { announceFiatCredit, announceFiatDeposit, fiatCreditedNotice } from './announce.js';
import { stageNotices, type StagedNotice } from '../../platform/notifications/notify.js';
import { assertAgreementsAccepted, assertFiatDepositor } from './access.js';
import { quoteCard } from './card-fee.js';
import type { FiatDepositDeps } from './fiat-deposit-deps.js';
import { toFiatDeposit } from './deposit-view.js';
import { identityNames, payerMatches } from './names.js';

type Tx = Prisma.TransactionClient;

/**
 * Where the processor's confirmation page sends the cardholder back: the card page on the origin
 * the request came from (the exchange may be reached under several names), else the configured one.
 */
function returnUrlFor(configured: string, origin: string | undefined): string {
  if (!origin || !/^https?:\/\/[\w.-]+(:\d+)?$/.test(origin)) return configured;
  return new URL(new URL(configured).pathname, origin).href;
}

const reviewPayload = z.object({ depositId: z.uuid() });
const accountKey = (v: string) => v.replace(/[\s-]/g, '').toUpperCase();

/** Deposits move only on their row's lock: concurrent callbacks and jobs serialise. */
async function lockDeposit(tx: Tx, id: string): Promise<FiatDepositRow | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM fiat_deposit WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return tx.fiatDeposit.findUnique({ where: { id } });
}

/**
 * Records a party's event in the inbox, in the transaction that applies it: false when it was
 * there already (a repeat), so the caller changes nothing. Concurrent repeats wait on the key.
 */
async function firstTime(tx: Tx, party: 'BANK' | 'CARD', eventId: string, type: string) {
  const { count } = await tx.fiatCallbackEvent.createMany({
    data: [{ party, eventId, type }],
    skipDuplicates: true,
  });
  return count === 1;
}

/**
 * Fiat deposits: card charges (with the 3-D Secure confirmation), the bank's incoming transfers,
 * the 1-2 minute risk review as a job, and the credit, once, as ledger flows.
 */
export function createFiatDepositFlow(deps: FiatDepositDeps) {
  const reviewJob: JobDefinition<typeof reviewPayload> = {
    name: 'fiat-deposit-review',
    payload: reviewPayload,
    handle: (p) => review(p.depositId),
  };

  const confirmationJob: JobDefinition<typeof reviewPayload> = {
    name: 'fiat-card-confirmation-window',
    payload: reviewPayload,
    handle: async (p) => {
      await expireConfirmation(p.depositId);
    },
  };

  async function startConfirmationWindow(row: FiatDepositRow): Promise<void> {
    const delayMs = row.actionExpiresAt
      ? Math.max(0, row.actionExpiresAt.getTime() - deps.clock.now())
      : 0;
    await deps.jobs.enqueue(
      confirmationJob,
      { depositId: row.id },
      { delayMs, jobId: `fiat-card-confirmation-${row.id}` },
    );
  }

  /**
   * The end of a card charge's confirmation window: a charge the cardholder has not answered is
   * cancelled at the processor and recorded DECLINED (`authentication_expired`), so a late
   * answer on the processor's page charges nothing. When the cardholder answered first, the
   * processor's callback decides, as always. Returns whether this call declined it.
   */
  async function expireConfirmation(depositId: string): Promise<boolean> {
    const row = await deps.db.fiatDeposit.findUnique({ where: { id: depositId } });
    if (!row || row.state !== 'REQUIRES_ACTION') return false;
    if (row.actionExpiresAt && row.actionExpiresAt.getTime() > deps.clock.now()) {
      await startConfirmationWindow(row);
      return false;
    }
    const answer = await deps.card.cancel(row.externalId);
    if (answer.state !== 'DECLINED') return false;
    const now = deps.clock.date();
    const declined = await deps.db.$transaction(async (tx) => {
      const current = await lockDeposit(tx, row.id);
      if (!current || current.state !== 'REQUIRES_ACTION') return null;
      return tx.fiatDeposit.update({
        where: { id: current.id },
        data: { state: 'DECLINED', reason: 'authentication_expired', updatedAt: now },
      });
    });
    if (!declined) return false;
    deps.log.info({ depositId, chargeId: row.externalId }, 'card confirmation window ended');
    await announceFiatDeposit(deps, declined);
    return true;
  }

  const returnJob: JobDefinition<typeof reviewPayload> = {
    name: 'fiat-deposit-return',
    payload: reviewPayload,
    handle: async (p) => {
      await returnToPayer(p.depositId);
    },
  };

  async function startReturn(row: { id: string }): Promise<void> {
    await deps.jobs.enqueue(
      returnJob,
      { depositId: row.id },
      { jobId: `fiat-deposit-return-${row.id}` },
    );
  }

  /**
   * A refused deposit's money goes back where it came from: a bank transfer is returned to the
   * payer by the bank, a card charge refunded to the card (both idempotent at the party, so a
   * retried job returns once). Nothing was credited, so the ledger does not move. Throws when
   * the party does not answer: the job retries.
   */
  async function returnToPayer(depositId: string): Promise<boolean> {
    const row = await deps.db.fiatDeposit.findUnique({ where: { id: depositId } });
    if (!row || row.state !== 'REFUSED' || row.returnedAt) return false;
    const reason = row.reason ?? 'REFUSED';
    const reference =
      row.channel === 'BANK'
        ? (await deps.bankReturn.returnTransfer(row.externalId, reason)).returnId
        : (await deps.card.refund(row.externalId, reason), row.externalId);
    const now = deps.clock.date();
    const { count } = await deps.db.fiatDeposit.updateMany({
      where: { id: row.id, returnedAt: null },
      data: { returnedAt: now, returnReference: reference, updatedAt: now },
    });
    if (count === 1)
      deps.log.info(
        { depositId, channel: row.channel, reference, reason },
        'refused deposit returned',
      );
    return count === 1;
  }

  function reviewDelay(): number {
    const { min, max } = deps.reviewMs;
    return min + Math.floor(Math.random() * (max - min + 1));
  }

  async function startReview(row: FiatDepositRow): Promise<void> {
    const delayMs = row.reviewDueAt ? Math.max(0, row.reviewDueAt.getTime() - deps.clock.now()) : 0;
    await deps.jobs.enqueue(
      reviewJob,
      { depositId: row.id },
      { delayMs, jobId: `fiat-deposit-review-${row.id}` },
    );
  }

  // ---- card ----

  /**
   * Charges a card. Bad input (number, expiry, CVC, amount, cap) is refused and records nothing;
   * a charge the issuer declines is recorded DECLINED; one that needs the cardholder's
   * confirmation is REQUIRES_ACTION with the processor's page; a charged one goes to REVIEW.
   * The client's request id makes a retry answer the same deposit (the processor charges once).
   */
  async function chargeCard(opts: {
    userId: string;
    mode: RuntimeMode;
    requestId: string;
    currency: string;
    amount: string;
    card: { number: string; expiry: string; cvc: string; holder: string };
    /** The page's origin (the request's Origin header): the confirmation returns the cardholder there. */
    origin?: string | undefined;
  }): Promise<FiatDeposit> {
    await assertFiatDepositor(deps.db, opts.userId, opts.mode);
    await assertAgreementsAccepted(deps.db, opts.userId);
    if (!luhnValid(opts.card.number)) throw new AppError('CARD_NUMBER_INVALID');
    if (cardExpired(opts.card.expiry, deps.clock.date())) throw new AppError('CARD_EXPIRED');
    const terms = await quoteCard(deps.rates, opts.amount, opts.currency);
    const charge = await deps.card.charge({
      requestId: `${opts.userId}:${opts.requestId}`,
      card: opts.card,
      amount: terms.amount,
      currency: opts.currency,
      returnUrl: returnUrlFor(deps.returnUrl, opts.origin),
      callbackUrl: deps.cardCallbackUrl,
    });
    if (charge.status === 'declined') {
      if (charge.declineCode === 'expired_card') throw new AppError('CARD_EXPIRED');
      if (charge.declineCode === 'incorrect_cvc') throw new AppError('CARD_CVC_INVALID');
      if (charge.declineCode === 'invalid_number') throw new AppError('CARD_NUMBER_INVALID');
    }
    const now = deps.clock.date();
    const state =
      charge.status === 'succeeded'
        ? 'REVIEW'
        : charge.status === 'declined'
          ? 'DECLINED'
          : 'REQUIRES_ACTION';
    const { count } = await deps.db.fiatDeposit.createMany({
      data: [
        {
          userId: opts.userId,
          channel: 'CARD',
          externalId: charge.chargeId,
          currency: opts.currency,
          amount: terms.amount,
          fee: terms.fee,
          credited: terms.credited,
          state,
          cardBrand: charge.brand,
          cardLast4: charge.last4,
          reason: state === 'DECLINED' ? (charge.declineCode ?? 'card_declined') : null,
          reviewDueAt: state === 'REVIEW' ? new Date(now.getTime() + reviewDelay()) : null,
          actionUrl: state === 'REQUIRES_ACTION' ? (charge.actionUrl ?? null) : null,
          actionExpiresAt:
            state === 'REQUIRES_ACTION' ? new Date(now.getTime() + deps.confirmationMs) : null,
          createdAt: now,
          updatedAt: now,
        },
      ],
      skipDuplicates: true,
    });
    const row = await deps.db.fiatDeposit.findUniqueOrThrow({
      where: { channel_externalId: { channel: 'CARD', externalId: charge.chargeId } },
    });
    if (row.userId !== opts.userId) throw new AppError('CARD_REQUEST_ID_REUSED');
    if (count === 1) {
      deps.log.info(
        { depositId: row.id, chargeId: charge.chargeId, state, last4: charge.last4 },
        'card deposit charged',
      );
      await announceFiatDeposit(deps, row);
    }
    if (row.state === 'REVIEW') await startReview(row);
    if (row.state === 'REQUIRES_ACTION' && count === 1) await startConfirmationWindow(row);
    return toFiatDeposit(row);
  }

  /** The processor's signed report of a confirmed or cancelled charge: applied once. */
  async function onCardEvent(event: CardCallbackEvent): Promise<{ applied: boolean }> {
    const now = deps.clock.date();
    const row = await deps.db.$transaction(async (tx) => {
      if (!(await firstTime(tx, 'CARD', event.eventId, event.type))) return null;
      const found = await tx.fiatDeposit.findUnique({
        where: { channel_externalId: { channel: 'CARD', externalId: event.chargeId } },
        select: { id: true },
      });
      const current = found ? await lockDeposit(tx, found.id) : null;
      if (!current || current.state !== 'REQUIRES_ACTION') return null;
      return tx.fiatDeposit.update({
        where: { id: current.id },
        data:
          event.type === 'charge.succeeded'
            ? {
                state: 'REVIEW',
                reviewDueAt: new Date(now.getTime() + reviewDelay()),
                updatedAt: now,
              }
            : { state: 'DECLINED', reason: event.reason, updatedAt: now },
      });
    });
    if (!row) return { applied: false };
    await announceFiatDeposit(deps, row);
    if (row.state === 'REVIEW') await startReview(row);
    return { applied: true };
  }

  // ---- bank ----

  /**
   * The bank's `transfer.received` on a virtual account: matched to its owner (an ACTIVE
   * partner-bank account), USD and EUR only, and only from the user's own account (the payer's
   * name must be the verified identity's). Linked to the whitelisted account of that currency
   * when the payer's account is it. A refused transfer is recorded REFUSED with the reason and
   * a job asks the bank to return it to the payer and credits nothing; one to an unknown account is logged and acknowledged.
   */
  async function onBankDeposit(event: BankDepositEvent): Promise<{ applied: boolean }> {
    const account = await deps.db.partnerBankAccount.findUnique({
      where: { accountNumber: event.accountNumber },
    });
    if (!account) {
      deps.log.warn(
        { transferId: event.transferId, accountNumber: event.accountNumber },
        'bank transfer to an unknown virtual account',
      );
      await deps.db.fiatCallbackEvent.createMany({
        data: [{ party: 'BANK', eventId: event.eventId, type: event.type }],
        skipDuplicates: true,
      });
      return { applied: false };
    }
    const userId = account.userId;
    const currency = event.currency.toUpperCase();
    let reason: string | null = null;
    if (account.status !== 'ACTIVE') reason = 'VIRTUAL_ACCOUNT_NOT_ACTIVE';
    else if (!(PARTNER_BANK_CURRENCIES as readonly string[]).includes(currency))
      reason = 'CURRENCY_NOT_SUPPORTED';
    else if (new Decimal(event.amount).lte(0)) reason = 'AMOUNT_INVALID';
    else if (!payerMatches(event.payerName, await identityNames(deps.db, userId)))
      reason = 'PAYER_NAME_MISMATCH';
    const link = await deps.db.bankAccountCurrency.findUnique({
      where: { userId_currency: { userId, currency } },
      include: { bankAccount: true },
    });
    const whitelisted =
      link?.bankAccount.linked &&
      accountKey(link.bankAccount.accountNumber) === accountKey(event.payerAccountNumber)
        ? link.bankAccount
        : null;
    // The exchange's own treasury transfers to its house accounts need no wait for a reviewer
    // (they still pass the same review job and credit the same way), as for crypto deposits.
    const owner = await deps.db.user.findUnique({
      where: { id: userId },
      select: { isHouse: true },
    });
    const waitMs = owner?.isHouse ? 0 : reviewDelay();
    const now = deps.clock.date();
    const row = await deps.db.$transaction(async (tx) => {
      if (!(await firstTime(tx, 'BANK', event.eventId, event.type))) return null;
      const { count } = await tx.fiatDeposit.createMany({
        data: [
          {
            userId,
            channel: 'BANK',
            externalId: event.transferId,
            currency,
            amount: event.amount,
            fee: '0',
            credited: reason ? '0' : event.amount,
            state: reason ? 'REFUSED' : 'REVIEW',
            reason,
            payerName: event.payerName,
            payerAccountNumber: event.payerAccountNumber,
            payerBankCode: event.payerBankCode ?? null,
            payerSwiftCode: event.payerSwiftCode ?? null,
            bankAccountId: whitelisted?.id ?? null,
            reviewDueAt: reason ? null : new Date(now.getTime() + waitMs),
            createdAt: now,
            updatedAt: now,
          },
        ],
        skipDuplicates: true,
      });
      if (count === 0) return null;
      return tx.fiatDeposit.findUniqueOrThrow({
        where: { channel_externalId: { channel: 'BANK', externalId: event.transferId } },
      });
    });
    if (!row) return { applied: false };
    deps.log.info(
      { depositId: row.id, transferId: event.transferId, state: row.state, reason },
      'bank deposit received',
    );
    await announceFiatDeposit(deps, row);
    if (row.state === 'REVIEW') await startReview(row);
    if (row.state === 'REFUSED') await startReturn(row);
    return { applied: true };
  }

  // ---- review and credit ----

  async function review(depositId: string): Promise<void> {
    const row = await deps.db.fiatDeposit.findUnique({ where: { id: depositId } });
    if (!row || row.state !== 'REVIEW') return;
    const verdict = await deps.riskCheck({
      id: row.id,
      userId: row.userId,
      channel: row.channel,
      currency: row.currency,
      amount: row.amount.toFixed(),
    });
    if (verdict.pass) {
      const credited = await credit(depositId);
      if (!credited) return;
      const done = credited.row;
      await announceFiatCredit(deps, done, credited.staged);
      await afterBankCredit(done);
      await deps
        .afterCredit?.(done)
        .catch((err: unknown) => deps.log.error({ err, depositId }, 'after-credit step failed'));
      return;
    }
    const done = await refuse(depositId, verdict.reason);
    if (!done) return;
    await announceFiatDeposit(deps, done);
    if (done.state === 'REFUSED') await startReturn(done);
  }

  /**
   * The credit, on the row's lock: the amount from outside to the user (FIAT_DEPOSIT or
   * CARD_DEPOSIT), and for a card the channel fee from the user to the exchange's fee account
   * (CARD_DEPOSIT_FEE). Each posting balances, so the ledger stays conserved. The user's notice
   * is stored with it (the notifications outbox): never the money without the notice.
   */
  async function credit(
    depositId: string,
  ): Promise<{ row: FiatDepositRow; staged: (StagedNotice | null)[] } | null> {
    const now = deps.clock.date();
    return deps.db.$transaction(async (tx) => {
      const row = await lockDeposit(tx, depositId);
      if (!row || row.state !== 'REVIEW') return null;
      const amount = new Decimal(row.amount.toFixed());
      const fee = new Decimal(row.fee.toFixed());
      const card = row.channel === 'CARD';
      const base = { mode: RuntimeMode.REAL, refType: 'FIAT_DEPOSIT', refId: row.id, at: now };
      const ledgerTxId = await post(tx, {
        ...base,
        flowType: card ? FlowType.CARD_DEPOSIT : FlowType.FIAT_DEPOSIT,
        legs: [
          { accountId: row.userId, asset: row.currency, bucket: 'AVAILABLE', amount },
          {
            accountId: SYSTEM.external,
            asset: row.currency,
            bucket: 'AVAILABLE',
            amount: amount.neg(),
          },
        ],
      });
      if (card && fee.gt(0))
        await post(tx, {
          ...base,
          flowType: FlowType.CARD_DEPOSIT_FEE,
          legs: [
            { accountId: row.userId, asset: row.currency, bucket: 'AVAILABLE', amount: fee.neg() },
            { accountId: SYSTEM.fees, asset: row.currency, bucket: 'AVAILABLE', amount: fee },
          ],
        });
      if (row.bankAccountId)
        await tx.bankAccount.updateMany({
          where: { id: row.bankAccountId, verifiedAt: null },
          data: { verifiedAt: now, updatedAt: now },
        });
      if (row.bankAccountId)
        await tx.bankAccount.updateMany({
          where: { id: row.bankAccountId, firstTransferAt: null },
          data: { firstTransferAt: now, updatedAt: now },
        });
      const updated = await tx.fiatDeposit.update({
        where: { id: row.id },
        data: { state: 'CREDITED', creditedAt: now, ledgerTxId, updatedAt: now },
      });
      const staged = await stageNotices(tx, deps.clock, [fiatCreditedNotice(updated)]);
      return { row: updated, staged };
    });
  }

  async function refuse(depositId: string, reason: string): Promise<FiatDepositRow | null> {
    const now = deps.clock.date();
    const { count } = await deps.db.fiatDeposit.updateMany({
      where: { id: depositId, state: 'REVIEW' },
      data: { state: 'REFUSED', reason, credited: '0', updatedAt: now },
    });
    return count === 1 ? deps.db.fiatDeposit.findUnique({ where: { id: depositId } }) : null;
  }

  /**
   * A bank deposit credited from the whitelisted account: an institution's "deposit any amount"
   * step is done (kyc-service; idempotent, so a later deposit changes nothing).
   */
  async function afterBankCredit(row: FiatDepositRow): Promise<void> {
    if (row.channel !== 'BANK' || !row.bankAccountId) return;
    const app = await deps.db.kycApplication.findUnique({ where: { userId: row.userId } });
    if (app?.kind !== 'INSTITUTION' || app.status !== 'PASS') return;
    try {
      await markInstitutionStep({
        db: deps.db,
        clock: deps.clock,
        userId: row.userId,
        event: 'DEPOSITED',
      });
    } catch (err) {
      deps.log.warn({ err, depositId: row.id }, 'institution deposit step not marked');
    }
  }

  /** At start: deposits under review are queued again (their job ids make it a no-op if queued). */
  async function resume(): Promise<number> {
    const rows = await deps.db.fiatDeposit.findMany({
      where: {
        OR: [
          { state: { in: ['REVIEW', 'REQUIRES_ACTION'] } },
          { state: 'REFUSED', returnedAt: null },
        ],
      },
    });
    for (const row of rows)
      await (row.state === 'REVIEW'
        ? startReview(row)
        : row.state === 'REFUSED'
          ? startReturn(row)
          : startConfirmationWindow(row));
    return rows.length;
  }

  return {
    reviewJob,
    confirmationJob,
    returnJob,
    returnToPayer,
    chargeCard,
    onCardEvent,
    onBankDeposit,
    review,
    expireConfirmation,
    resume,
  };
}
export type FiatDepositFlow = ReturnType<typeof createFiatDepositFlow>;
