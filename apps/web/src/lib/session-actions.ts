import { noData } from '@exchange/contracts';
import type { ApiClient } from './api-client';
import { LINKS } from '../config/links';
import { PATHS } from '../config/paths';
import { clearSession } from './session';

export const LOGOUT_PATH = '/v1/auth/oauth/logout';
export const CHANGE_LANGUAGE_PATH = '/v1/user/change-language';

/**
 * Logs out: optionally tells the server, clears every token (keeping the last user) and removes
 * the cookies. A failing server call still logs out locally.
 */
export async function logout(
  client: ApiClient,
  opts: { callServer?: boolean } = {},
): Promise<void> {
  if (opts.callServer !== false) {
    await client
      .request(LOGOUT_PATH, noData, { method: 'POST', silent: true })
      .catch(() => undefined);
  }
  clearSession();
}

/** The separate authentication site (this client's own login page in development). */
export function authSiteLoginUrl(): string {
  return `${LINKS.authSite}${PATHS.login}`;
}

export function saveLanguageOnServer(client: ApiClient, language: string): Promise<unknown> {
  return client.get(CHANGE_LANGUAGE_PATH, noData, { query: { language }, silent: true });
}
