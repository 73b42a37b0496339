import { useTranslation } from 'react-i18next';

/** Shown inside the mobile app after registration: always on a dark background. */
export function RegisterResultPage() {
  const { t } = useTranslation();
  return (
    <main className="mobile-result" data-theme="dark">
      <div className="success__mark" aria-hidden="true">
        ✓
      </div>
      <h1>{t('mobile.registerDone')}</h1>
      <p className="muted">{t('mobile.registerBody')}</p>
    </main>
  );
}
