import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_ENDPOINTS,
  type OAuthProvider,
  oauthLinkAnswer,
  oauthLinkRequest,
  oauthProvider,
  oauthStartQuery,
  oauthStartResponse,
  ok,
  text,
} from '@exchange/contracts';
import { AppError } from '../../../../lib/app-error.js';
import { responses } from '../../../../lib/route-schemas.js';
import { getProfile } from '../../user/user-service.js';
import { setSessionCookies } from '../cookies.js';
import type { SecondFactor } from '../auth-service.js';
import { completeOidc, linkOidc, startOidc, type OidcDeps } from './oidc-service.js';
import { createOidcClients } from './providers.js';

const tags = ['auth'];
const providerParams = z.strictObject({ provider: oauthProvider });
const callbackDescription =
  'The browser lands here from the provider. Answers 302: to the start page when signed in (cookies set), to ' +
  '`/login?oauthLink=<token>&provider=<provider>` when an existing account must confirm its password, to ' +
  '`/login?googleTicket=<ticket>&redirect_path=<path>` when Google Authenticator is linked (the code step), or to ' +
  '`/login?oauthError=<code>` when the sign-in failed.';

/**
 * Sign in with Google and Apple (OpenID Connect authorization code flow with PKCE), under
 * /v1/auth. Issuers and clients come from configuration; a provider without all three settings
 * answers 2017.
 */
export const oidcRoutes: FastifyPluginAsyncZod<{ secondFactor?: SecondFactor }> = async (
  app,
  opts,
) => {
  const deps: OidcDeps = {
    secondFactor: opts.secondFactor,
    db: app.db,
    redis: app.redis,
    clock: app.clock,
    env: app.env,
    jobs: app.jobs,
    mailJob: app.mailJob,
    sessions: app.sessions,
    oidc: createOidcClients(app.env),
  };
  const strict = {
    rateLimit: { max: app.env.AUTH_RATE_LIMIT_MAX, timeWindow: app.env.RATE_LIMIT_WINDOW_MS },
  };
  const meta = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });

  // Apple's form_post callback; @fastify/formbody is not installed and only this scope needs it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get(
    AUTH_ENDPOINTS.oauthStart.path,
    {
      schema: {
        tags,
        summary: 'Address of the provider sign-in page for the browser to open',
        params: providerParams,
        querystring: oauthStartQuery,
        response: responses(oauthStartResponse),
      },
      config: { ...strict, access: 'public' },
    },
    async (request) =>
      ok(
        await startOidc(
          deps,
          request.params.provider,
          request.query.redirectPath,
          request.language,
        ),
      ),
  );

  /** Never answers an error envelope: the browser is mid-navigation, so every outcome is a redirect. */
  async function callback(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: OAuthProvider,
    params: URLSearchParams,
  ) {
    try {
      const outcome = await completeOidc(deps, provider, params, meta(request));
      if (outcome.kind === 'link') {
        const query = new URLSearchParams({ oauthLink: outcome.linkToken, provider });
        return reply.redirect(`/login?${query.toString()}`, 302);
      }
      if (outcome.kind === 'second-step') {
        const query = new URLSearchParams({
          googleTicket: outcome.ticket,
          redirect_path: outcome.redirectPath,
        });
        return reply.redirect(`/login?${query.toString()}`, 302);
      }
      setSessionCookies(reply, app.env, outcome.issued);
      return reply.redirect(outcome.redirectPath, 302);
    } catch (err) {
      const code = err instanceof AppError ? err.code : 2016;
      if (code === 2016 || code === 2017)
        request.log.info({ err, provider }, 'oauth sign-in failed');
      else request.log.error({ err, provider }, 'oauth sign-in failed');
      return reply.redirect(`/login?oauthError=${code === 2017 ? 2017 : 2016}`, 302);
    }
  }

  app.get(
    AUTH_ENDPOINTS.oauthCallback.path,
    {
      schema: {
        tags,
        summary: 'Return address of the provider (authorization response)',
        description: callbackDescription,
        params: providerParams,
        querystring: z.looseObject({ code: text().optional(), state: text().optional() }),
      },
      config: { ...strict, access: 'public' },
    },
    // The raw query goes to openid-client as the provider sent it (including `iss`).
    async (request, reply) =>
      callback(
        request,
        reply,
        request.params.provider,
        new URLSearchParams(request.url.split('?')[1] ?? ''),
      ),
  );

  app.post(
    AUTH_ENDPOINTS.oauthCallbackPost.path,
    {
      schema: {
        tags,
        summary: 'Return address of the provider with response_mode=form_post (Apple)',
        description: callbackDescription,
        params: providerParams,
        body: z.record(z.string(), text()),
      },
      config: { ...strict, access: 'public' },
    },
    async (request, reply) =>
      callback(request, reply, request.params.provider, new URLSearchParams(request.body)),
  );

  app.post(
    AUTH_ENDPOINTS.oauthLink.path,
    {
      schema: {
        tags,
        summary:
          'Link a provider sign-in to the existing account with its e-mail, confirmed by the password',
        body: oauthLinkRequest,
        response: responses(oauthLinkAnswer),
      },
      config: { ...strict, access: 'public' },
    },
    async (request, reply) => {
      const issued = await linkOidc(deps, request.body, meta(request));
      if (issued.kind === 'second-step') {
        return ok({
          twoFactorRequired: true as const,
          ticket: issued.ticket,
          expiresInSeconds: issued.expiresInSeconds,
          redirectPath: issued.redirectPath,
        });
      }
      setSessionCookies(reply, app.env, issued);
      const user = await getProfile({
        db: app.db,
        userId: issued.userId,
        mode: request.runtimeMode,
      });
      return ok({
        token: issued.token,
        refreshToken: issued.refreshToken,
        expiresInSeconds: issued.expiresInSeconds,
        user,
        redirectPath: issued.redirectPath,
      });
    },
  );
};
