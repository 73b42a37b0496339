import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { FILE_UPLOAD_CEILING } from '@exchange/contracts';
import { enabledOutsideProduction, type Env } from './config/env.js';
import { FEATURES, type FeatureOptions } from './features/index.js';
import { ScaledClock, type Clock } from './lib/clock.js';
import apiDocs from './plugins/api-docs.js';
import apiRateLimit from './plugins/api-rate-limit.js';
import auth from './plugins/auth.js';
import blocklist from './plugins/blocklist.js';
import errorHandler, { notFoundHandler } from './plugins/error-handler.js';
import infrastructure from './plugins/infrastructure.js';
import metrics from './plugins/metrics.js';
import requestContext from './plugins/request-context.js';
import requestTimeout from './plugins/request-timeout.js';
import { declareThirdPartyRoutes, requireRouteAccess } from './plugins/route-access.js';
import securityHeaders, { gatewayHeaders } from './plugins/security-headers.js';
import webClient, { hasWebClient } from './plugins/web-client.js';
import socketTransport from './plugins/websocket.js';

export interface BuildOptions extends FeatureOptions {
  env: Env;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Extra routes, for tests that need a slow or failing handler (each declares config.access). */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
}

/** Wires the gateway: outside plugins first, then the app's own, then the features. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { env, clock, logger, extraRoutes, ...parties } = opts;
  const app = Fastify({
    logger: logger ?? {
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
  await app.register(infrastructure, { env, clock: clock ?? new ScaledClock(env.TIME_SCALE) });
  await app.register(requestTimeout, {
    timeoutMs: env.REQUEST_TIMEOUT_MS,
    exempt: ['/v1/websocket/'],
  });
  await app.register(securityHeaders, gatewayHeaders(env));
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
  await app.register(apiRateLimit);
  await app.register(cookie);
  await app.register(multipart, {
    limits: {
      fileSize: FILE_UPLOAD_CEILING.maxBytes,
      files: FILE_UPLOAD_CEILING.maxFiles,
      fields: 50,
    },
  });
  await app.register(socketTransport);
  if (enabledOutsideProduction(env, env.API_DOCS)) await app.register(apiDocs);

  await app.register(requestContext);
  await app.register(blocklist);
  await app.register(auth);

  for (const feature of FEATURES) await app.register(feature, parties);
  if (extraRoutes) await app.register(async (scope) => extraRoutes(scope));

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
