import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states';

/** Placeholder until notifications exist: a designed empty inbox. */
export function MessageCenterPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <div className="page-head">
        <h1>{t('messages.title')}</h1>
      </div>
      <div className="panel">
        <EmptyState
          title={t('messages.empty')}
          icon={
            <svg className="state__art" viewBox="0 0 64 48" aria-hidden="true" focusable="false">
              <rect x="4" y="6" width="56" height="36" rx="6" />
              <path d="M4 12l28 18 28-18" />
            </svg>
          }
        >
          <p>{t('messages.emptyBody')}</p>
        </EmptyState>
      </div>
    </section>
  );
}
