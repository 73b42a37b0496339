import { isSymbolAvailable } from '@exchange/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS, loginPath, tradePath } from '../../../config/paths';
import { useSymbols } from '../../../lib/catalogue';
import { formatNumber, formatPercent } from '../../../lib/format';
import { useRuntimeMode, useSettings } from '../../../lib/settings';
import { changeDirection } from '../../../lib/ticker';
import { useQuotes } from '../../../lib/use-tickers';
import { useSparkline } from '../../../lib/sparkline';
import { Sparkline } from '../../../components/sparkline';
import { useIsLoggedIn } from '../../../lib/session';
import '../home.css';

const PREVIEW_COUNT = 6;
const FEATURES = ['security', 'rwa', 'demo'] as const;

/** A line of the last day's hourly closes; nothing until the market has traded twice. */
function PreviewSparkline({
  symbol,
  direction,
  redUp,
}: {
  symbol: string;
  direction: 'up' | 'down' | 'flat';
  redUp: boolean;
}) {
  const closes = useSparkline(symbol).data ?? [];
  return <Sparkline values={closes} direction={direction} redUp={redUp} />;
}

function MarketPreview() {
  const { t } = useTranslation();
  const symbols = useSymbols();
  const mode = useRuntimeMode();
  const { redUp } = useSettings();
  const list = useMemo(
    () => (symbols.data ?? []).filter((s) => isSymbolAvailable(s, mode)).slice(0, PREVIEW_COUNT),
    [symbols.data, mode],
  );
  const pairs = useMemo(
    () => list.map((s) => ({ code: s.code, base: s.baseAsset, counter: s.counterAsset })),
    [list],
  );
  const { tickers } = useQuotes(pairs);
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
        <ul className={`preview-grid${redUp ? ' preview-grid--red-up' : ''}`}>
          {list.map((s) => {
            const ticker = tickers[s.code];
            const dir = changeDirection(ticker?.changePercent);
            return (
              <li key={s.code}>
                <Link
                  to={tradePath(s.code)}
                  className="preview-card"
                  data-code={s.code}
                  aria-label={t('markets.tradePair', { pair: `${s.baseAsset}/${s.counterAsset}` })}
                >
                  <span className="preview-card__head">
                    <span className="pair">
                      <span className="pair__base">{s.baseAsset}</span>
                      <span className="pair__counter">/{s.counterAsset}</span>
                    </span>
                    {s.status === 'HALTED' && (
                      <span className="badge badge--halted">{t('markets.halted')}</span>
                    )}
                  </span>
                  <span className="preview-card__price" data-testid="preview-price">
                    {formatNumber(ticker?.last, { decimals: s.counterDecimals })}
                  </span>
                  {ticker?.reference ? (
                    <span
                      className="preview-card__change reference-tag"
                      title={t('markets.referenceHint')}
                    >
                      {t('markets.reference')}
                    </span>
                  ) : (
                    <span className={`preview-card__change change change--${dir}`}>
                      {formatPercent(ticker?.changePercent)}
                    </span>
                  )}
                  <PreviewSparkline symbol={s.code} direction={dir} redUp={redUp} />
                </Link>
              </li>
            );
          })}
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
            <Link
              to={loginPath(undefined, 'register')}
              className="button button--primary button--large"
            >
              {t('landing.start')}
            </Link>
          )}
          <Link to={PATHS.market} className="button button--large">
            {t('landing.explore')}
          </Link>
        </div>
        <svg className="hero__art" viewBox="0 0 400 160" aria-hidden="true" focusable="false">
          <path
            className="hero__area"
            d="M0 130 L50 110 L90 120 L140 80 L190 95 L240 50 L290 70 L340 30 L400 45 L400 160 L0 160 Z"
          />
          <path
            className="hero__line"
            d="M0 130 L50 110 L90 120 L140 80 L190 95 L240 50 L290 70 L340 30 L400 45"
          />
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
