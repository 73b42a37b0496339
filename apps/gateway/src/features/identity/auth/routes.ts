import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_ENDPOINTS,
  CSRF_HEADER,
  emailCodeRequest,
  emailCodeResponse,
  loginRequest,
  loginResponse,
  loginTotpRequest,
  ok,
  passwordLoginResponse,
  puzzleChallenge,
  puzzleQuery,
  puzzleVerifyRequest,
  puzzleVerifyResponse,
  refreshRequest,
  registerRequest,
  resetPasswordRequest,
} from '@exchange/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { responses } from '../../../lib/route-schemas.js';
import { requireAuth } from '../../../lib/auth-context.js';
import { getProfile } from '../user/user-service.js';
import {
  login,
  loginWithGoogleCode,
  register,
  requestRegisterCode,
  requestResetCode,
  resetPassword,
  type AuthDeps,
  type SecondFactor,
} from './auth-service.js';
import { cookieNames } from '../../../lib/session-cookie-names.js';
import { clearSessionCookies, csrfMatches, setSessionCookies } from './cookies.js';
import { AppError } from '../../../lib/app-error.js';
import { issuePuzzle, verifyPuzzle, type PuzzleDeps } from './puzzle/puzzle-service.js';
import type { IssuedTokens } from './session-service.js';

const tags = ['auth'];
export interface AuthRouteOptions {
  /** The Google Authenticator login step (the security feature's). */
  secondFactor?: SecondFactor;
}

/** Sign-up, sign-in and session, under /v1/auth. */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, opts) => {
  const deps: AuthDeps = {
    secondFactor: opts.secondFactor,
    db: app.db,
    redis: app.redis,
    clock: app.clock,
    env: app.env,
    jobs: app.jobs,
    mailJob: app.mailJob,
    sessions: app.sessions,
  };
  const puzzleDeps: PuzzleDeps = {
    redis: app.redis,
    clock: app.clock,
    maxFailures: app.env.PUZZLE_FAILURES_MAX,
  };
  /**
   * Per-IP limits on the endpoints that check passwords, send mail or issue and check puzzles,
   * below the global limit.
   */
  const strict = {
    rateLimit: { max: app.env.AUTH_RATE_LIMIT_MAX, timeWindow: app.env.RATE_LIMIT_WINDOW_MS },
  };
  const meta = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });

  async function signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    issued: IssuedTokens & { userId: string },
  ) {
    setSessionCookies(reply, app.env, issued);
    const user = await getProfile({ db: app.db, userId: issued.userId, mode: request.runtimeMode });
    return ok({
      token: issued.token,
      refreshToken: issued.refreshToken,
      expiresInSeconds: issued.expiresInSeconds,
      user,
    });
  }

  app.get(
    AUTH_ENDPOINTS.puzzle.path,
    {
      schema: {
        tags,
        summary: 'A slide puzzle for login, registration or password reset',
        querystring: puzzleQuery,
        response: responses(puzzleChallenge),
      },
      config: { ...strict, access: 'public' },
    },
    async (request) =>
      ok(await issuePuzzle(puzzleDeps, { scene: request.query.scene, ip: request.ip })),
  );

  app.post(
    AUTH_ENDPOINTS.puzzleVerify.path,
    {
      schema: {
        tags,
        summary: 'Answer a puzzle with the drag that solved it; one attempt per puzzle',
        body: puzzleVerifyRequest,
        response: responses(puzzleVerifyResponse),
      },
      config: { ...strict, access: 'public' },
    },
    async (request) =>
      ok(await verifyPuzzle(puzzleDeps, { ...request.body, ip: request.ip, log: request.log })),
  );

  app.post(
    AUTH_ENDPOINTS.registerCode.path,
    {
      schema: {
        tags,
        summary: 'E-mail a registration code',
        body: emailCodeRequest,
        response: responses(emailCodeResponse),
      },
      config: { ...strict, access: 'public' },
    },
    async (request) =>
      ok(await requestRegisterCode(deps, { ...request.body, language: request.language })),
  );

  app.post(
    AUTH_ENDPOINTS.register.path,
    {
      schema: {
        tags,
        summary: 'Create an account with the e-mailed code and sign in',
        body: registerRequest,
        response: responses(loginResponse),
      },
      config: { ...strict, access: 'public' },
    },
    async (request, reply) =>
      signedIn(request, reply, await register(deps, request.body, meta(request))),
  );

  app.post(
    AUTH_ENDPOINTS.login.path,
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password (then a Google code when one is linked)',
        description:
          'Answers a session, or, when Google Authenticator is linked, `twoFactorRequired` with a ticket for `login/google` (no session yet).',
        body: loginRequest,
        response: responses(passwordLoginResponse),
      },
      config: { ...strict, access: 'public' },
    },
    async (request, reply) => {
      const outcome = await login(deps, request.body, meta(request));
      if (outcome.kind === 'second-step') {
        return ok({
          twoFactorRequired: true as const,
          ticket: outcome.ticket,
          expiresInSeconds: outcome.expiresInSeconds,
        });
      }
      return signedIn(request, reply, outcome);
    },
  );

  app.post(
    AUTH_ENDPOINTS.loginGoogle.path,
    {
      schema: {
        tags,
        summary: 'Second login step: the ticket of the password step and a Google code',
        body: loginTotpRequest,
        response: responses(loginResponse),
      },
      config: { ...strict, access: 'public' },
    },
    async (request, reply) =>
      signedIn(request, reply, await loginWithGoogleCode(deps, request.body, meta(request))),
  );

  app.post(
    AUTH_ENDPOINTS.refresh.path,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "Rotate the refresh token (from the body, or a browser's refresh cookie); reuse ends the session",
        body: refreshRequest.nullish(),
        response: responses(loginResponse),
      },
    },
    async (request, reply) => {
      const fromBody = request.body?.refreshToken;
      if (fromBody !== undefined)
        return signedIn(request, reply, await app.sessions.refresh(fromBody));
      // A browser's refresh cookie rides along on any request to this path, so it must carry
      // the session's CSRF token like every other cookie-authenticated state change.
      const fromCookie = request.cookies[cookieNames(app.env).refresh] ?? '';
      const csrf = request.headers[CSRF_HEADER];
      const verify = (sessionId: string) => {
        if (typeof csrf !== 'string' || !csrfMatches(app.env, sessionId, csrf))
          throw new AppError('CSRF_FAILED');
      };
      return signedIn(request, reply, await app.sessions.refresh(fromCookie, { verify }));
    },
  );

  app.post(
    AUTH_ENDPOINTS.resetCode.path,
    {
      schema: {
        tags,
        summary: 'E-mail a password reset code (same answer for unknown addresses)',
        body: emailCodeRequest,
        response: responses(emailCodeResponse),
      },
      config: { ...strict, access: 'public' },
    },
    async (request) =>
      ok(await requestResetCode(deps, { ...request.body, language: request.language })),
  );

  app.post(
    AUTH_ENDPOINTS.reset.path,
    {
      schema: {
        tags,
        summary: 'Set a new password with the code; ends every session',
        body: resetPasswordRequest,
        response: responses(z.null()),
      },
      config: { ...strict, access: 'public' },
    },
    async (request, reply) => {
      await resetPassword(deps, request.body, meta(request));
      clearSessionCookies(reply, app.env);
      return ok(null, 'The operation succeeded. Please log in again.');
    },
  );

  app.post(
    AUTH_ENDPOINTS.logout.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'End this session',
        response: responses(z.null()),
      },
    },
    async (request, reply) => {
      await app.sessions.revoke(requireAuth(request).sessionId, 'LOGOUT');
      clearSessionCookies(reply, app.env);
      return ok(null);
    },
  );
};
