import { isSymbolAvailable } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS, loginPath } from '../../../config/paths';
import { useSymbols } from '../../../lib/catalogue';
import { useRuntimeMode } from '../../../lib/settings';
import { useIsLoggedIn } from '../../../lib/session';
import '../home.css';

const PREVIEW_COUNT = 6;
const FEATURES = ['security', 'rwa', 'demo'] as const;

function MarketPreview() {
  const { t } = useTranslation();
  const symbols = useSymbols();
  const mode = useRuntimeMode();
  const list = (symbols.data ?? []).filter((s) => isSymbolAvailable(s, mode)).slice(0, PREVIEW_COUNT);
  return (
    <section className="landing__markets" aria-labelledby="top-markets">
      <div className="section-head">
        <h2 id="top-markets">{t('landing.topMarkets')}</h2>
        <Link to={PATHS.market} className="link">
          {t('landing.viewAll')} →
        </Link>
      </div>
      {symbols.isPending ? (
        <div className="preview-grid" aria-busy="true">
          {Array.from({ length: PREVIEW_COUNT }, (_, i) => (
            <div key={i} className="preview-card preview-card--skeleton" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <p className="muted">{t('markets.empty')}</p>
      ) : (
        <ul className="preview-grid">
          {list.map((s) => (
            <li key={s.code}>
              <Link to={PATHS.market} className="preview-card">
                <span className="pair">
                  <span className="pair__base">{s.baseAsset}</span>
                  <span className="pair__counter">/{s.counterAsset}</span>
                </span>
                {s.status === 'HALTED' && <span className="badge badge--halted">{t('markets.halted')}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function LandingPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <div className="landing">
      <section className="hero">
        <p className="hero__eyebrow">{t('landing.eyebrow')}</p>
        <h1 className="hero__title">{t('landing.title')}</h1>
        <p className="hero__body">{t('landing.body')}</p>
        <div className="hero__actions">
          {!loggedIn && (
            <Link to={loginPath(undefined, 'register')} className="button button--primary button--large">
              {t('landing.start')}
            </Link>
          )}
          <Link to={PATHS.market} className="button button--large">
            {t('landing.explore')}
          </Link>
        </div>
        <svg className="hero__art" viewBox="0 0 400 160" aria-hidden="true" focusable="false">
          <path className="hero__area" d="M0 130 L50 110 L90 120 L140 80 L190 95 L240 50 L290 70 L340 30 L400 45 L400 160 L0 160 Z" />
          <path className="hero__line" d="M0 130 L50 110 L90 120 L140 80 L190 95 L240 50 L290 70 L340 30 L400 45" />
        </svg>
      </section>
      <MarketPreview />
      <section aria-labelledby="features-title" className="landing__features">
        <h2 id="features-title">{t('landing.featuresTitle')}</h2>
        <ul className="feature-grid">
          {FEATURES.map((key) => (
            <li key={key} className="feature-card">
              <h3>{t(`landing.features.${key}.title`)}</h3>
              <p className="muted">{t(`landing.features.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
