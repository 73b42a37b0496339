import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { loginPath } from '../config/paths';
import { LogoutNotice } from './logout-notice';

/** What a private page shows to a visitor: its content stays hidden. */
export function LoginRequired() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <section className="coming-soon panel" aria-labelledby="login-required-title">
      <svg className="coming-soon__art" viewBox="0 0 120 80" aria-hidden="true" focusable="false">
        <rect x="38" y="34" width="44" height="36" rx="6" />
        <path d="M48 34v-8a12 12 0 0 1 24 0v8" />
      </svg>
      <h1 id="login-required-title">{t('access.title')}</h1>
      <p className="muted">{t('access.body')}</p>
      <LogoutNotice />
      <div className="coming-soon__actions">
        <Link to={loginPath(here)} className="button button--primary">
          {t('nav.login')}
        </Link>
        <Link to={loginPath(here, 'register')} className="button">
          {t('nav.register')}
        </Link>
      </div>
    </section>
  );
}
