import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import {
  EXCHANGE_RATES_KEY,
  exchangeRates,
  FILE_UPLOAD_CEILING,
  KYC_ENDPOINTS,
  RuntimeMode,
} from '@exchange/contracts';
import { enabledOutsideProduction, type Env } from './config/env.js';
import { ScaledClock, type Clock } from './lib/clock.js';
import { AppError } from './lib/app-error.js';
import apiDocs from './plugins/api-docs.js';
import auth from './plugins/auth.js';
import blocklist from './plugins/blocklist.js';
import errorHandler, { notFoundHandler } from './plugins/error-handler.js';
import infrastructure from './plugins/infrastructure.js';
import metrics from './plugins/metrics.js';
import requestContext from './plugins/request-context.js';
import requestTimeout from './plugins/request-timeout.js';
import { declareThirdPartyRoutes, requireRouteAccess } from './plugins/route-access.js';
import securityHeaders from './plugins/security-headers.js';
import webClient, { hasWebClient } from './plugins/web-client.js';
import catalogueRoutes from './features/catalogue/routes.js';
import healthRoutes from './features/health/routes.js';
import { reportExchangeMetrics } from './features/health/metrics.js';
import userRoutes from './features/user/routes.js';
import authRoutes from './features/auth/routes.js';
import oidcRoutes from './features/auth/oidc/routes.js';
import { kycRoutes } from './features/kyc/routes.js';
import { HttpKycProvider, type KycProvider } from './features/kyc/kyc-provider.js';
import walletRoutes from './features/wallet/routes.js';
import { registerWithdrawals } from './features/withdrawal/index.js';
import type { BankPort } from './features/fiat-withdrawal/bank-port.js';
import { registerFiatWithdrawals } from './features/fiat-withdrawal/index.js';
import { registerForeignExchange } from './features/foreign-exchange/index.js';
import { registerFlashRemittance } from './features/flash-remittance/index.js';
import type { WithdrawalChain } from './features/withdrawal/deps.js';
import socketPlugin from './features/socket/plugin.js';
import exchangeRateRoutes from './features/exchange-rates/routes.js';
import { orderRoutes } from './features/orders/routes.js';
import { registerOrderOps } from './features/orders/socket-ops.js';
import { createOrderCaches, placeOrder, type OrderDeps } from './features/orders/order-service.js';
import type { CommittedOrders, OrderPath } from './features/orders/index.js';
import { tradableSymbol } from './features/orders/symbol-rules.js';
import { registerRapidBuy } from './features/rapid-buy/index.js';
import { PlacementWriter } from './features/orders/order-store.js';
import { Settlement } from './features/orders/settlement/settlement.js';
import { ShardMap, engineShards } from './features/orders/shard-map.js';
import { Verdicts } from './features/orders/verdicts.js';
import { MarketMaker } from './features/market-maker/market-maker.js';
import { marketSeed } from './features/market-maker/seed.js';
import { backfillChartHistory } from './features/market-data/chart-history.js';
import { simulatedChainTreasury } from './features/market-maker/treasury.js';
import { simulatedBankTreasury } from './features/market-maker/house-bank.js';
import { DepthStore } from './features/market-data/depth-store.js';
import { marketDataSink } from './features/market-data/market-data-service.js';
import { marketDataRoutes, symbolRoutes } from './features/market-data/routes.js';
import newsRoutes from './features/news/routes.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { notify, type NotifyDeps } from './features/notifications/notify.js';
import { orderNotices } from './features/notifications/order-notices.js';
import { newDeviceWatcher } from './features/notifications/new-device.js';
import loggingRoutes from './features/logging/routes.js';
import { securityRoutes } from './features/security/routes.js';
import { cancellationRoutes } from './features/cancellation/routes.js';
import type { CancellationDeps } from './features/cancellation/cancellation-service.js';
import { loginSecondFactor } from './features/security/authenticator-service.js';
import { totpSecretBox, type SecurityDeps } from './features/security/deps.js';
import { assertOwnedFiles, createFiles, fileRoutes } from './features/files/index.js';
import { feeRoutes, reportRoutes } from './features/reports/routes.js';
import { setupCryptoWallet, type CryptoWalletOptions } from './features/crypto-deposit/index.js';
import { setupFiatDeposits, type FiatDepositOptions } from './features/fiat-deposit/index.js';
import { onCatalogueChange } from './lib/catalogue-changes.js';
import { setupFiatBank, type PartnerBank } from './features/fiat-bank/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What `notify` needs (features/notifications/notify.ts): producers call it after commit. */
    notifyDeps: NotifyDeps;
    /** The simulated market (house market makers and taker flow); runs when MARKET_MAKERS. */
    marketMaker: MarketMaker;
    /** The spot order path for other features (features/orders/index.ts). */
    orders: OrderPath;
  }
}

export interface BuildOptions {
  env: Env;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** The KYC provider; default: over HTTP at KYC_PROVIDER_URL. */
  kycProvider?: KycProvider;
  /** The chain adapters (default: over HTTP at CHAIN_API_URL) and the deposit risk check. */
  cryptoWallet?: CryptoWalletOptions;
  /** The chain withdrawals are broadcast to; default: none wired (broadcasting is retried). */
  withdrawalChain?: WithdrawalChain;
  /** The partner bank; default: over HTTP at BANK_API_URL. */
  partnerBank?: PartnerBank;
  /** The partner bank fiat withdrawals are sent through; default: over HTTP at BANK_API_URL. */
  fiatBank?: BankPort;
  /** The card processor (default: over HTTP at CARD_API_URL) and the fiat deposit risk check. */
  fiatDeposit?: FiatDepositOptions;
  /** Extra routes, for tests that need a slow or failing handler (each declares config.access). */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
}

/** Wires the gateway: outside plugins first, then the app's own, then the routes. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { env } = opts;
  const app = Fastify({
    logger: opts.logger ?? {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(env.LOG_FORMAT === 'pretty'
        ? {
            transport: {
              target: 'pino-pretty',
              options: {
                translateTime: 'SYS:HH:MM:ss',
                ignore: 'pid,hostname,reqId',
                singleLine: true,
              },
            },
          }
        : {}),
    },
    bodyLimit: env.BODY_LIMIT_BYTES,
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    // Only the configured proxies may say who the client is: trusting every x-forwarded-for
    // would let any client pick the address its per-IP limits count against.
    trustProxy: env.TRUSTED_PROXIES.length > 0 ? env.TRUSTED_PROXIES : false,
    // What the router does with each spelling of a path. Who may call a route is read from the
    // route it matched (plugins/route-access.ts), so a spelling reaches the same route with the
    // same check, or no route (404), never a looser one:
    // - percent-encoded letters (`/%76%31/...`) are decoded before matching: the same route;
    //   encoded reserved characters (`%2F`, `%3F`, `%23`, `%3B`) are not: no route, or inside
    //   a parameter's value (`/files/a%2Fb` gives id `a/b`);
    // - `?` and `#` both end the path (`#/public/` is read as a query string): the same route;
    // - `//` is not merged (ignoreDuplicateSlashes: false): no route;
    // - `/./` and `/../` are not resolved (neither Node nor the router does): no route;
    // - `;x` stays part of the path (useSemicolonDelimiter: false): no route, or inside a
    //   parameter's value;
    // - a trailing slash is ignored (ignoreTrailingSlash: true): the same route;
    // - upper case is another path (caseSensitive: true): no route.
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: false,
      caseSensitive: true,
      // Read by the router, though missing from its typed options in this version.
      ...({ useSemicolonDelimiter: false } as object),
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Before any route or scope: every route declares who may call it (config.access), or the app
  // does not start. The CORS preflight route is the CORS plugin's own.
  requireRouteAccess(app);
  declareThirdPartyRoutes(app, (route) =>
    route.method === 'OPTIONS' && route.url === '*' ? 'public' : undefined,
  );

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  await app.register(metrics);
  await app.register(infrastructure, { env, clock: opts.clock ?? new ScaledClock(env.TIME_SCALE) });
  await app.register(requestTimeout, {
    timeoutMs: env.REQUEST_TIMEOUT_MS,
    exempt: ['/v1/websocket/'],
  });
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...socketOrigins(env)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: env.CORS_ORIGINS.length ? env.CORS_ORIGINS : false,
    credentials: true,
    allowedHeaders: [
      'authorization',
      'content-type',
      'time-zone',
      'device',
      'client-type',
      'accept-language',
      'runtime-mode',
    ],
  });
  // One per-IP counter for the REST API; the socket handshake and the auth endpoints set their
  // own (route config: a counter per route). The page is never counted: each load is tens of
  // files, and an office behind one NAT would lock itself out of its own scripts and styles.
  await app.register(rateLimit, {
    global: false,
    max: env.RATE_LIMIT_MAX,
    timeWindow: env.RATE_LIMIT_WINDOW_MS,
    redis: app.redis.commands,
    nameSpace: 'rate:',
    skipOnError: true,
    allowList: (request) => !countsAsApi(request),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
  });
  // The API counter runs as the first of the app's own hooks, before the session is looked up:
  // a request the auth hook refuses has cost a database read, so it must count too. (The
  // plugin's global mode adds its hook to each route, and route hooks run after the app's.)
  const apiLimit = app.rateLimit();
  app.addHook('onRequest', async (request, reply) => {
    if (!hasOwnLimit(request)) await apiLimit.call(app, request, reply);
  });
  await app.register(cookie);
  await app.register(multipart, {
    limits: {
      fileSize: FILE_UPLOAD_CEILING.maxBytes,
      files: FILE_UPLOAD_CEILING.maxFiles,
      fields: 50,
    },
  });
  // No permessage-deflate: pushes are framed once and written to many sockets (socket-session.ts).
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024, perMessageDeflate: false },
    // A frame over the limit is the client's fault, not the server's: one warning without a
    // stack (ws has already sent the 1009 close), where the default logs an error with its stack.
    errorHandler: (error, socket, request) => {
      const code = (error as { code?: unknown }).code;
      if (code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')
        request.log.warn({ code, ip: request.ip }, 'socket frame over 64 KiB: connection closed');
      else request.log.error({ err: error }, 'socket error');
      socket.terminate();
    },
  });
  if (enabledOutsideProduction(env, env.API_DOCS)) await app.register(apiDocs);

  await app.register(requestContext);
  await app.register(blocklist);
  await app.register(auth);

  await app.register(healthRoutes);
  await app.register(socketPlugin);
  const notifyDeps: NotifyDeps = {
    db: app.db,
    clock: app.clock,
    fanout: app.socket.fanout,
    jobs: app.jobs,
    mailJob: app.mailJob,
    log: app.log,
  };
  app.decorate('notifyDeps', notifyDeps);
  app.sessions.started = newDeviceWatcher(notifyDeps);
  await app.register(catalogueRoutes);
  const security = securityDeps(app);
  await app.register(authRoutes, {
    secondFactor: loginSecondFactor(security),
  });
  await app.register(oidcRoutes, {
    secondFactor: loginSecondFactor(security),
  });
  await app.register(
    kycRoutes({
      db: app.db,
      clock: app.clock,
      provider:
        opts.kycProvider ??
        new HttpKycProvider({ baseUrl: env.KYC_PROVIDER_URL, secret: env.KYC_CALLBACK_SECRET }),
      callbackUrl:
        env.KYC_CALLBACK_URL ??
        new URL(KYC_ENDPOINTS.providerCallback.path, env.PUBLIC_BASE_URL).href,
      checkFiles: assertOwnedFiles,
      notify: (input) => notify(notifyDeps, input),
      callbackSecret: env.KYC_CALLBACK_SECRET,
      callbackWindowSeconds: env.KYC_CALLBACK_WINDOW_SECONDS,
    }),
  );
  await app.register(walletRoutes);
  await app.register(feeRoutes);
  await app.register(reportRoutes);
  await setupCryptoWallet(app, opts.cryptoWallet);
  await setupFiatDeposits(app, opts.fiatDeposit);
  await registerWithdrawals(app, { chain: opts.withdrawalChain });
  await setupFiatBank(app, { bank: opts.partnerBank });
  await registerFiatWithdrawals(app, { bank: opts.fiatBank });
  await registerForeignExchange(app);
  await registerFlashRemittance(app);
  await trading(app);
  await registerRapidBuy(app);
  await app.register(exchangeRateRoutes);
  await app.register(userRoutes);
  await app.register(securityRoutes(security));
  const cancellation: CancellationDeps = { ...security };
  app.decorate('cancellation', cancellation);
  await app.register(cancellationRoutes(cancellation));
  await app.register(newsRoutes);
  await app.register(notificationRoutes);
  await app.register(loggingRoutes);
  app.decorate('files', createFiles(app));
  await app.register(fileRoutes(app.files));
  if (opts.extraRoutes) await app.register(async (scope) => opts.extraRoutes?.(scope));

  const webRoot = env.WEB_DIST_DIR;
  const serveWeb = hasWebClient(webRoot);
  if (serveWeb) await app.register(webClient, { root: webRoot });
  else if (env.WEB_DIST_DIR)
    app.log.warn({ root: env.WEB_DIST_DIR }, 'web client not built; serving the API only');
  // Unknown API paths count like known ones (a scan is API traffic; the app's hook counts them);
  // page fallbacks do not.
  app.setNotFoundHandler(notFoundHandler({ webClient: serveWeb }));
  return app;
}

/**
 * Security settings: the auth feature's mail and sessions, and the box that seals Authenticator
 * secrets with TOTP_ENCRYPTION_KEY (required in every mode).
 */
function securityDeps(app: FastifyInstance): SecurityDeps {
  return {
    db: app.db,
    redis: app.redis,
    clock: app.clock,
    env: app.env,
    jobs: app.jobs,
    mailJob: app.mailJob,
    sessions: app.sessions,
    box: totpSecretBox(app.env),
    notify: (input) => notify(app.notifyDeps, input),
  };
}

/**
 * Spot trading: the order path (REST and socket ops), settlement of the engine's events, the
 * market data derived from them and the market makers, each given what it uses.
 */
async function trading(app: FastifyInstance): Promise<void> {
  const verdicts = await Verdicts.create(app.redis);
  const depth = new DepthStore(app.redis, app.db);
  const shards = new ShardMap(app.db);
  const deps: OrderDeps = {
    db: app.db,
    sql: app.sql,
    redis: app.redis,
    clock: app.clock,
    env: app.env,
    verdicts,
    placements: new PlacementWriter(app.sql),
    cache: createOrderCaches(),
    depth,
    shards,
  };
  const market = marketDataSink({
    db: app.db,
    clock: app.clock,
    depth,
    fanout: app.socket.fanout,
    refreshMs: app.env.MARKET_REFRESH_MS,
    log: app.log,
  });
  // Told of every committed batch's changed orders: the order notices, and features that follow
  // their own orders (Rapid Buy).
  const settled: ((orders: CommittedOrders) => void)[] = [orderNotices(app.notifyDeps)];
  app.decorate('orders', {
    place: (input) => placeOrder(deps, input),
    depth: (mode, symbol, limit) => depth.snapshot(mode, symbol, limit),
    rules: (mode, symbol) => tradableSymbol(app.db, mode, symbol),
    onSettled: (listener) => {
      settled.push(listener);
    },
  } satisfies OrderPath);
  // One settlement consumer per engine shard of the shard map, each with its own lock, stream,
  // cursor and connection, running side by side: their ledger writes lock balances in one key
  // order and move them by net amounts, so two shards may settle one user's trades at once.
  const settling = app.env.SETTLEMENT
    ? (app.env.SETTLEMENT_SHARDS ?? (await engineShards(app.db)))
    : [];
  const settlements = settling.map(
    (shard) =>
      new Settlement({
        db: app.db,
        sql: app.sql,
        redis: app.redis,
        clock: app.clock,
        shard,
        fanout: app.socket.fanout,
        verdicts,
        market,
        log: app.log.child({ shard }),
        keepEvents: app.env.SETTLEMENT_KEEP_EVENTS,
        onCommitted: (orders) => {
          for (const listener of settled) listener(orders);
        },
      }),
  );
  const marketMaker = new MarketMaker(deps, {
    intervalMs: app.env.MARKET_MAKER_INTERVAL_MS,
    levels: app.env.MARKET_MAKER_LEVELS,
    seed: marketSeed(app.env),
    log: app.log,
    real: enabledOutsideProduction(app.env, app.env.REAL_MARKET_MAKERS)
      ? {
          adapters: app.chain.deps.adapters,
          source: simulatedChainTreasury({
            baseUrl: app.env.CHAIN_API_URL,
            secret: app.env.CHAIN_CALLBACK_SECRET,
          }),
          bank: {
            deps: app.fiatBank.deps,
            source: simulatedBankTreasury({
              baseUrl: app.env.BANK_API_URL,
              secret: app.env.BANK_CALLBACK_SECRET,
            }),
          },
        }
      : undefined,
  });
  app.decorate('marketMaker', marketMaker);
  app.socket.registerSnapshot('orderBook', async (mode, args) =>
    typeof args.symbol === 'string'
      ? { type: 'snapshot', ...(await depth.snapshot(mode, args.symbol)) }
      : null,
  );
  registerOrderOps(app.socket, deps);
  // An operator's catalogue or block-list change applies at once in every gateway.
  const stopWatching = await onCatalogueChange(app.redis, (change) => {
    if (change === 'catalogue') {
      deps.cache.symbols.clear();
      shards.clear();
    } else
      app.blockList
        .refresh()
        .catch((err: unknown) => app.log.warn({ err }, 'block list refresh failed'));
  });
  await app.register(orderRoutes(deps));
  await app.register(marketDataRoutes(depth));
  await app.register(symbolRoutes);
  if (app.env.SETTLEMENT) {
    app.addHook('onReady', async () => {
      for (const settlement of settlements) settlement.start();
    });
    // The exchange-wide series (engine heartbeats, settlement lag, jobs, the ledger audit) come
    // from the process that settles, once, not from every gateway process.
    reportExchangeMetrics(app, app.env.LEDGER_AUDIT_INTERVAL_SECONDS);
  }
  let history: Promise<unknown> = Promise.resolve();
  if (app.env.MARKET_MAKERS)
    app.addHook('onReady', async () => {
      marketMaker.start();
      // The chart history of books that have none, beside the first rounds of quotes: Real's
      // first (a visitor lands there), the other modes' once Real's books are quoted.
      const real = marketMaker.modes.filter((m) => m === RuntimeMode.REAL);
      const others = marketMaker.modes.filter((m) => m !== RuntimeMode.REAL);
      history = backfillFromFeed(app, real)
        .then(() => marketMaker.realQuoted)
        .then(() => backfillFromFeed(app, others))
        .catch((err: unknown) => app.log.warn({ err }, 'chart history not backfilled'));
    });
  app.addHook('onClose', async () => {
    await stopWatching();
    await history;
    await marketMaker.stop();
    await Promise.all(settlements.map((s) => s.stop()));
    await market.flush();
    await verdicts.close();
  });
}

/** Simulated chart history (features/market-data/chart-history.ts) from the feed's latest rates. */
async function backfillFromFeed(app: FastifyInstance, modes: RuntimeMode[]): Promise<void> {
  const raw = await app.redis.commands.get(EXCHANGE_RATES_KEY).catch(() => null);
  const parsed = raw ? exchangeRates.safeParse(JSON.parse(raw)) : null;
  const started = Date.now();
  const r = await backfillChartHistory({
    db: app.db,
    now: app.clock.date(),
    days: app.env.CHART_HISTORY_DAYS,
    seed: marketSeed(app.env),
    modes,
    rates: parsed?.success ? parsed.data.rates : undefined,
  });
  if (r.books) app.log.info({ ...r, ms: Date.now() - started }, 'chart history backfilled');
}

/** Routes with a counter of their own (the socket handshake, the auth endpoints). */
function hasOwnLimit(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as { rateLimit?: unknown } | undefined;
  return config?.rateLimit !== undefined && config.rateLimit !== null;
}

/**
 * The socket's origin beside the page's own: ws or wss of PUBLIC_BASE_URL's host, which browsers
 * that predate CSP 3 do not count as 'self'. No other host may be reached from the page.
 */
function socketOrigins(env: Env): string[] {
  const url = new URL(env.PUBLIC_BASE_URL);
  return [`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`];
}

/**
 * Whether a request counts against the per-IP API limit: anything under /v1 but the docs pages.
 * The matched route's pattern is used when there is one, so an encoded path cannot slip past.
 */
function countsAsApi(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  return path.startsWith('/v1/') && !path.startsWith('/v1/docs');
}
