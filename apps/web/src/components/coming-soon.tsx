import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../config/paths';

/** A real route whose screen belongs to a later issue: it says so instead of showing nothing. */
export function ComingSoon({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <section className="coming-soon panel">
      <svg className="coming-soon__art" viewBox="0 0 120 80" aria-hidden="true" focusable="false">
        <rect x="8" y="14" width="104" height="58" rx="8" />
        <path d="M22 56l18-18 14 12 20-24 24 22" />
        <circle cx="96" cy="24" r="5" />
      </svg>
      <span className="badge badge--soon">{t('comingSoon.badge')}</span>
      <h1>{t('comingSoon.title', { name })}</h1>
      <p className="muted">{t('comingSoon.body')}</p>
      <div className="coming-soon__actions">
        <Link to={PATHS.market} className="button button--primary">
          {t('nav.markets')}
        </Link>
        <Link to={PATHS.root} className="button">
          {t('common.goHome')}
        </Link>
      </div>
    </section>
  );
}
