import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';

function LogoMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" />
      <path d="M9 21l5-6 4 4 5-8" />
    </svg>
  );
}

export function AppLayout() {
  const { t } = useTranslation();
  return (
    <div className="app">
      <header className="app-header">
        <div className="app-header__inner container">
          <Link to="/" className="brand" aria-label={t('app.home')}>
            <LogoMark />
            <span className="brand__name">{t('app.brand')}</span>
          </Link>
        </div>
      </header>
      <main className="app-main container">
        <Outlet />
      </main>
    </div>
  );
}
