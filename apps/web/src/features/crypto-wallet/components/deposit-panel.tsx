import type { AssetNetwork } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/states';
import { useDepositAddress } from '../api/crypto';
import { availability } from '../lib/availability';
import { useGuide } from '../lib/guide';
import { trimAmount } from '../lib/rules';
import { AvailabilityNotice, CoinSelect, NetworkChoice } from './coin-network';
import { DepositHistory } from './histories';
import { GuideTip } from './guide-tip';
import { QrCode } from './qr-code';
import { useCoinNetwork } from './use-choice';

const QR_SIZE = 168;

/** Deposit: coin, network (with the guidance), then the address with its QR code and terms. */
export function DepositPanel({
  networks,
  wantedCoin,
}: {
  networks: readonly AssetNetwork[];
  wantedCoin: string | null;
}) {
  const { t } = useTranslation();
  const guide = useGuide('deposit');
  const choice = useCoinNetwork(networks, wantedCoin);
  const net = choice.network;
  const state = net ? availability(net, 'deposit') : null;

  return (
    <div className="crypto-panel">
      <section className="panel crypto-form" aria-label={t('crypto.tabs.deposit')}>
        {!guide.seen.flow && (
          <GuideTip
            step="flow"
            text={t('crypto.guide.flow')}
            onDismiss={() => guide.dismiss('flow')}
          />
        )}
        <CoinSelect coins={choice.coins} value={choice.coin} onChange={choice.setCoin} />
        <NetworkChoice
          networks={choice.choices}
          value={net?.network ?? null}
          onChange={choice.setNetwork}
          action="deposit"
        />
        {!guide.seen.netWork && (
          <GuideTip
            step="netWork"
            text={t('crypto.guide.netWork')}
            onDismiss={() => guide.dismiss('netWork')}
          />
        )}
        {net && state && <AvailabilityNotice network={net} state={state} action="deposit" />}
        {net && state?.allowed && (
          <DepositAddressCard
            network={net}
            showGuide={!guide.seen.address}
            onDismissGuide={() => guide.dismiss('address')}
          />
        )}
      </section>
      <DepositHistory />
    </div>
  );
}

function DepositAddressCard({
  network,
  showGuide,
  onDismissGuide,
}: {
  network: AssetNetwork;
  showGuide: boolean;
  onDismissGuide: () => void;
}) {
  const { t } = useTranslation();
  const address = useDepositAddress(network.asset, network.network);
  const [copied, setCopied] = useState<string | null>(null);

  if (address.isPending) return <LoadingState />;
  if (address.isError)
    return (
      <ErrorState
        title={t('crypto.deposit.addressFailed')}
        error={address.error}
        onRetry={() => void address.refetch()}
      />
    );
  const a = address.data;
  const copy = () => {
    void navigator.clipboard
      ?.writeText(a.address)
      .then(() => setCopied(a.address))
      .catch(() => undefined);
  };
  return (
    <div className="crypto-address" data-testid="deposit-address-card">
      {showGuide && (
        <GuideTip
          step="address"
          text={t('crypto.guide.address', { coin: network.asset, network: network.name })}
          onDismiss={onDismissGuide}
        />
      )}
      <div className="crypto-address__body">
        <QrCode text={a.address} size={QR_SIZE} alt={t('crypto.deposit.qrAlt')} />
        <div className="crypto-address__text">
          <span className="muted">{t('crypto.deposit.address')}</span>
          <code className="crypto-address__value" data-testid="deposit-address">
            {a.address}
          </code>
          <button type="button" className="button button--primary button--small" onClick={copy}>
            {copied === a.address ? t('crypto.deposit.copied') : t('crypto.deposit.copy')}
          </button>
        </div>
      </div>
      <dl className="crypto-terms">
        <div>
          <dt>{t('crypto.deposit.minimum')}</dt>
          <dd data-testid="deposit-minimum">
            {trimAmount(a.minDeposit)} {a.asset}
          </dd>
        </div>
        <div>
          <dt>{t('crypto.deposit.confirmations')}</dt>
          <dd data-testid="deposit-confirmations">{a.confirmations}</dd>
        </div>
      </dl>
      <ul className="crypto-notes muted">
        <li>{t('crypto.deposit.minimumNote')}</li>
        <li>{t('crypto.deposit.arrival', { n: a.confirmations })}</li>
        <li>{t('crypto.deposit.freeze')}</li>
      </ul>
    </div>
  );
}
