import { AUTH_ENDPOINTS, USER_ENDPOINTS, noData } from '@exchange/contracts';
import type { ApiClient } from './api-client';
import { call } from './endpoint';
import { LINKS } from '../config/links';
import { PATHS } from '../config/paths';
import { beginSessionEnd, clearSession } from './session';

/**
 * Logs out: optionally tells the server, clears every token (keeping the last user) and removes
 * the cookies. A failing server call still logs out locally.
 */
export async function logout(
  client: ApiClient,
  opts: { callServer?: boolean } = {},
): Promise<void> {
  beginSessionEnd();
  if (opts.callServer !== false) {
    await call(client, AUTH_ENDPOINTS.logout, noData, { silent: true }).catch(() => undefined);
  }
  clearSession();
}

/** The separate authentication site (this client's own login page in development). */
export function authSiteLoginUrl(): string {
  return `${LINKS.authSite}${PATHS.login}`;
}

export function saveLanguageOnServer(client: ApiClient, language: string): Promise<unknown> {
  return call(client, USER_ENDPOINTS.changeLanguage, noData, { query: { language }, silent: true });
}
