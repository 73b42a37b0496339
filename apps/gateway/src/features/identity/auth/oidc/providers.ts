import * as oidc from 'openid-client';
import type { OAuthProvider } from '@exchange/contracts';
import type { Env } from '../../../../config/env.js';
import { AppError } from '../../../../lib/app-error.js';

export interface ProviderSettings {
  provider: OAuthProvider;
  issuer: URL;
  clientId: string;
  /**
   * Google: the client secret of the OAuth client. Apple: the "client secret" is a JWT signed
   * (ES256) with the operator's Sign in with Apple key, valid for at most six months; the operator
   * generates it and puts it in OIDC_APPLE_CLIENT_SECRET, and we send it as is.
   */
  clientSecret: string;
  scope: string;
  /** Apple answers with an HTML form POST when the scope asks for the e-mail or the name. */
  responseMode?: 'form_post';
}

const DEFAULTS: Record<OAuthProvider, Pick<ProviderSettings, 'scope' | 'responseMode'>> = {
  google: { scope: 'openid email' },
  apple: { scope: 'openid email name', responseMode: 'form_post' },
};

/** A provider is available only when its issuer, client id and client secret are all set. */
export function providerSettings(env: Env, provider: OAuthProvider): ProviderSettings | undefined {
  const [issuer, clientId, clientSecret] =
    provider === 'google'
      ? [env.OIDC_GOOGLE_ISSUER, env.OIDC_GOOGLE_CLIENT_ID, env.OIDC_GOOGLE_CLIENT_SECRET]
      : [env.OIDC_APPLE_ISSUER, env.OIDC_APPLE_CLIENT_ID, env.OIDC_APPLE_CLIENT_SECRET];
  if (!issuer || !clientId || !clientSecret) return undefined;
  return { provider, issuer: new URL(issuer), clientId, clientSecret, ...DEFAULTS[provider] };
}

/** Where the provider sends the browser back: one fixed address per provider. */
export function redirectUri(env: Env, provider: OAuthProvider): string {
  return `${env.PUBLIC_BASE_URL.replace(/\/+$/, '')}/v1/auth/public/oauth/${provider}/callback`;
}

export interface OidcClients {
  settings(provider: OAuthProvider): ProviderSettings;
  /** The discovered configuration, fetched on first use and cached; a failed discovery is retried next time. */
  config(provider: OAuthProvider): Promise<oidc.Configuration>;
}

export function createOidcClients(env: Env): OidcClients {
  const cache = new Map<OAuthProvider, Promise<oidc.Configuration>>();

  function settings(provider: OAuthProvider): ProviderSettings {
    const found = providerSettings(env, provider);
    if (!found)
      throw new AppError('OAUTH_PROVIDER_UNAVAILABLE', { provider: displayName(provider) });
    return found;
  }

  async function discover(s: ProviderSettings): Promise<oidc.Configuration> {
    // Plain-http issuers exist only in tests and on a developer's machine (a local provider).
    const insecure =
      s.issuer.protocol === 'http:' && (env.NODE_ENV === 'test' || env.NODE_ENV === 'development');
    return oidc.discovery(s.issuer, s.clientId, s.clientSecret, undefined, {
      timeout: 10,
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  }

  return {
    settings,
    async config(provider) {
      const s = settings(provider);
      let pending = cache.get(provider);
      if (!pending) {
        pending = discover(s);
        cache.set(provider, pending);
        void pending.catch(() => cache.delete(provider));
      }
      try {
        return await pending;
      } catch (err) {
        throw new AppError(
          'OAUTH_PROVIDER_UNAVAILABLE',
          { provider: displayName(provider) },
          { cause: err },
        );
      }
    },
  };
}

export function displayName(provider: OAuthProvider): string {
  return provider === 'google' ? 'Google' : 'Apple';
}
