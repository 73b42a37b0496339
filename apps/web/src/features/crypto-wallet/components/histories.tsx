import type { CryptoDeposit, InternalTransfer, Withdrawal } from '@exchange/contracts';
import { WITHDRAWAL_CANCELLABLE, hasNextPage } from '@exchange/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { errorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { formatTime } from '../../../lib/format';
import { Pager } from '../../../components/pager';
import {
  useCancelWithdrawal,
  useDeposits,
  useRetryDeposit,
  useTransfers,
  useWithdrawals,
} from '../api/crypto';
import { trimAmount } from '../lib/rules';
import { depositStateText, shortTx, withdrawalTone } from '../lib/states';

function HistorySection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className="panel crypto-history" data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** Paging only once there is more than one page. */
function HistoryPager(props: { pageNum: number; hasNext: boolean; onPage: (n: number) => void }) {
  if (props.pageNum === 1 && !props.hasNext) return null;
  return <Pager {...props} />;
}

function Tx({ id }: { id: string | null }) {
  if (!id) return <>-</>;
  return (
    <code className="crypto-tx" title={id}>
      {shortTx(id)}
    </code>
  );
}

/** Re-renders every few seconds while a row waits for a time (a retry opening). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export function DepositHistory() {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const list = useDeposits(pageNum);
  const retry = useRetryDeposit();
  const rows = list.data?.result ?? [];
  const now = useNow(rows.some((d) => d.state === 'DELAYED'));

  return (
    <HistorySection title={t('crypto.deposit.history')} testId="deposit-history">
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          title={t('crypto.deposit.history')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={t('crypto.deposit.empty')} />
      ) : (
        <>
          <div className="table-scroll">
            <table
              className="data-table data-table--stack"
              aria-label={t('crypto.deposit.history')}
            >
              <thead>
                <tr>
                  <th scope="col">{t('crypto.table.time')}</th>
                  <th scope="col">{t('crypto.table.coin')}</th>
                  <th scope="col">{t('crypto.table.network')}</th>
                  <th scope="col" className="num">
                    {t('crypto.table.amount')}
                  </th>
                  <th scope="col">{t('crypto.table.txId')}</th>
                  <th scope="col">{t('crypto.table.state')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((d: CryptoDeposit) => {
                  const retryOpen = d.retryAt !== null && new Date(d.retryAt).getTime() <= now;
                  return (
                    <tr key={d.id} data-deposit={d.id} data-state={d.state}>
                      <td data-label={t('crypto.table.time')}>{formatTime(d.createdAt)}</td>
                      <td data-label={t('crypto.table.coin')}>{d.asset}</td>
                      <td data-label={t('crypto.table.network')}>{d.network}</td>
                      <td className="num" data-label={t('crypto.table.amount')}>
                        {trimAmount(d.amount)}
                      </td>
                      <td data-label={t('crypto.table.txId')}>
                        <Tx id={d.txId} />
                      </td>
                      <td data-label={t('crypto.table.state')}>
                        <span
                          className={`crypto-state crypto-state--${d.state.toLowerCase()}`}
                          data-testid="deposit-state"
                        >
                          {depositStateText(d, t)}
                        </span>
                        {d.state === 'DELAYED' &&
                          (retryOpen ? (
                            <button
                              type="button"
                              className="button button--small crypto-row-action"
                              disabled={retry.isPending}
                              onClick={() =>
                                retry.mutate(d.id, {
                                  onSuccess: () => showToast(t('crypto.retried'), 'success'),
                                  onError: (e) => showToast(errorText(e, t)),
                                })
                              }
                            >
                              {t('crypto.retry')}
                            </button>
                          ) : (
                            d.retryAt && (
                              <span className="muted crypto-row-note">
                                {t('crypto.retryAfter', { time: formatTime(d.retryAt) })}
                              </span>
                            )
                          ))}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <HistoryPager
            pageNum={pageNum}
            hasNext={list.data ? hasNextPage(list.data) : false}
            onPage={setPageNum}
          />
        </>
      )}
    </HistorySection>
  );
}

export function WithdrawalHistory() {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const list = useWithdrawals(pageNum);
  const cancel = useCancelWithdrawal();
  const rows = list.data?.result ?? [];

  return (
    <HistorySection title={t('crypto.withdraw.history')} testId="withdrawal-history">
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          title={t('crypto.withdraw.history')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={t('crypto.withdraw.empty')} />
      ) : (
        <>
          <div className="table-scroll">
            <table
              className="data-table data-table--stack"
              aria-label={t('crypto.withdraw.history')}
            >
              <thead>
                <tr>
                  <th scope="col">{t('crypto.table.time')}</th>
                  <th scope="col" className="num">
                    {t('crypto.table.amount')}
                  </th>
                  <th scope="col" className="num">
                    {t('crypto.table.fee')}
                  </th>
                  <th scope="col">{t('crypto.table.address')}</th>
                  <th scope="col">{t('crypto.table.txId')}</th>
                  <th scope="col">{t('crypto.table.state')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((w: Withdrawal) => (
                  <tr key={w.id} data-withdrawal={w.id} data-state={w.status}>
                    <td data-label={t('crypto.table.time')}>{formatTime(w.createdAt)}</td>
                    <td className="num" data-label={t('crypto.table.amount')}>
                      {trimAmount(w.amount)} {w.asset}
                      <span className="muted crypto-row-note">{w.network}</span>
                    </td>
                    <td className="num" data-label={t('crypto.table.fee')}>
                      {trimAmount(w.fee)} + {trimAmount(w.gasFee)}
                    </td>
                    <td data-label={t('crypto.table.address')}>
                      <code className="crypto-tx" title={w.address}>
                        {shortTx(w.address)}
                      </code>
                    </td>
                    <td data-label={t('crypto.table.txId')}>
                      <Tx id={w.txId} />
                    </td>
                    <td data-label={t('crypto.table.state')}>
                      <span
                        className={`crypto-state crypto-state--${withdrawalTone(w.status)}`}
                        data-testid="withdrawal-state"
                        title={w.reason ?? undefined}
                      >
                        {t(`crypto.withdrawalStates.${w.status}`)}
                      </span>
                      {w.status === 'WAITING_BATCH' && w.batchAt && (
                        <span className="muted crypto-row-note">{formatTime(w.batchAt)}</span>
                      )}
                      {WITHDRAWAL_CANCELLABLE.includes(w.status) && (
                        <button
                          type="button"
                          className="button button--small button--ghost crypto-row-action"
                          disabled={cancel.isPending}
                          onClick={() =>
                            cancel.mutate(w.id, {
                              onSuccess: () => showToast(t('crypto.cancelled'), 'success'),
                              onError: (e) => showToast(errorText(e, t)),
                            })
                          }
                        >
                          {t('crypto.cancel')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <HistoryPager
            pageNum={pageNum}
            hasNext={list.data ? hasNextPage(list.data) : false}
            onPage={setPageNum}
          />
        </>
      )}
    </HistorySection>
  );
}

export function TransferHistory() {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const list = useTransfers(pageNum);
  const rows = list.data?.result ?? [];

  return (
    <HistorySection title={t('crypto.transfer.history')} testId="transfer-history">
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          title={t('crypto.transfer.history')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={t('crypto.transfer.empty')} />
      ) : (
        <>
          <div className="table-scroll">
            <table
              className="data-table data-table--stack"
              aria-label={t('crypto.transfer.history')}
            >
              <thead>
                <tr>
                  <th scope="col">{t('crypto.table.time')}</th>
                  <th scope="col">{t('crypto.table.direction')}</th>
                  <th scope="col">{t('crypto.table.counterparty')}</th>
                  <th scope="col">{t('crypto.table.coin')}</th>
                  <th scope="col" className="num">
                    {t('crypto.table.amount')}
                  </th>
                  <th scope="col">{t('crypto.table.state')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r: InternalTransfer) => (
                  <tr key={r.id} data-transfer={r.id}>
                    <td data-label={t('crypto.table.time')}>{formatTime(r.createdAt)}</td>
                    <td data-label={t('crypto.table.direction')}>
                      <span className={r.direction === 'IN' ? 'change--up' : 'change--down'}>
                        {r.direction === 'IN' ? t('crypto.table.in') : t('crypto.table.out')}
                      </span>
                    </td>
                    <td data-label={t('crypto.table.counterparty')}>{r.counterpartyUid}</td>
                    <td data-label={t('crypto.table.coin')}>{r.asset}</td>
                    <td className="num" data-label={t('crypto.table.amount')}>
                      {trimAmount(r.amount)}
                    </td>
                    <td data-label={t('crypto.table.state')}>
                      <span className="crypto-state crypto-state--done">
                        {t('crypto.withdrawalStates.COMPLETED')}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <HistoryPager
            pageNum={pageNum}
            hasNext={list.data ? hasNextPage(list.data) : false}
            onPage={setPageNum}
          />
        </>
      )}
    </HistorySection>
  );
}
