import type { ApiClient } from './api-client';
import { storeLanguage, withoutLangParam, type LanguageCode } from './language';
import { saveLanguageOnServer } from './session-actions';

/**
 * Changing the language (spec section 4): saved on the server when logged in, saved locally, the
 * `lang` parameter removed from the address, then the page reloads in the new language.
 */
/** The reload of the page, replaceable in tests (the DOM tests cannot navigate). */
export const pageReload = { reload: () => window.location.reload() };

export async function changeLanguage(
  client: ApiClient,
  language: LanguageCode,
  opts: { loggedIn: boolean; reload?: () => void },
): Promise<void> {
  if (opts.loggedIn) await saveLanguageOnServer(client, language).catch(() => undefined);
  storeLanguage(language);
  window.history.replaceState(window.history.state, '', withoutLangParam(window.location.href));
  (opts.reload ?? pageReload.reload)();
}
