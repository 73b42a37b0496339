import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type ErrorLanguage,
  FEES_ENDPOINTS,
  REPORT_ENDPOINTS,
  REPORT_TIME_ZONE,
  RUNTIME_MODE_LABELS,
  type RuntimeMode,
  feeSchedule as feeScheduleSchema,
  feesPaid as feesPaidSchema,
  feesPaidQuery,
  fundFlow,
  fundFlowQuery,
  flowTypesQuery,
  flowTypeList,
  ok,
  page,
  resolveLanguage,
  statementMonthList,
  statementMonths,
  statementQuery,
  statementSummary as statementSummarySchema,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import { flowsCsv, statementCsv } from './csv.js';
import { feeSchedule, feesPaid } from './fee-service.js';
import { flowFilter, listFundFlows, statementSummary, streamFlows } from './report-service.js';
import { flowTypesOf } from './ledger-lines.js';
import { statementPdf } from './statement-pdf.js';

/** The mode a report is for: the query's when given (the pages default to Real), else the header's. */
const modeOf = (request: FastifyRequest, mode: string | undefined): RuntimeMode =>
  mode === undefined ? request.runtimeMode : (Number(mode) as RuntimeMode);

const languageOf = (request: FastifyRequest, lang: string | undefined): ErrorLanguage =>
  resolveLanguage(lang ?? request.headers['accept-language']);

function download(reply: FastifyReply, type: string, filename: string, body: Readable) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

const fileFields = (mode: RuntimeMode) => RUNTIME_MODE_LABELS[mode].word.toLowerCase();

/** `/v1/fees`: the public schedule and the user's fees paid. */
export const feeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['fees'];
  app.get(
    FEES_ENDPOINTS.schedule.path,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The fee schedule: spot symbols of the mode (maker/taker) and every channel',
        response: responses(feeScheduleSchema),
      },
    },
    async (request) =>
      ok(
        await feeSchedule({
          db: app.db,
          mode: request.runtimeMode,
          flashRemittanceRate: app.env.FLASH_REMITTANCE_FEE_RATE,
          ...(app.hasDecorator('withdrawals')
            ? { cryptoWithdrawalRate: app.withdrawals.feeRate().rate.toFixed() }
            : {}),
        }),
      ),
  );

  app.get(
    FEES_ENDPOINTS.paid.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Fees paid per Hong Kong day or month, flow type and asset (6 months)',
        querystring: feesPaidQuery,
        response: responses(feesPaidSchema),
      },
    },
    async (request) =>
      ok(
        await feesPaid({
          db: app.db,
          clock: app.clock,
          userId: requireAuth(request).userId,
          mode: modeOf(request, request.query.mode),
          query: request.query,
        }),
      ),
  );
};

/** `/v1/report`: monthly statements (JSON, CSV, PDF) and the fund flow (paged, CSV). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['report'];
  app.get(
    REPORT_ENDPOINTS.months.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'The months a statement can be asked for (Hong Kong time), newest first',
        response: responses(statementMonthList),
      },
    },
    async (request) => {
      requireAuth(request);
      return ok({ timeZone: REPORT_TIME_ZONE, months: statementMonths(app.clock.date()) });
    },
  );

  app.get(
    REPORT_ENDPOINTS.statement.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'A month: opening balance, credits, debits and closing balance per asset',
        querystring: statementQuery,
        response: responses(statementSummarySchema),
      },
    },
    async (request) => {
      const { summary } = await statementSummary({
        db: app.db,
        clock: app.clock,
        userId: requireAuth(request).userId,
        mode: modeOf(request, request.query.mode),
        month: request.query.month,
      });
      return ok(summary);
    },
  );

  app.get(
    REPORT_ENDPOINTS.statementCsv.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'A month as CSV (RFC 4180, UTF-8 with BOM): opening, every flow, closing',
        querystring: statementQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const mode = modeOf(request, request.query.mode);
      const { summary, filter } = await statementSummary({
        db: app.db,
        clock: app.clock,
        userId: requireAuth(request).userId,
        mode,
        month: request.query.month,
      });
      const language = languageOf(request, request.query.lang);
      return download(
        reply,
        'text/csv; charset=utf-8',
        `statement-${summary.uid}-${summary.month}-${fileFields(mode)}.csv`,
        Readable.from(statementCsv(summary, streamFlows(app.db, filter), language)),
      );
    },
  );

  app.get(
    REPORT_ENDPOINTS.statementPdf.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'A month as a PDF to file: account, period, mode, and per asset every flow',
        querystring: statementQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const mode = modeOf(request, request.query.mode);
      const { summary, filter } = await statementSummary({
        db: app.db,
        clock: app.clock,
        userId: requireAuth(request).userId,
        mode,
        month: request.query.month,
      });
      const doc = statementPdf({
        exchangeName: app.env.EXCHANGE_NAME,
        summary,
        flowsOf: (asset) => streamFlows(app.db, { ...filter, asset }),
        language: languageOf(request, request.query.lang),
      });
      return download(
        reply,
        'application/pdf',
        `statement-${summary.uid}-${summary.month}-${fileFields(mode)}.pdf`,
        doc as unknown as Readable,
      );
    },
  );

  app.get(
    REPORT_ENDPOINTS.flows.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          'Fund flow (asset history): one line per posting, asset and flow, newest first; 6 months',
        querystring: fundFlowQuery,
        response: responses(page(fundFlow)),
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const filter = flowFilter(
        userId,
        modeOf(request, request.query.mode),
        app.clock.date(),
        request.query,
      );
      return ok(await listFundFlows({ db: app.db, filter, query: request.query }));
    },
  );

  app.get(
    REPORT_ENDPOINTS.flowTypes.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          'The flow types of your flows in a mode over the last 6 months, ascending: the choices of the fund-flow filter',
        querystring: flowTypesQuery,
        response: responses(flowTypeList),
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const filter = flowFilter(userId, modeOf(request, request.query.mode), app.clock.date(), {});
      return ok(await flowTypesOf(app.db, filter));
    },
  );

  app.get(
    REPORT_ENDPOINTS.flowsCsv.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'The fund flow of a filter as CSV (oldest first, every line of the range)',
        querystring: fundFlowQuery.omit({ pageNum: true, pageSize: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const mode = modeOf(request, request.query.mode);
      const filter = flowFilter(userId, mode, app.clock.date(), request.query);
      const day = (d: Date) => d.toISOString().slice(0, 10);
      return download(
        reply,
        'text/csv; charset=utf-8',
        `fund-flow-${fileFields(mode)}-${day(filter.from)}-${day(filter.to)}.csv`,
        Readable.from(
          flowsCsv(streamFlows(app.db, filter), languageOf(request, request.query.lang)),
        ),
      );
    },
  );
};
