import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  SECURITY_ENDPOINTS,
  authenticatorLinkRequest,
  authenticatorSetupResponse,
  authenticatorUnlinkRequest,
  changeEmailRequest,
  changePasswordRequest,
  emailCodeResponse,
  ok,
  securityEmailCodeRequest,
  securityStatus,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import { clearSessionCookies } from '../auth/cookies.js';
import {
  changeEmail,
  changePassword,
  requestSecurityCode,
  securityStatus as statusOf,
} from './account-service.js';
import {
  linkAuthenticator,
  startAuthenticatorSetup,
  unlinkAuthenticator,
} from './authenticator-service.js';
import type { SecurityDeps } from './security-deps.js';

const tags = ['security'];
const RELOGIN = ErrorCode.OPERATION_SUCCEEDED_RELOGIN.message;

/** Security settings of the signed-in user, under /v1/security. */
export function securityRoutes(deps: SecurityDeps): FastifyPluginAsyncZod {
  return async (app) => {
    /** Endpoints that check a password or a code, or send mail: the stricter per-IP limit. */
    const strict = {
      rateLimit: { max: app.env.AUTH_RATE_LIMIT_MAX, timeWindow: app.env.RATE_LIMIT_WINDOW_MS },
    };
    app.get(
      SECURITY_ENDPOINTS.status.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Each method, the security level and the lock',
          response: responses(securityStatus),
        },
      },
      async (request) => ok(await statusOf(deps, requireAuth(request).userId)),
    );

    app.post(
      SECURITY_ENDPOINTS.emailCode.path,
      {
        schema: {
          tags,
          summary: 'E-mail a code for a security action',
          body: securityEmailCodeRequest,
          response: responses(emailCodeResponse),
        },
        config: { ...strict, access: 'session' },
      },
      async (request) =>
        ok(await requestSecurityCode(deps, requireAuth(request).userId, request.body)),
    );

    app.post(
      SECURITY_ENDPOINTS.authenticatorSetup.path,
      {
        schema: {
          tags,
          summary: 'A new Authenticator secret and its QR code URI',
          response: responses(authenticatorSetupResponse),
        },
        config: { ...strict, access: 'session' },
      },
      async (request) => ok(await startAuthenticatorSetup(deps, requireAuth(request).userId)),
    );

    app.post(
      SECURITY_ENDPOINTS.authenticatorLink.path,
      {
        schema: {
          tags,
          summary: 'Link the Authenticator with a code from it',
          body: authenticatorLinkRequest,
          response: responses(securityStatus),
        },
        config: { ...strict, access: 'session' },
      },
      async (request) => {
        const { userId } = requireAuth(request);
        await linkAuthenticator(deps, userId, request.body);
        return ok(await statusOf(deps, userId));
      },
    );

    app.post(
      SECURITY_ENDPOINTS.authenticatorUnlink.path,
      {
        schema: {
          tags,
          summary: 'Unlink with a Google code and an e-mailed code; starts the 24-hour lock',
          body: authenticatorUnlinkRequest,
          response: responses(securityStatus),
        },
        config: { ...strict, access: 'session' },
      },
      async (request) => {
        const { userId } = requireAuth(request);
        await unlinkAuthenticator(deps, userId, request.body);
        return ok(await statusOf(deps, userId));
      },
    );

    app.post(
      SECURITY_ENDPOINTS.changePassword.path,
      {
        schema: {
          tags,
          summary: 'Change the password; ends every session and starts the 24-hour lock',
          body: changePasswordRequest,
          response: responses(z.null()),
        },
        config: { ...strict, access: 'session' },
      },
      async (request, reply) => {
        await changePassword(deps, requireAuth(request).userId, request.body);
        clearSessionCookies(reply, app.env);
        return ok(null, RELOGIN);
      },
    );

    app.post(
      SECURITY_ENDPOINTS.changeEmail.path,
      {
        schema: {
          tags,
          summary: 'Change the e-mail address; ends every session and starts the 24-hour lock',
          body: changeEmailRequest,
          response: responses(z.null()),
        },
        config: { ...strict, access: 'session' },
      },
      async (request, reply) => {
        await changeEmail(deps, requireAuth(request).userId, request.body);
        clearSessionCookies(reply, app.env);
        return ok(null, RELOGIN);
      },
    );
  };
}
