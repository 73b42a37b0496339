import { memo } from 'react';
import type { Asset } from '@exchange/contracts';
import { marketCapOf } from '@exchange/contracts/decimal';
import { useTranslation } from 'react-i18next';
import { abbreviateNumber, formatDate, formatNumber } from '../../../lib/format';
import { coinOverview } from './coin-overviews';

/** The catalogue's link labels, as translation keys; any other label is shown as it is. */
type LinkKey =
  | 'website'
  | 'whitepaper'
  | 'explorer'
  | 'transparency'
  | 'documentation'
  | 'sourceCode';
const LINK_KEYS: Record<string, LinkKey> = {
  website: 'website',
  whitepaper: 'whitepaper',
  'white paper': 'whitepaper',
  explorer: 'explorer',
  transparency: 'transparency',
  documentation: 'documentation',
  'source code': 'sourceCode',
};

/**
 * The coin info card of the traded asset (trading-account-domain section 2): overview, issue date
 * and price, supplies, market cap (circulating supply x the pair's last price, live with the
 * ticker) and links. Nothing for fiat or an asset without coin info.
 */
function CoinInfoCardView({
  asset,
  quote,
  lastPrice,
}: {
  asset: Asset | undefined;
  quote: string;
  lastPrice: string | null;
}) {
  const { t, i18n } = useTranslation();
  if (!asset) return null;
  const info = asset.coinInfo;
  const cap = marketCapOf(info?.circulatingSupply, lastPrice);
  const overview = coinOverview(asset.code, i18n.language, info?.overview ?? null);
  const supply = (v: string | null | undefined) =>
    v ? `${abbreviateNumber(v)} ${asset.code}` : '-';
  return (
    <section
      className="trade-panel coin-info"
      aria-labelledby="coin-info-title"
      data-testid="coin-info"
    >
      <header className="trade-panel__head">
        <h2 id="coin-info-title">
          {t('screen.coinInfo.title', { asset: asset.code })}{' '}
          <span className="muted coin-info__name">{asset.name}</span>
        </h2>
      </header>
      {info ? (
        <div className="coin-info__body">
          <dl className="coin-info__facts">
            <div>
              <dt>{t('screen.coinInfo.marketCap')}</dt>
              <dd
                data-testid="coin-info-market-cap"
                title={t('screen.coinInfo.marketCapHint', { quote })}
              >
                {cap ? `${abbreviateNumber(cap)} ${quote}` : '-'}
              </dd>
            </div>
            <div>
              <dt>{t('screen.coinInfo.circulatingSupply')}</dt>
              <dd>{supply(info.circulatingSupply)}</dd>
            </div>
            <div>
              <dt>{t('screen.coinInfo.totalSupply')}</dt>
              <dd>{supply(info.totalSupply)}</dd>
            </div>
            <div>
              <dt>{t('screen.coinInfo.maxSupply')}</dt>
              <dd>{info.maxSupply ? supply(info.maxSupply) : t('screen.coinInfo.noMaxSupply')}</dd>
            </div>
            <div>
              <dt>{t('screen.coinInfo.publishTime')}</dt>
              <dd>{formatDate(info.publishTime, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('screen.coinInfo.publishPrice')}</dt>
              <dd>
                {Number(info.publishPrice) > 0 ? `${formatNumber(info.publishPrice)} USD` : '-'}
              </dd>
            </div>
          </dl>
          <div className="coin-info__text">
            {overview && (
              <>
                <h3>{t('screen.coinInfo.overview')}</h3>
                <p>{overview}</p>
              </>
            )}
            {info.links.length > 0 && (
              <>
                <h3>{t('screen.coinInfo.links')}</h3>
                <ul className="coin-info__links">
                  {info.links.map((l) => {
                    const key = LINK_KEYS[l.label.toLowerCase()];
                    return (
                      <li key={l.url}>
                        <a href={l.url} target="_blank" rel="noopener noreferrer">
                          {key ? t(`screen.coinInfo.linkLabels.${key}`) : l.label}
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
          </div>
        </div>
      ) : (
        <p className="muted">{t('screen.coinInfo.empty')}</p>
      )}
    </section>
  );
}

export const CoinInfoCard = memo(CoinInfoCardView);
