import { PARTNER_BANK_CURRENCIES, RAPID_BUY_PAIR, RuntimeMode } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import {
  PATHS,
  cryptoChannelPath,
  fiatDepositPath,
  fiatWithdrawPath,
  tradePath,
} from '../../../config/paths';
import { useApiClient } from '../../../lib/api-context';
import { useAssets, useSymbols } from '../../../lib/catalogue';
import { networksQuery } from '../../../lib/crypto-networks';
import { formatNumber } from '../../../lib/format';
import { usePrivateUpdates } from '../../../lib/private-updates';
import { useRuntimeMode } from '../../../lib/settings';
import { useTickerList } from '../../../lib/use-tickers';
import { useBalances } from '../../../lib/wallet-balances';
import {
  estimatedTotal,
  readHideZero,
  walletRows,
  writeHideZero,
  type WalletRow,
} from '../../../lib/wallet-rows';
import { AssetLabel } from './asset-badge';
import { ResetFunds } from './reset-funds';
import './wallet.css';

/** An amount in the asset's own decimals, rounded down (a balance is never shown larger than it is). */
const amount = (row: WalletRow, value: string) =>
  formatNumber(value, row.decimals === null ? {} : { decimals: row.decimals });
const usdt = (value: number) => formatNumber(value.toFixed(8), { decimals: 2 });

/** /accountCenter/wallet?type=wallet: balances of the current mode, their value and what to do with them. */
export function WalletPage() {
  const { t } = useTranslation();
  usePrivateUpdates();
  const mode = useRuntimeMode();
  const balances = useBalances();
  const assets = useAssets();
  const symbols = useSymbols();
  const tickers = useTickerList();
  const networks = useQuery({
    ...networksQuery(useApiClient()),
    enabled: mode === RuntimeMode.REAL,
  });
  const [hideZero, setHideZero] = useState(readHideZero);
  const toggleHideZero = (hide: boolean) => {
    setHideZero(hide);
    writeHideZero(hide);
  };

  const all = useMemo(
    () =>
      walletRows({
        balances: balances.data ?? [],
        assets: assets.data,
        symbols: symbols.data,
        tickers: tickers.data ?? [],
        mode,
      }),
    [balances.data, assets.data, symbols.data, tickers.data, mode],
  );
  const cryptoCoins = useMemo(
    () => new Set((networks.data ?? []).map((n) => n.asset)),
    [networks.data],
  );
  const fiatCodes = useMemo(
    () => new Set((assets.data ?? []).filter((a) => a.type === 'FIAT').map((a) => a.code)),
    [assets.data],
  );
  const rows = hideZero ? all.filter((r) => !r.isZero) : all;
  const hidden = all.length - rows.length;

  return (
    <div className="account-page wallet-page">
      <h1>{t('pages.wallet')}</h1>
      <section className="wallet-summary" aria-label={t('account.wallet.estimated')}>
        <div>
          <p className="muted">{t('account.wallet.estimated')}</p>
          <p className="wallet-summary__value">
            <span aria-hidden="true">≈ </span>
            <span data-testid="wallet-total">{usdt(estimatedTotal(all))} USDT</span>
          </p>
          <p className="wallet-summary__note muted">{t('account.wallet.estimatedNote')}</p>
        </div>
        {mode !== RuntimeMode.REAL && (
          <div className="wallet-summary__side">
            <ResetFunds mode={mode} />
            <p className="wallet-summary__note muted">{t('account.wallet.simulated')}</p>
          </div>
        )}
      </section>
      <div className="wallet-toolbar">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={hideZero}
            onChange={(e) => toggleHideZero(e.target.checked)}
          />{' '}
          {t('account.wallet.hideZero')}
        </label>
        {hideZero && hidden > 0 && (
          <span className="muted">{t('account.wallet.hiddenCount', { count: hidden })}</span>
        )}
      </div>
      {balances.isPending ? (
        <LoadingState />
      ) : balances.isError ? (
        <ErrorState
          title={t('account.wallet.loadFailed')}
          error={balances.error}
          onRetry={() => void balances.refetch()}
        />
      ) : all.length === 0 ? (
        <EmptyState title={t('account.wallet.empty')} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('account.wallet.allZero')}>
          <button type="button" className="button" onClick={() => toggleHideZero(false)}>
            {t('account.wallet.showAll')}
          </button>
        </EmptyState>
      ) : (
        <table className="data-table wallet-table" aria-label={t('pages.wallet')}>
          <thead>
            <tr>
              <th scope="col">{t('account.wallet.asset')}</th>
              <th scope="col" className="num">
                {t('account.wallet.total')}
              </th>
              <th scope="col" className="num">
                {t('account.wallet.available')}
              </th>
              <th scope="col" className="num">
                {t('account.wallet.frozen')}
              </th>
              <th scope="col" className="num">
                {t('account.wallet.value')}
              </th>
              <th scope="col" className="wallet-table__actions-head">
                {t('account.wallet.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.code} data-asset={r.code}>
                <th scope="row" className="wallet-table__asset">
                  <AssetLabel code={r.code} name={r.name} />
                </th>
                <td
                  className="num wallet-table__total"
                  data-label={t('account.wallet.total')}
                  data-testid="balance-total"
                >
                  {amount(r, r.total)}
                </td>
                <td
                  className="num wallet-table__available"
                  data-label={t('account.wallet.available')}
                >
                  {amount(r, r.available)}
                </td>
                <td className="num wallet-table__frozen" data-label={t('account.wallet.frozen')}>
                  {amount(r, r.frozen)}
                </td>
                <td
                  className="num wallet-table__value muted"
                  data-label={t('account.wallet.value')}
                >
                  {r.value === null ? '-' : `≈ ${usdt(r.value)}`}
                </td>
                <td className="wallet-table__actions">
                  <AssetActions
                    row={r}
                    mode={mode}
                    cryptoCoins={cryptoCoins}
                    fiatCodes={fiatCodes}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * Trade opens the asset's market. In Real, a coin with a network deposits and withdraws on
 * /cryptoChannel (and transfers by UID there); a fiat deposit currency deposits on the bank page
 * (USD, EUR: the partner bank's) or the card page, and the partner bank's currencies withdraw on
 * /withdrawAssets/JYB; every fiat currency exchanges on /foreignExchange, and one the bank does
 * not pay out (or take in) offers "Withdraw via USD" (or "Deposit via USD") there, saying how.
 * What has no screen yet is shown, disabled, with "Coming soon". Demo and Trial funds are
 * simulated, so they are left out.
 */
/** The currency the partner bank pays out and takes in that other fiat currencies go through. */
const BANK_CURRENCY = PARTNER_BANK_CURRENCIES[0];

function AssetActions({
  row,
  mode,
  cryptoCoins,
  fiatCodes,
}: {
  row: WalletRow;
  mode: RuntimeMode;
  cryptoCoins: ReadonlySet<string>;
  fiatCodes: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const soon = t('account.wallet.comingSoon');
  const crypto = cryptoCoins.has(row.code);
  return (
    <div className="wallet-actions">
      {row.tradeSymbol && (
        <Link
          className="button button--small"
          to={tradePath(row.tradeSymbol)}
          aria-label={t('account.wallet.tradeAsset', { asset: row.code })}
        >
          {t('account.wallet.trade')}
        </Link>
      )}
      {mode === RuntimeMode.REAL &&
        crypto &&
        (['deposit', 'withdraw', 'transfer'] as const).map((action) => (
          <Link
            key={action}
            className="button button--small"
            to={cryptoChannelPath(action, row.code)}
            aria-label={t(`account.wallet.${action}Asset`, { asset: row.code })}
          >
            {t(`account.wallet.${action}`)}
          </Link>
        ))}
      {row.code === RAPID_BUY_PAIR.from && (
        <Link className="button button--small" to={PATHS.rapidBuy} data-testid="wallet-rapid-buy">
          {t('nav.rapidBuy')}
        </Link>
      )}
      {mode === RuntimeMode.REAL && !crypto && fiatDepositPath(row.code) && (
        <Link
          className="button button--small"
          to={fiatDepositPath(row.code) ?? ''}
          aria-label={t('account.wallet.depositAsset', { asset: row.code })}
        >
          {t('account.wallet.deposit')}
        </Link>
      )}
      {mode === RuntimeMode.REAL && !crypto && fiatWithdrawPath(row.code) && (
        <Link
          className="button button--small"
          to={fiatWithdrawPath(row.code) ?? ''}
          aria-label={t('account.wallet.withdrawAsset', { asset: row.code })}
        >
          {t('account.wallet.withdraw')}
        </Link>
      )}
      {mode === RuntimeMode.REAL &&
        fiatCodes.has(row.code) &&
        (
          [
            ...(fiatDepositPath(row.code) ? [] : (['deposit'] as const)),
            ...(fiatWithdrawPath(row.code) ? [] : (['withdraw'] as const)),
          ] as const
        ).map((action) => {
          // A fiat currency the partner bank does not pay out (or take in) goes through one it
          // does: exchanged on /foreignExchange, with the way said on the action itself.
          const via = { asset: row.code, currency: BANK_CURRENCY };
          const hint = t(`account.wallet.${action}ViaHint`, via);
          return (
            <Fragment key={action}>
              <Link
                className="button button--small wallet-actions__via"
                to={
                  action === 'withdraw'
                    ? `${PATHS.foreignExchange}?from=${row.code}&to=${BANK_CURRENCY}`
                    : `${PATHS.foreignExchange}?from=${BANK_CURRENCY}&to=${row.code}`
                }
                aria-describedby={`${action}-via-${row.code}`}
                data-tooltip={hint}
              >
                {t(`account.wallet.${action}Via`, via)}
              </Link>
              <span id={`${action}-via-${row.code}`} className="visually-hidden">
                {hint}
              </span>
            </Fragment>
          );
        })}
      {mode === RuntimeMode.REAL && fiatCodes.has(row.code) && (
        <Link
          className="button button--small"
          to={`${PATHS.foreignExchange}?from=${row.code}`}
          aria-label={t('fx.wallet.actionAsset', { asset: row.code })}
        >
          {t('fx.wallet.action')}
        </Link>
      )}
      {mode === RuntimeMode.REAL && !crypto && (
        <Link
          className="button button--small"
          to={PATHS.flashRemittance}
          data-testid={`wallet-flash-${row.code}`}
        >
          {t('nav.flashRemittance')}
        </Link>
      )}
      {mode === RuntimeMode.REAL &&
        !crypto &&
        !fiatCodes.has(row.code) &&
        (
          [
            ...(fiatDepositPath(row.code) ? [] : (['deposit'] as const)),
            ...(fiatWithdrawPath(row.code) ? [] : (['withdraw'] as const)),
          ] as const
        ).map((action) => (
          <button
            key={action}
            type="button"
            className="button button--small wallet-actions__soon"
            aria-disabled="true"
            aria-label={`${t(`account.wallet.${action}`)} (${soon})`}
            data-tooltip={soon}
            onClick={(e) => e.preventDefault()}
          >
            {t(`account.wallet.${action}`)}
          </button>
        ))}
    </div>
  );
}
