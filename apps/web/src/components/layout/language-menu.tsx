import { LANGUAGES } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../lib/api-context';
import { changeLanguage } from '../../lib/language-change';
import { supportedLanguage } from '../../lib/language';
import { useIsLoggedIn } from '../../lib/session';
import { Dropdown } from '../dropdown';
import { ChevronIcon, GlobeIcon } from '../icons';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const loggedIn = useIsLoggedIn();
  const current = LANGUAGES.find((l) => l.value === i18n.language) ?? LANGUAGES[0];
  return (
    <Dropdown
      label={t('nav.language')}
      className="lang-menu"
      trigger={
        <>
          <GlobeIcon />
          <span className="hide-mobile">{current?.label}</span>
          <ChevronIcon />
        </>
      }
    >
      {(close) => (
        <ul className="menu-list" aria-label={t('nav.language')}>
          {LANGUAGES.map((l) => (
            <li key={l.value}>
              <button
                type="button"
                className="menu-item"
                lang={l.value}
                aria-current={l.value === i18n.language ? 'true' : undefined}
                onClick={() => {
                  close();
                  const code = supportedLanguage(l.value);
                  if (code && code !== i18n.language)
                    void changeLanguage(client, code, { loggedIn });
                }}
              >
                {l.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dropdown>
  );
}
