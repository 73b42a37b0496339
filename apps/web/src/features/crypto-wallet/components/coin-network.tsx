import type { AssetNetwork } from '@exchange/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { availability, type Availability } from '../lib/availability';

/** The coin choice: a select of the coins that have networks. */
export function CoinSelect({
  coins,
  value,
  onChange,
}: {
  coins: readonly string[];
  value: string | null;
  onChange: (coin: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('crypto.coin')}
      </label>
      <div className="field__control">
        <select
          id={id}
          name="coin"
          className="field__input"
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value)}
        >
          {value === null && <option value="">{t('crypto.chooseCoin')}</option>}
          {coins.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function StatusBadge({ network }: { network: AssetNetwork }) {
  const { t } = useTranslation();
  const tone =
    network.coinStatus === 'STABLE' ? 'ok' : network.coinStatus === 'UNSTABLE' ? 'warn' : 'bad';
  return (
    <span className={`crypto-status crypto-status--${tone}`} data-testid="coin-status">
      {t(`crypto.status.${network.coinStatus}`)}
    </span>
  );
}

function ConnectionDot({ network }: { network: AssetNetwork }) {
  const { t } = useTranslation();
  const key = network.connection.toLowerCase() as 'connected' | 'connecting' | 'disconnected';
  return (
    <span className={`crypto-conn crypto-conn--${key}`}>
      <span className="crypto-conn__dot" aria-hidden="true" />
      {t(`crypto.status.${key}`)}
    </span>
  );
}

/**
 * The network choice: one card per network with its coin status and connection; a network that
 * cannot be used now can still be chosen, and the notice under it says why.
 */
export function NetworkChoice({
  networks,
  value,
  onChange,
  action,
}: {
  networks: readonly AssetNetwork[];
  value: string | null;
  onChange: (network: string) => void;
  action: 'deposit' | 'withdraw';
}) {
  const { t } = useTranslation();
  const name = useId();
  if (networks.length === 0) return <p className="muted">{t('crypto.noNetworks')}</p>;
  return (
    <fieldset className="crypto-networks">
      <legend className="field__label">{t('crypto.network')}</legend>
      {networks.map((n) => {
        const a = availability(n, action);
        const on = n.network === value;
        return (
          <label
            key={n.network}
            className={`crypto-network${on ? ' crypto-network--on' : ''}${a.allowed ? '' : ' crypto-network--off'}`}
            data-network={n.network}
          >
            <input
              type="radio"
              name={name}
              value={n.network}
              checked={on}
              onChange={() => onChange(n.network)}
            />
            <span className="crypto-network__name">{n.name}</span>
            <span className="crypto-network__meta">
              <StatusBadge network={n} />
              <ConnectionDot network={n} />
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** Why the network cannot be used now, or the unstable warning; nothing when all is well. */
export function AvailabilityNotice({
  network,
  state,
  action,
}: {
  network: AssetNetwork;
  state: Availability;
  action: 'deposit' | 'withdraw';
}) {
  const { t } = useTranslation();
  const what = t(action === 'deposit' ? 'crypto.why.deposits' : 'crypto.why.withdrawals');
  if (state.blocker)
    return (
      <p
        className={`notice${state.blocker === 'connecting' ? '' : ' notice--error'}`}
        role="status"
        data-testid="network-blocked"
      >
        {t(`crypto.why.${state.blocker}`, { network: network.name, action: what })}
      </p>
    );
  if (state.unstable)
    return (
      <p className="notice crypto-notice--warn" role="status" data-testid="network-unstable">
        {t('crypto.why.unstable', { network: network.name })}
      </p>
    );
  return null;
}

export { availability };
