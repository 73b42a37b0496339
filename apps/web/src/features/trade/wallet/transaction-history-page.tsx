import {
  DEFAULT_PAGE_SIZE,
  flowLabel,
  RuntimeMode,
  hasNextPage,
  type TransactionType,
  type WalletTransaction,
} from '@exchange/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { useApiClient } from '../../../lib/api-context';
import { useAssets } from '../../../lib/catalogue';
import { errorText } from '../../../lib/error-text';
import { formatNumber, formatTime } from '../../../lib/format';
import { supportedLanguage } from '../../../lib/language';
import { useRuntimeMode } from '../../../lib/settings';
import { showToast } from '../../../lib/toast';
import { sixMonthsAgo } from '../api';
import { useBalances } from '../../../lib/wallet-balances';
import { fetchAllFlows } from '../api/wallet-flows';
import {
  fetchAllTransactions,
  useTransactionTypes,
  useTransactions,
  type TransactionFilters,
} from '../api/wallet-transactions';
import { pairName } from '../components/order-tables';
import { downloadCsv, flowsCsv, transactionsCsv } from './transactions-csv';
import { Pager } from '../../../components/pager';
import { isZeroAmount } from '@exchange/contracts/decimal';
import './wallet.css';

type FilterType = Exclude<TransactionType, 'OTHER'>;
/** Lines show at most this many asset changes before "+n more" (a funding credits many assets). */
const SHOWN_CHANGES = 3;

export const orderPath = (orderId: string) =>
  `${PATHS.orders}?tab=history&orderId=${encodeURIComponent(orderId)}`;

/** The page that lists a line's record, by the kind of its reference; none for a posting. */
export function referencePath(line: Pick<WalletTransaction, 'reference' | 'changes'>) {
  const coin = line.changes[0]?.asset;
  const crypto = (tab: string) =>
    `${PATHS.cryptoChannel}?tab=${tab}${coin ? `&coin=${encodeURIComponent(coin)}` : ''}`;
  switch (line.reference.kind) {
    case 'WITHDRAWAL':
      return crypto('withdraw');
    case 'CRYPTO_DEPOSIT':
      return crypto('deposit');
    case 'INTERNAL_TRANSFER':
      return crypto('transfer');
    case 'FIAT_DEPOSIT':
    case 'FIAT_WITHDRAWAL':
      return PATHS.fiatHistory;
    case 'FLASH_REMITTANCE':
      return PATHS.flashHistory;
    case 'FOREIGN_EXCHANGE':
      return `${PATHS.foreignExchange}?tab=history`;
    default:
      return null;
  }
}

/** A record's short reference: the first eight characters of its id, as support reads them. */
export const shortReference = (id: string) => `#${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

/** The label of a type in the mode: Trial's simulated funds are "Trade for Reward" funds, never "Demo". */
export function useTypeLabel() {
  const { t } = useTranslation();
  const mode = useRuntimeMode();
  return (type: TransactionType) =>
    mode === RuntimeMode.TRIAL && (type === 'DEMO_FUNDING' || type === 'DEMO_RESET')
      ? t(`account.transactions.typesTrial.${type}`)
      : t(`account.transactions.types.${type}`);
}

/** /accountCenter/transactionHistory: one line per action of the past 6 months, 10 a page, with CSV exports. */
export function TransactionHistoryPage() {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const typeLabel = useTypeLabel();
  const balances = useBalances();
  const types = useTransactionTypes();
  const [draft, setDraft] = useState<{ asset: string; type: string; from: string; to: string }>({
    asset: '',
    type: '',
    from: '',
    to: '',
  });
  const [pageNum, setPageNum] = useState(1);
  const earliest = useMemo(() => sixMonthsAgo(), []);
  const filters: TransactionFilters = {
    asset: draft.asset || undefined,
    type: (draft.type || undefined) as FilterType | undefined,
    startTime: draft.from
      ? Math.max(new Date(`${draft.from}T00:00:00`).getTime(), earliest)
      : earliest,
    endTime: draft.to ? new Date(`${draft.to}T23:59:59.999`).getTime() : undefined,
  };
  const list = useTransactions(filters, pageNum);
  const [exporting, setExporting] = useState<'lines' | 'entries' | null>(null);
  const change = (patch: Partial<typeof draft>) => {
    setDraft({ ...draft, ...patch });
    setPageNum(1);
  };

  const exportCsv = async (kind: 'lines' | 'entries') => {
    setExporting(kind);
    try {
      const date = new Date().toISOString().slice(0, 10);
      if (kind === 'lines') {
        downloadCsv(
          `transactions-${date}.csv`,
          transactionsCsv(await fetchAllTransactions(client, filters), typeLabel),
        );
      } else {
        const entries = await fetchAllFlows(client, {
          startTime: filters.startTime,
          asset: filters.asset,
        });
        downloadCsv(
          `ledger-entries-${date}.csv`,
          flowsCsv(entries, (code) => flowLabel(code, supportedLanguage(i18n.language) ?? 'en')),
        );
      }
    } catch (e) {
      showToast(errorText(e, t));
    } finally {
      setExporting(null);
    }
  };

  const rows = list.data?.result ?? [];
  return (
    <div className="account-page history-page">
      <h1>{t('pages.transactionHistory')}</h1>
      <div className="filters" role="group" aria-label={t('account.filters')}>
        <label>
          {t('account.transactions.asset')}
          <select value={draft.asset} onChange={(e) => change({ asset: e.target.value })}>
            <option value="">{t('account.all')}</option>
            {(balances.data ?? []).map((b) => (
              <option key={b.asset} value={b.asset}>
                {b.asset}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('account.transactions.type')}
          <select value={draft.type} onChange={(e) => change({ type: e.target.value })}>
            <option value="">{t('account.all')}</option>
            {(types.data ?? []).map((type) => (
              <option key={type} value={type}>
                {typeLabel(type)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('account.from')}
          <input
            type="date"
            value={draft.from}
            min={new Date(earliest).toISOString().slice(0, 10)}
            onChange={(e) => change({ from: e.target.value })}
          />
        </label>
        <label>
          {t('account.to')}
          <input type="date" value={draft.to} onChange={(e) => change({ to: e.target.value })} />
        </label>
        <div className="history-exports">
          <button
            type="button"
            className="button"
            disabled={exporting !== null}
            onClick={() => void exportCsv('lines')}
          >
            {exporting === 'lines' ? t('common.loading') : t('account.transactions.export')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={exporting !== null}
            onClick={() => void exportCsv('entries')}
          >
            {exporting === 'entries'
              ? t('common.loading')
              : t('account.transactions.exportDetailed')}
          </button>
        </div>
      </div>
      <p className="muted history-hint">
        {t('account.sixMonths')} {t('account.transactions.cancelledHint')}{' '}
        <Link to={`${PATHS.orders}?tab=history`}>{t('account.transactions.ordersLink')}</Link>
      </p>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          title={t('account.transactions.loadFailed')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={t('account.transactions.empty')} />
      ) : (
        <table className="data-table history-table" aria-label={t('pages.transactionHistory')}>
          <thead>
            <tr>
              <th scope="col">{t('account.transactions.time')}</th>
              <th scope="col">{t('account.transactions.type')}</th>
              <th scope="col" className="num">
                {t('account.transactions.amount')}
              </th>
              <th scope="col" className="num">
                {t('account.transactions.fee')}
              </th>
              <th scope="col" className="history-table__ref-head">
                {t('account.transactions.ref')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((line) => (
              <TransactionLine key={line.id} line={line} />
            ))}
          </tbody>
        </table>
      )}
      <Pager
        pageNum={pageNum}
        hasNext={!!list.data && hasNextPage({ pageSize: DEFAULT_PAGE_SIZE, result: rows })}
        onPage={setPageNum}
      />
    </div>
  );
}

function TransactionLine({ line }: { line: WalletTransaction }) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const assets = useAssets();
  const [expanded, setExpanded] = useState(false);
  const decimals = (code: string) => assets.data?.find((a) => a.code === code)?.decimals;
  const money = (value: string, code: string) => {
    const places = decimals(code);
    return `${formatNumber(value, places === undefined ? {} : { decimals: places })} ${code}`;
  };
  const moved = line.changes.filter((c) => !isZeroAmount(c.amount));
  const shown = expanded ? moved : moved.slice(0, SHOWN_CHANGES);
  const fees = line.changes.filter((c) => !isZeroAmount(c.fee) || !isZeroAmount(c.networkFee));
  const trade = line.trade;
  const recordPath = referencePath(line);

  return (
    <tr data-type={line.type}>
      <td className="history-table__time muted" data-label={t('account.transactions.time')}>
        {formatTime(line.createdAt)}
      </td>
      <td className="history-table__type">
        {trade ? (
          <>
            <span className={`history-table__title ${trade.side === 'BUY' ? 'is-buy' : 'is-sell'}`}>
              {t('account.transactions.tradeTitle', {
                side: t(`trade.sides.${trade.side}`),
                pair: pairName(trade.symbol),
              })}
            </span>
            <span className="history-table__sub muted">
              {t('account.transactions.tradeDetail', {
                amount: formatNumber(trade.quantity),
                price: formatNumber(trade.price),
              })}{' '}
              · {t(`trade.liquidity.${trade.liquidity}`)}
            </span>
          </>
        ) : (
          <span className="history-table__title">
            {typeLabel(line.type)}
            {line.pending && (
              <span className="badge badge--pending">{t('account.transactions.pending')}</span>
            )}
          </span>
        )}
      </td>
      <td className="num history-table__amount" data-label={t('account.transactions.amount')}>
        <ul className="history-changes">
          {shown.map((c) => (
            <li key={c.asset} className={c.amount.startsWith('-') ? 'is-sell' : 'is-buy'}>
              {c.amount.startsWith('-') ? '' : '+'}
              {money(c.amount, c.asset)}
            </li>
          ))}
        </ul>
        {moved.length > SHOWN_CHANGES && (
          <button
            type="button"
            className="link-button"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded
              ? t('account.transactions.less')
              : t('account.transactions.more', { count: moved.length - SHOWN_CHANGES })}
          </button>
        )}
      </td>
      <td
        className={`num history-table__fee${fees.length === 0 ? ' history-table__fee--none' : ''}`}
        data-label={t('account.transactions.fee')}
      >
        {fees.length === 0 ? (
          <span className="muted">-</span>
        ) : (
          fees.map((c) => (
            <div key={c.asset}>
              {!isZeroAmount(c.fee) && <div>{money(c.fee, c.asset)}</div>}
              {!isZeroAmount(c.networkFee) && (
                <div className="history-table__network-fee muted">
                  {t('account.transactions.networkFee', { amount: money(c.networkFee, c.asset) })}
                </div>
              )}
            </div>
          ))
        )}
      </td>
      <td className="history-table__ref" data-label={t('account.transactions.ref')}>
        {trade ? (
          <Link to={orderPath(trade.orderId)}>
            {t('account.transactions.order', { id: trade.orderId })}
          </Link>
        ) : recordPath ? (
          <Link to={recordPath} title={line.reference.id}>
            {shortReference(line.reference.id)}
          </Link>
        ) : (
          <span className="muted" title={line.reference.id}>
            {shortReference(line.reference.id)}
          </span>
        )}
      </td>
    </tr>
  );
}
