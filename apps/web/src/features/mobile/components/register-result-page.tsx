import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { loginPath, PATHS } from '../../../config/paths';
import { closeWebview, openIscatNativePage, shareReferralPoster } from '../../../lib/native-bridge';

/** Shown inside the mobile app after registration: always on a dark background. */
export function RegisterResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const brand = t('app.brand');
  return (
    <section className="mobile-result" aria-labelledby="mobile-result-title">
      <div className="success__mark" aria-hidden="true">
        ✓
      </div>
      <h1 id="mobile-result-title">{t('mobile.registerDone')}</h1>
      <p className="muted">{t('mobile.registerBody')}</p>
      <div className="mobile-result__actions">
        <button type="button" className="button button--primary" onClick={() => closeWebview()}>
          {t('mobile.backToApp')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() =>
            openIscatNativePage({ page: 'trade', path: PATHS.tradeSpot }, (to) => void navigate(to))
          }
        >
          {t('mobile.tradeNow')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() =>
            void shareReferralPoster({
              url: `${window.location.origin}${loginPath(undefined, 'register')}`,
              title: t('mobile.inviteTitle', { brand }),
              text: t('mobile.inviteText', { brand }),
            })
          }
        >
          {t('mobile.invite')}
        </button>
      </div>
    </section>
  );
}
