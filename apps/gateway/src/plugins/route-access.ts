import type { FastifyInstance } from 'fastify';
import { bearerSecurity } from '../lib/route-schemas.js';
import { isSignatureCheck } from '../lib/signed-callback.js';

/**
 * Who may call a route, declared on the route itself (`config: { access }`):
 * - `public`: anyone, no token;
 * - `session`: a signed-in user (a valid session from the bearer token or the browser's cookie);
 * - `callback`: an outside party's signed callback, no token: its handler verifies the HMAC.
 * The auth hook reads it from the route the router matched, never from the URL string.
 */
export const ROUTE_ACCESS = ['public', 'session', 'callback'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (plugins/route-access.ts); every route must declare it. */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route of the app with its declared access, in the order they were added. */
    routeAccess: readonly DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

/** Gives the access of routes that a third-party plugin registers, by method and path. */
type ThirdPartyRule = (route: { method: string; url: string }) => RouteAccess | undefined;

const kThirdParty = Symbol('routeAccess.thirdParty');
type WithRule = { [kThirdParty]?: ThirdPartyRule };

/**
 * Declares the access of routes registered in `scope` (and the scopes inside it) by a
 * third-party plugin, which cannot set a route's config: the API docs UI, the web client's
 * files, the CORS preflight. Routes that declare their own access keep it.
 */
export function declareThirdPartyRoutes(
  scope: FastifyInstance,
  rule: RouteAccess | ThirdPartyRule,
): void {
  // A child scope's instance inherits from its parent's, so the rule reaches inner scopes.
  (scope as unknown as WithRule)[kThirdParty] = typeof rule === 'function' ? rule : () => rule;
}

function isRouteAccess(value: unknown): value is RouteAccess {
  return (ROUTE_ACCESS as readonly unknown[]).includes(value);
}

/**
 * Makes every route declare its access: a route without one (or with an unknown one), or a
 * `callback` route without a `requireSignedCallback` check, stops the app from starting, naming
 * its method and path. The OpenAPI security of the route follows from
 * the declaration (bearer for `session`, none otherwise); a route whose own `schema.security`
 * says otherwise does not start either. Added before any route or scope exists.
 */
export function requireRouteAccess(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  app.decorate('routeAccess', declared);
  app.addHook('onRoute', function (route) {
    const method = [route.method].flat().join(',');
    const url = route.url ?? route.path;
    const rule = (this as unknown as WithRule)[kThirdParty];
    const access: unknown = route.config?.access ?? rule?.({ method, url });
    if (!isRouteAccess(access))
      throw new Error(
        `Route ${method} ${url} declares no access: add config: { access: ${ROUTE_ACCESS.map((a) => `'${a}'`).join(' | ')} }` +
          (access === undefined ? '' : ` (got ${JSON.stringify(access)})`),
      );
    if (access === 'callback' && ![route.preValidation].flat().some(isSignatureCheck))
      throw new Error(
        `Route ${method} ${url} declares access 'callback' but checks no signature: add preValidation: requireSignedCallback(...)`,
      );
    route.config = { ...route.config, access };
    declared.push({ method, url, access });
    const schema = route.schema as { hide?: boolean; security?: unknown[] } | undefined;
    const needsToken = access === 'session';
    if (schema?.security !== undefined && schema.security.length > 0 !== needsToken)
      throw new Error(
        `Route ${method} ${url} declares access '${access}' but its schema.security says ${needsToken ? 'no token' : 'a token'} is needed`,
      );
    if (!schema?.hide)
      route.schema = { ...route.schema, security: needsToken ? bearerSecurity : [] };
  });
}
