import {
  HEADERS,
  MARKET_DATA_ENDPOINTS,
  WALLET_ENDPOINTS,
  balanceItem,
  isVerified,
  securityLevel,
  ticker,
  type Asset,
  type ExchangeRates,
  type RuntimeMode,
  type UserInfo,
} from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { useApiClient } from '../../../lib/api-context';
import { useAssets, usePublicConfig } from '../../../lib/catalogue';
import { call } from '../../../lib/endpoint';
import { useExchangeRates } from '../../../lib/exchange-rates';
import { formatAmount, formatNumber } from '../../../lib/format';
import { useSocketStatus } from '../../../lib/socket/socket-context';
import { useProfile } from '../../../lib/profile';
import { formatWhen, notificationText } from '../../../lib/notification-text';
import { useNotifications } from '../../../lib/notifications';
import { useSecurityStatus } from '../../../lib/security';
import { valueInUsdt } from '../../../lib/wallet-rows';
import { usdtInMainFiat } from '../valuation';
import '../account-centre.css';

/** What balances are first priced in (by the tickers), before the main fiat's exchange rate. */
const PRICING_ASSET = 'USDT';
const MODES = [
  { mode: 0, key: 'real' },
  { mode: 1, key: 'demo' },
  { mode: 2, key: 'trial' },
] as const;
const LEVEL_STEPS = 3;

/** Total value of one mode's balances, priced by that mode's own tickers. */
function useModeValuation(mode: RuntimeMode) {
  const client = useApiClient();
  const headers = { [HEADERS.runtimeMode]: String(mode) };
  return useQuery({
    queryKey: ['overview-valuation', mode] as const,
    queryFn: async ({ signal }) => {
      const [balances, tickers] = await Promise.all([
        call(client, WALLET_ENDPOINTS.balances, balanceItem.array(), {
          signal,
          headers,
          silent: true,
        }),
        call(client, MARKET_DATA_ENDPOINTS.tickers, ticker.array(), {
          signal,
          headers,
          silent: true,
        }),
      ]);
      return balances.reduce((sum, b) => sum + (valueInUsdt(b.asset, b.total, tickers) ?? 0), 0);
    },
    staleTime: 15_000,
  });
}

interface FiatContext {
  mainFiat: string | null | undefined;
  rates: ExchangeRates | undefined;
  fiatAsset: Asset | undefined;
}

/**
 * One mode's total: in the main fiat (the USDT value through the reference exchange rates), the
 * USDT figure under it; in USDT alone while the main fiat or its rate is unknown.
 */
function Valuation({
  mode,
  label,
  fiat,
  onParity,
}: {
  mode: RuntimeMode;
  label: string;
  fiat: FiatContext;
  onParity: (mode: RuntimeMode, parity: boolean) => void;
}) {
  const value = useModeValuation(mode);
  const usdtText =
    value.data === undefined
      ? null
      : `≈ ${formatNumber(value.data.toFixed(8), { decimals: 2 })} ${PRICING_ASSET}`;
  const inFiat =
    value.data === undefined ? null : usdtInMainFiat(value.data, fiat.mainFiat, fiat.rates);
  const parity = inFiat?.usdtAtParity ?? false;
  useEffect(() => onParity(mode, parity), [mode, parity, onParity]);
  const fiatText =
    inFiat === null
      ? null
      : `≈ ${
          fiat.fiatAsset
            ? formatAmount(inFiat.value.toFixed(8), fiat.fiatAsset)
            : `${formatNumber(inFiat.value.toFixed(8), { decimals: 2 })} ${inFiat.fiat}`
        }`;
  return (
    <div className="overview-value" data-testid={`valuation-${mode}`}>
      <span className="muted">{label}</span>
      <span className="overview-value__figures">
        <strong className="num" data-testid={`valuation-${mode}-main`}>
          {fiatText ?? usdtText ?? '-'}
        </strong>
        {fiatText !== null && usdtText !== null && (
          <span className="num muted overview-value__secondary">{usdtText}</span>
        )}
      </span>
    </div>
  );
}

/** The valuation card: the three modes in the main fiat, and how they were estimated. */
function ValuationCard() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const live = useSocketStatus() === 'open';
  const rates = useExchangeRates(live);
  const assets = useAssets();
  const mainFiat = config.data?.mainFiat;
  const fiat: FiatContext = {
    mainFiat,
    rates: rates.data,
    fiatAsset: assets.data?.find((a) => a.code === mainFiat),
  };
  const [parityModes, setParityModes] = useState<readonly RuntimeMode[]>([]);
  const onParity = useCallback((mode: RuntimeMode, parity: boolean) => {
    setParityModes((list) => {
      if (parity === list.includes(mode)) return list;
      return parity ? [...list, mode] : list.filter((m) => m !== mode);
    });
  }, []);
  const converted = Boolean(mainFiat && rates.data);
  return (
    <section className="panel overview-card" aria-labelledby="ov-value">
      <div className="overview-card__head">
        <h2 id="ov-value">{t('overview.valuation.title')}</h2>
      </div>
      {MODES.map((m) => (
        <Valuation
          key={m.mode}
          mode={m.mode}
          label={t(`overview.valuation.${m.key}`)}
          fiat={fiat}
          onParity={onParity}
        />
      ))}
      <p className="muted overview-note">
        {t('overview.valuation.note', {
          fiat: converted && mainFiat ? mainFiat : PRICING_ASSET,
        })}
      </p>
      {parityModes.length > 0 && (
        <p className="muted overview-note" data-testid="valuation-parity">
          {t('overview.valuation.parity')}
        </p>
      )}
    </section>
  );
}

function CopyUid({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button--small button--ghost"
      onClick={() => {
        void navigator.clipboard?.writeText(uid).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? t('overview.copied') : t('overview.copy')}
    </button>
  );
}

function kycState(user: UserInfo): 'verified' | 'optedOut' | 'pending' | 'notChosen' {
  if (isVerified(user)) return 'verified';
  if (user.kycLevel === -1) return 'optedOut';
  if (user.kycLevel === null) return 'notChosen';
  return 'pending';
}

function RecentActivity() {
  const { t, i18n } = useTranslation();
  const recent = useNotifications(1, false, 5);
  const rows = recent.data?.result ?? [];
  return (
    <section className="panel overview-card overview-activity" aria-labelledby="ov-activity">
      <div className="overview-card__head">
        <h2 id="ov-activity">{t('overview.activity.title')}</h2>
        <Link to={PATHS.messageCenter}>{t('overview.activity.all')}</Link>
      </div>
      {rows.length === 0 ? (
        <p className="muted">{t('overview.activity.empty')}</p>
      ) : (
        <ul className="overview-activity__list">
          {rows.map((n) => {
            const text = notificationText(t, n, i18n.language);
            return (
              <li key={n.id}>
                <Link to={`${PATHS.messageCenter}?id=${n.id}`}>
                  <strong>{text.title}</strong>
                  <span className="muted">{text.body}</span>
                </Link>
                <span className="muted overview-activity__when">
                  {formatWhen(n.createdAt, i18n.language)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** /accountCenter: who the user is, what is unlocked and secured, what they hold, what to do. */
export function AccountOverviewPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const security = useSecurityStatus();

  if (profile.isPending) return <LoadingState />;
  if (profile.isError)
    return (
      <ErrorState
        title={t('overview.title')}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  const user = profile.data;
  const kyc = kycState(user);
  const level = securityLevel(user);
  const setUp = (done: boolean | undefined) => (
    <span className={`badge ${done ? 'badge--linked' : 'badge--unlinked'}`}>
      {done ? t('overview.security.set') : t('overview.security.notSet')}
    </span>
  );

  return (
    <div className="account-page account-overview">
      <h1>{t('overview.title')}</h1>
      <section className="panel overview-identity" aria-label={t('overview.title')}>
        <div className="overview-avatar" aria-hidden="true">
          {user.email.slice(0, 1).toUpperCase()}
        </div>
        <div className="overview-identity__main">
          <p className="muted">{t('overview.greeting')}</p>
          <strong className="overview-email" data-testid="overview-email">
            {user.email}
          </strong>
        </div>
        <dl className="overview-facts">
          <div>
            <dt className="muted">{t('overview.uid')}</dt>
            <dd>
              <span className="num" data-testid="overview-uid">
                {user.uid}
              </span>{' '}
              <CopyUid uid={user.uid} />
            </dd>
          </div>
          <div>
            <dt className="muted">{t('overview.accountType')}</dt>
            <dd data-testid="overview-type">
              {t(
                user.entityType === 'INSTITUTION' ? 'overview.institution' : 'overview.individual',
              )}
            </dd>
          </div>
        </dl>
      </section>

      <div className="overview-grid">
        <section className="panel overview-card" aria-labelledby="ov-kyc">
          <div className="overview-card__head">
            <h2 id="ov-kyc">{t('overview.kyc.title')}</h2>
            <span
              className={`badge ${kyc === 'verified' ? 'badge--linked' : 'badge--unlinked'}`}
              data-testid="overview-kyc"
            >
              {kyc === 'verified'
                ? t('overview.kyc.verified', { level: user.kycLevel ?? 0 })
                : t(`overview.kyc.${kyc}`)}
            </span>
          </div>
          <p className="muted">
            {kyc === 'verified'
              ? t('overview.kyc.unlocksVerified')
              : kyc === 'optedOut'
                ? t('overview.kyc.unlocksOptedOut')
                : t('overview.kyc.unlocksPending')}
          </p>
          <Link
            className={`button button--small ${kyc === 'verified' ? 'button--ghost' : 'button--primary'}`}
            to={PATHS.identity}
          >
            {kyc === 'verified' || kyc === 'optedOut'
              ? t('overview.kyc.manage')
              : t('overview.kyc.action')}
          </Link>
        </section>

        <section className="panel overview-card" aria-labelledby="ov-security">
          <div className="overview-card__head">
            <h2 id="ov-security">{t('overview.security.title')}</h2>
            <strong data-testid="overview-security-level">
              {t('overview.security.level', { level, max: LEVEL_STEPS })}
            </strong>
          </div>
          <div className="security-meter" aria-hidden="true">
            {Array.from({ length: LEVEL_STEPS }, (_, i) => (
              <span key={i} className={i < level ? 'is-on' : ''} />
            ))}
          </div>
          <ul className="overview-checks">
            <li>
              {t('overview.security.email')} {setUp(true)}
            </li>
            <li>
              {t('overview.security.password')} {setUp(security.data?.hasPassword)}
            </li>
            <li>
              {t('overview.security.authenticator')} {setUp(security.data?.authenticatorLinked)}
            </li>
          </ul>
          <Link className="button button--small button--ghost" to={PATHS.security}>
            {t('overview.security.manage')}
          </Link>
        </section>

        <ValuationCard />

        <section className="panel overview-card" aria-labelledby="ov-shortcuts">
          <div className="overview-card__head">
            <h2 id="ov-shortcuts">{t('overview.shortcuts.title')}</h2>
          </div>
          <div className="overview-shortcuts">
            <Link className="button button--primary" to={PATHS.cryptoChannel}>
              {t('overview.shortcuts.deposit')}
            </Link>
            <Link className="button button--ghost" to={PATHS.withdrawAssets}>
              {t('overview.shortcuts.withdraw')}
            </Link>
            <Link className="button button--ghost" to={PATHS.tradeSpot}>
              {t('overview.shortcuts.trade')}
            </Link>
            <Link className="button button--ghost" to={`${PATHS.wallet}?type=wallet`}>
              {t('overview.shortcuts.wallet')}
            </Link>
          </div>
        </section>
      </div>
      <RecentActivity />
    </div>
  );
}
