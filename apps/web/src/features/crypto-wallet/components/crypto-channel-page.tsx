import { RuntimeMode, kycAccessFor, KycPermission } from '@exchange/contracts';
import { OptedOutLimitNote } from '../../../components/opted-out-limit-note';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { useProfile } from '../../../lib/profile';
import { updateSettings, useRuntimeMode } from '../../../lib/settings';
import { useNetworks } from '../api/crypto';
import { coinsOf } from '../lib/availability';
import { DepositPanel } from './deposit-panel';
import { useCryptoLive } from './live';
import { TransferPanel } from './transfer-panel';
import { WithdrawPanel } from './withdraw-panel';
import '../crypto-wallet.css';

const TABS = ['deposit', 'withdraw', 'transfer'] as const;
type Tab = (typeof TABS)[number];
const PERMISSION: Record<Tab, KycPermission> = {
  deposit: KycPermission.CRYPTO_DEPOSIT,
  withdraw: KycPermission.CRYPTO_WITHDRAWAL,
  transfer: KycPermission.INTERNAL_TRANSFER,
};

/** /cryptoChannel: deposit, withdraw and transfer by UID (`?tab=`, `?coin=` preselects a coin). */
export function CryptoChannelPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as Tab)
    : 'deposit';
  const wantedCoin = search.get('coin');
  const mode = useRuntimeMode();

  return (
    <div className="account-page crypto-page">
      <div className="crypto-head">
        <div>
          <h1>{t('crypto.title')}</h1>
          <p className="muted">{t('crypto.subtitle')}</p>
        </div>
        <Link className="button button--small" to={PATHS.address}>
          {t('crypto.whitelistLink')}
        </Link>
      </div>
      <div className="tabs" role="tablist">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`tab${tab === k ? ' tab--active' : ''}`}
            onClick={() => {
              const next = new URLSearchParams(search);
              next.set('tab', k);
              setSearch(next, { replace: true });
            }}
          >
            {t(`crypto.tabs.${k}`)}
          </button>
        ))}
      </div>
      {mode !== RuntimeMode.REAL ? (
        <RealOnly />
      ) : (
        <Allowed tab={tab}>
          <Panels key={tab} tab={tab} wantedCoin={wantedCoin} />
        </Allowed>
      )}
    </div>
  );
}

function RealOnly() {
  const { t } = useTranslation();
  return (
    <div className="panel crypto-gate" data-testid="real-only">
      <h2>{t('crypto.realOnly.title')}</h2>
      <p className="muted">{t('crypto.realOnly.body')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => updateSettings({ runtimeMode: RuntimeMode.REAL })}
      >
        {t('crypto.realOnly.action')}
      </button>
    </div>
  );
}

/** The permission guard's rule, shown before a form the gateway would refuse. */
function Allowed({ tab, children }: { tab: Tab; children: React.ReactNode }) {
  const { t } = useTranslation();
  const profile = useProfile();
  if (profile.isPending) return <LoadingState />;
  const level = profile.data?.kycLevel ?? null;
  const access = kycAccessFor(level, RuntimeMode.REAL, PERMISSION[tab]);
  if (access === 'FULL') return <>{children}</>;
  if (access === 'LIMITED')
    return (
      <>
        <OptedOutLimitNote permission={PERMISSION[tab]} />
        {children}
      </>
    );
  return (
    <div className="panel crypto-gate" data-testid="kyc-needed">
      <h2>{t('crypto.kyc.title')}</h2>
      <p className="muted">{t('crypto.kyc.body')}</p>
      <Link className="button button--primary" to={PATHS.identity}>
        {t('crypto.kyc.action')}
      </Link>
    </div>
  );
}

function Panels({ tab, wantedCoin }: { tab: Tab; wantedCoin: string | null }) {
  const { t } = useTranslation();
  useCryptoLive();
  const networks = useNetworks();
  if (networks.isPending) return <LoadingState />;
  if (networks.isError)
    return (
      <ErrorState
        title={t('crypto.loadFailed')}
        error={networks.error}
        onRetry={() => void networks.refetch()}
      />
    );
  const list = networks.data;
  if (tab === 'deposit') return <DepositPanel networks={list} wantedCoin={wantedCoin} />;
  if (tab === 'withdraw') return <WithdrawPanel networks={list} wantedCoin={wantedCoin} />;
  return <TransferPanel coins={coinsOf(list)} wantedCoin={wantedCoin} />;
}
