import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANK_CALLBACK_ENDPOINTS,
  FIAT_DEPOSIT_ENDPOINTS,
  acceptFiatAgreementsRequest,
  bankDepositEvent,
  bankDepositInstructions,
  cardCallbackEvent,
  cardDepositPreview,
  cardDepositPreviewQuery,
  cardDepositRequest,
  fiatAgreementStatus,
  fiatDeposit,
  fiatDepositIdParams,
  fiatHistoryExportQuery,
  fiatHistoryItem,
  fiatHistoryQuery,
  ok,
  page,
} from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import { keepRawJsonBody, requireSignedCallback } from '../../../lib/signed-callback.js';
import { acceptAgreements, agreementStatus, assertFiatDepositor } from './access.js';
import { bankInstructions } from './bank-instructions.js';
import { quoteCard } from './card-fee.js';
import type { FiatDepositDeps } from './fiat-deposit-deps.js';
import type { FiatDepositFlow } from './deposit-flow.js';
import { toFiatDeposit } from './deposit-view.js';
import { fiatHistoryCsv, listFiatHistory } from './history.js';

const tags = ['fiat'];
const callbackAck = z.object({ received: z.literal(true), applied: z.boolean() });

export interface FiatDepositRoutesDeps {
  deps: FiatDepositDeps;
  flow: FiatDepositFlow;
  card: { secret: string; windowSeconds: number };
  bank: { secret: string; windowSeconds: number };
}

/** Agreements, deposits, the fiat history and the parties' deposit callbacks, under /v1/fiat. */
export function fiatDepositRoutes(r: FiatDepositRoutesDeps): FastifyPluginAsyncZod {
  const { deps, flow } = r;
  return async (app) => {
    app.get(
      FIAT_DEPOSIT_ENDPOINTS.agreements.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary:
            'Whether the trust and fund transfer agreements of the current version are accepted',
          response: responses(fiatAgreementStatus),
        },
      },
      async (request) => ok(await agreementStatus(app.db, requireAuth(request).userId)),
    );

    app.post(
      FIAT_DEPOSIT_ENDPOINTS.agree.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Accept agreements of the current version (recorded once with time and IP)',
          body: acceptFiatAgreementsRequest,
          response: responses(fiatAgreementStatus),
        },
      },
      async (request) =>
        ok(
          await acceptAgreements({
            db: app.db,
            clock: app.clock,
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            version: request.body.version,
            kinds: request.body.kinds,
            ip: request.ip,
          }),
        ),
    );

    app.get(
      FIAT_DEPOSIT_ENDPOINTS.bankInstructions.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: "The user's virtual account at the partner bank and what to send to it",
          response: responses(bankDepositInstructions),
        },
      },
      async (request) =>
        ok(
          await bankInstructions({
            db: app.db,
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
          }),
        ),
    );

    app.get(
      FIAT_DEPOSIT_ENDPOINTS.cardPreview.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The card fee (4.7 % + 0.3 USD, up to the cent) and the amount credited',
          querystring: cardDepositPreviewQuery,
          response: responses(cardDepositPreview),
        },
      },
      async (request) => {
        await assertFiatDepositor(app.db, requireAuth(request).userId, request.runtimeMode);
        return ok(await quoteCard(deps.rates, request.query.amount, request.query.currency));
      },
    );

    app.post(
      FIAT_DEPOSIT_ENDPOINTS.cardCharge.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Charge a card (idempotent on requestId); may need a 3-D Secure confirmation',
          body: cardDepositRequest,
          response: responses(fiatDeposit),
        },
      },
      async (request) =>
        ok(
          await flow.chargeCard({
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            ...request.body,
            origin: request.headers.origin,
          }),
        ),
    );

    app.get(
      FIAT_DEPOSIT_ENDPOINTS.deposit.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'One fiat deposit',
          params: fiatDepositIdParams,
          response: responses(fiatDeposit),
        },
      },
      async (request) => {
        const row = await app.db.fiatDeposit.findUnique({ where: { id: request.params.id } });
        if (!row || row.userId !== requireAuth(request).userId)
          throw new AppError('FIAT_DEPOSIT_NOT_FOUND');
        return ok(toFiatDeposit(row));
      },
    );

    app.get(
      FIAT_DEPOSIT_ENDPOINTS.history.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Fiat deposits and withdrawals of the past 6 months, newest first (paged)',
          querystring: fiatHistoryQuery,
          response: responses(page(fiatHistoryItem)),
        },
      },
      async (request) =>
        ok(
          await listFiatHistory({
            db: app.db,
            clock: app.clock,
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            query: request.query,
          }),
        ),
    );

    app.get(
      FIAT_DEPOSIT_ENDPOINTS.historyExport.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The fiat history with the same filters as CSV',
          querystring: fiatHistoryExportQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const csv = await fiatHistoryCsv({
          db: app.db,
          clock: app.clock,
          userId: requireAuth(request).userId,
          mode: request.runtimeMode,
          filters: request.query,
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="fiat-history.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    await app.register(callbackRoutes(r));
  };
}

/** The card processor's and the bank's signed deposit reports, checked over the raw bytes. */
function callbackRoutes(r: FiatDepositRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    keepRawJsonBody(app);
    app.post(
      FIAT_DEPOSIT_ENDPOINTS.cardCallback.path,
      {
        config: { access: 'callback' },
        schema: {
          tags,
          summary: "The card processor's signed report of a confirmed or cancelled charge",
          body: cardCallbackEvent,
          response: responses(callbackAck),
        },
        preValidation: requireSignedCallback({
          party: 'card',
          secret: r.card.secret,
          windowSeconds: r.card.windowSeconds,
          invalid: 'FIAT_CALLBACK_SIGNATURE_INVALID',
          expired: 'FIAT_CALLBACK_EXPIRED',
        }),
      },
      async (request) =>
        ok({ received: true as const, ...(await r.flow.onCardEvent(request.body)) }),
    );
    app.post(
      BANK_CALLBACK_ENDPOINTS.deposits.path,
      {
        config: { access: 'callback' },
        schema: {
          tags,
          summary: "The partner bank's signed report of a transfer received on a virtual account",
          body: bankDepositEvent,
          response: responses(callbackAck),
        },
        preValidation: requireSignedCallback({
          party: 'bank',
          secret: r.bank.secret,
          windowSeconds: r.bank.windowSeconds,
          invalid: 'BANK_CALLBACK_SIGNATURE_INVALID',
          expired: 'BANK_CALLBACK_EXPIRED',
        }),
      },
      async (request) =>
        ok({ received: true as const, ...(await r.flow.onBankDeposit(request.body)) }),
    );
  };
}
