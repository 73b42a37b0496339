import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LogoMark, MoonIcon, SunIcon } from '../../../components/icons';
import { LanguageMenu } from '../../../components/layout/language-menu';
import { PATHS } from '../../../config/paths';
import { updateSettings, useSettings } from '../../../lib/settings';
import '../auth.css';

/** The auth screens' own frame (their route has no default layout). */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { theme } = useSettings();
  return (
    <div className="auth">
      <header className="auth__bar">
        <Link to={PATHS.root} className="brand" aria-label={t('app.home')}>
          <LogoMark />
          <span className="brand__name">{t('app.brand')}</span>
        </Link>
        <div className="auth__tools">
          <Link to={PATHS.market} className="nav-link hide-mobile">
            {t('nav.markets')}
          </Link>
          <button
            type="button"
            className="icon-button"
            aria-label={theme === 'dark' ? t('nav.themeLight') : t('nav.themeDark')}
            onClick={() => updateSettings({ theme: theme === 'dark' ? 'light' : 'dark' })}
          >
            {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
          </button>
          <LanguageMenu />
        </div>
      </header>
      <main id="main" className="auth__main">
        <section className="auth__card" aria-labelledby="auth-title">
          <h1 id="auth-title" className="auth__title">
            {title}
          </h1>
          {subtitle && <p className="muted auth__subtitle">{subtitle}</p>}
          {children}
        </section>
      </main>
    </div>
  );
}
