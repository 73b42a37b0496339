import {
  FIAT_WITHDRAWAL_CURRENCIES,
  FIAT_WITHDRAWAL_TERMS,
  HK_UTC_OFFSET_MS,
  hasNextPage,
  type FiatWithdrawal,
  type FiatWithdrawalCurrency,
} from '@exchange/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/form';
import { Pager } from '../../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { formatTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import {
  useCancelFiatWithdrawal,
  useFiatPreview,
  useFiatWithdraw,
  useFiatWithdrawals,
} from '../api/fiat-withdrawal';
import { amountError, normalSwift, swiftError, textError } from '../lib/rules';
import { FiatGate } from './gates';
import { useFiatOutLive } from './live';
import { StepUpModal, type StepUpCodes } from '../../../components/step-up/step-up-modal';
import '../fiat-withdrawal.css';

const DETAILS = [
  'accountName',
  'swiftCode',
  'bankState',
  'bankCity',
  'recipientAddress',
  'recipientCity',
  'recipientState',
  'recipientZip',
  'transitBankName',
  'transitSwiftCode',
] as const;
type Detail = (typeof DETAILS)[number];
const OPTIONAL = new Set<Detail>([
  'bankState',
  'recipientState',
  'transitBankName',
  'transitSwiftCode',
]);
const GROUPS: { title: 'bankTitle' | 'recipientTitle' | 'transitTitle'; fields: Detail[] }[] = [
  { title: 'bankTitle', fields: ['accountName', 'swiftCode', 'bankState', 'bankCity'] },
  {
    title: 'recipientTitle',
    fields: ['recipientAddress', 'recipientCity', 'recipientState', 'recipientZip'],
  },
  { title: 'transitTitle', fields: ['transitBankName', 'transitSwiftCode'] },
];

const newRequestId = () =>
  `fiat-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** /withdrawAssets/JYB: a fiat withdrawal to the linked, verified bank account of its currency. */
export function WithdrawPage() {
  const { t } = useTranslation();
  return (
    <div className="account-page fiat-page" data-testid="fiat-withdraw-page">
      <div className="fiat-head">
        <div>
          <h1>{t('fiatOut.withdraw.title')}</h1>
          <p className="muted">{t('fiatOut.withdraw.subtitle')}</p>
        </div>
        <Link className="button button--small" to={PATHS.bankCardManage}>
          {t('fiatOut.withdraw.manageAccounts')}
        </Link>
      </div>
      <FiatGate>
        <WithdrawForm />
        <History />
      </FiatGate>
    </div>
  );
}

/** The amount typed, read for the preview only after the typing pauses. */
function useSettled(value: string, ms = 400): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function WithdrawForm() {
  const { t, i18n } = useTranslation();
  useFiatOutLive();
  const [currency, setCurrency] = useState<FiatWithdrawalCurrency>('USD');
  const [amount, setAmount] = useState('');
  const [details, setDetails] = useState<Record<Detail, string>>(
    () => Object.fromEntries(DETAILS.map((d) => [d, ''])) as Record<Detail, string>,
  );
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [confirming, setConfirming] = useState(false);
  const requestId = useRef(newRequestId());
  const terms = FIAT_WITHDRAWAL_TERMS[currency];
  const settledAmount = useSettled(amount.trim());
  const nominal = /^\d+(\.\d+)?$/.test(settledAmount) ? settledAmount : terms.minAmount;
  const preview = useFiatPreview(currency, nominal);
  const withdraw = useFiatWithdraw();
  const p = preview.data;
  const account = p?.bankAccount ?? null;

  // The account name and SWIFT come from the linked account; the user may still read and edit.
  useEffect(() => {
    if (!account) return;
    setDetails((d) => ({
      ...d,
      accountName: d.accountName || account.holderName,
      swiftCode: d.swiftCode || account.swiftCode,
    }));
  }, [account]);

  const check = () => {
    const next: Record<string, string | null> = {
      amount: amountError(amount, currency, p?.available ?? null, t),
    };
    for (const f of DETAILS) {
      next[f] =
        f === 'swiftCode' || f === 'transitSwiftCode'
          ? swiftError(details[f], t, !OPTIONAL.has(f))
          : textError(details[f], t, !OPTIONAL.has(f));
    }
    if (!next.transitBankName && !next.transitSwiftCode) {
      const one = Boolean(details.transitBankName.trim());
      const other = Boolean(details.transitSwiftCode.trim());
      if (one !== other)
        next[one ? 'transitSwiftCode' : 'transitBankName'] = t('fiatOut.errors.transitBoth');
    }
    return next;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = check();
    setErrors(next);
    if (Object.values(next).some(Boolean) || !account?.verified) return;
    withdraw.reset();
    setConfirming(true);
  };
  const run = (codes: StepUpCodes) => {
    const optional = (f: Detail) => (details[f].trim() ? { [f]: details[f].trim() } : {});
    withdraw.mutate(
      {
        clientRequestId: requestId.current,
        currency,
        amount: amount.trim(),
        accountName: details.accountName.trim(),
        swiftCode: normalSwift(details.swiftCode),
        bankCity: details.bankCity.trim(),
        recipientAddress: details.recipientAddress.trim(),
        recipientCity: details.recipientCity.trim(),
        recipientZip: details.recipientZip.trim(),
        ...optional('bankState'),
        ...optional('recipientState'),
        ...optional('transitBankName'),
        ...(details.transitSwiftCode.trim()
          ? { transitSwiftCode: normalSwift(details.transitSwiftCode) }
          : {}),
        ...codes,
      },
      {
        onSuccess: () => {
          setConfirming(false);
          setAmount('');
          requestId.current = newRequestId();
          showToast(t('fiatOut.withdraw.submitted'), 'success');
        },
      },
    );
  };

  // The banking window is Hong Kong's: its wall-clock time beside the user's own.
  const sendAt = p
    ? `${new Date(p.estimatedSendAt).toLocaleString(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      })} (${t('fiatOut.detail.hongKong', { hk: hkWallClock(p.estimatedSendAt) })})`
    : '-';
  const amountShown = amount.trim() && !errors.amount ? amount.trim() : null;

  return (
    <div className="fiat-panel">
      <form className="panel form fiat-form" onSubmit={submit} noValidate data-testid="fiat-form">
        <div className="fiat-row">
          <label className="field">
            <span className="field__label">{t('fiatOut.withdraw.currency')}</span>
            <select
              className="field__input"
              name="currency"
              value={currency}
              onChange={(e) => {
                setCurrency(e.target.value as FiatWithdrawalCurrency);
                setDetails((d) => ({ ...d, accountName: '', swiftCode: '' }));
              }}
            >
              {FIAT_WITHDRAWAL_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <TextField
            name="amount"
            label={t('fiatOut.withdraw.amount')}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={errors.amount ?? null}
            hint={
              <span data-testid="fiat-available">
                {t('fiatOut.withdraw.available', {
                  amount: p?.available ?? '-',
                  currency,
                })}{' '}
                · {t('fiatOut.withdraw.minimum', { amount: terms.minAmount, currency })}
              </span>
            }
            addon={
              <button
                type="button"
                className="field__action"
                onClick={() => p && setAmount(p.available)}
              >
                {t('fiatOut.withdraw.all')}
              </button>
            }
          />
        </div>
        <AccountBox loading={preview.isPending} account={account} />
        {GROUPS.map((g) => (
          <fieldset key={g.title} className="fiat-group">
            <legend>
              {t(`fiatOut.withdraw.${g.title}`)}
              {g.title === 'transitTitle' && (
                <span className="muted"> ({t('fiatOut.withdraw.optional')})</span>
              )}
            </legend>
            <div className="fiat-grid">
              {g.fields.map((f) => (
                <TextField
                  key={f}
                  name={f}
                  label={
                    OPTIONAL.has(f) && g.title !== 'transitTitle'
                      ? `${t(`fiatOut.fields.${f}`)} (${t('fiatOut.withdraw.optional')})`
                      : t(`fiatOut.fields.${f}`)
                  }
                  value={details[f]}
                  onChange={(e) => setDetails({ ...details, [f]: e.target.value })}
                  error={errors[f] ?? null}
                  autoComplete="off"
                  maxLength={100}
                />
              ))}
            </div>
          </fieldset>
        ))}
        <dl className="fiat-summary fiat-summary--terms" data-testid="fiat-terms">
          <dt>{t('fiatOut.withdraw.estimatedFee')}</dt>
          <dd>
            {terms.estimatedFee} {currency}
          </dd>
          <dt>{t('fiatOut.withdraw.estimatedReceived')}</dt>
          <dd data-testid="fiat-received">
            {amountShown && p?.amount === amountShown ? `${p.estimatedReceived} ${currency}` : '-'}
          </dd>
          <dt>{t('fiatOut.withdraw.estimatedSendAt')}</dt>
          <dd>{sendAt}</dd>
        </dl>
        <p className="muted fiat-note">{t('fiatOut.withdraw.feeNote')}</p>
        <p className="muted fiat-note">{t('fiatOut.withdraw.timeline')}</p>
        <button
          type="submit"
          className="button button--primary"
          disabled={!account?.verified}
          data-testid="fiat-submit"
        >
          {t('fiatOut.withdraw.submit')}
        </button>
      </form>
      <StepUpModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('fiatOut.withdraw.confirmTitle')}
        submitLabel={t('common.confirm')}
        pending={withdraw.isPending}
        error={withdraw.error}
        onSubmit={run}
        testId="fiat-confirm"
      >
        <dl className="fiat-summary">
          <dt>{t('fiatOut.withdraw.amount')}</dt>
          <dd>
            {amount.trim()} {currency}
          </dd>
          <dt>{t('fiatOut.withdraw.estimatedFee')}</dt>
          <dd>
            {p?.estimatedFee ?? terms.estimatedFee} {currency}
          </dd>
          <dt>{t('fiatOut.withdraw.estimatedReceived')}</dt>
          <dd data-testid="confirm-received">
            {p?.estimatedReceived ?? '-'} {currency}
          </dd>
          <dt>{t('fiatOut.withdraw.account')}</dt>
          <dd>{account ? `${account.bankName} ${account.maskedAccountNumber}` : '-'}</dd>
          <dt>{t('fiatOut.withdraw.estimatedSendAt')}</dt>
          <dd>{sendAt}</dd>
        </dl>
      </StepUpModal>
    </div>
  );
}

function AccountBox({
  loading,
  account,
}: {
  loading: boolean;
  account: { bankName: string; maskedAccountNumber: string; verified: boolean } | null;
}) {
  const { t } = useTranslation();
  if (loading) return <LoadingState />;
  if (!account)
    return (
      <div className="notice notice--error" role="alert" data-testid="no-bank-account">
        <p>{t('fiatOut.withdraw.noAccount')}</p>
        <Link className="link" to={PATHS.bankCardManage}>
          {t('fiatOut.withdraw.manageAccounts')}
        </Link>
      </div>
    );
  return (
    <div className="fiat-account" data-testid="linked-account">
      <span className="field__label">{t('fiatOut.withdraw.account')}</span>
      <strong>
        {account.bankName} {account.maskedAccountNumber}
      </strong>
      <span className={`fiat-badge fiat-badge--${account.verified ? 'on' : 'warn'}`}>
        {t(account.verified ? 'fiatOut.bank.badges.verified' : 'fiatOut.bank.badges.unverified')}
      </span>
      {!account.verified && (
        <p className="notice notice--error" role="alert">
          {t('fiatOut.withdraw.unverified')}
        </p>
      )}
    </div>
  );
}

function History() {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const list = useFiatWithdrawals(pageNum);
  const cancel = useCancelFiatWithdrawal();
  const rows = list.data?.result ?? [];
  const doCancel = (w: FiatWithdrawal) =>
    cancel.mutate(w.id, {
      onSuccess: () => showToast(t('fiatOut.withdraw.cancelled'), 'success'),
      onError: (err) => showToast(errorText(err, t), 'error'),
    });
  return (
    <section className="panel fiat-history" data-testid="fiat-history">
      <h2>{t('fiatOut.withdraw.history')}</h2>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          title={t('fiatOut.withdraw.history')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={t('fiatOut.withdraw.empty')} />
      ) : (
        <div className="table-scroll">
          <table className="data-table data-table--stack">
            <thead>
              <tr>
                <th scope="col">{t('fiatOut.table.time')}</th>
                <th scope="col">{t('fiatOut.table.amount')}</th>
                <th scope="col">{t('fiatOut.table.account')}</th>
                <th scope="col">{t('fiatOut.table.fee')}</th>
                <th scope="col">{t('fiatOut.table.state')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((w) => (
                <tr key={w.id} data-fiat-withdrawal={w.id} data-state={w.status}>
                  <td data-label={t('fiatOut.table.time')}>{formatTime(w.createdAt)}</td>
                  <td data-label={t('fiatOut.table.amount')}>
                    {w.amount} {w.currency}
                  </td>
                  <td data-label={t('fiatOut.table.account')}>
                    {w.bankName} {w.maskedAccountNumber}
                  </td>
                  <td data-label={t('fiatOut.table.fee')}>
                    {w.actualFee !== null
                      ? t('fiatOut.table.feeActual', {
                          fee: w.actualFee,
                          received: w.received,
                          currency: w.currency,
                        })
                      : t('fiatOut.table.feeEstimated', {
                          fee: w.estimatedFee,
                          currency: w.currency,
                        })}
                  </td>
                  <td data-label={t('fiatOut.table.state')}>
                    <span
                      className={`fiat-state fiat-state--${w.status.toLowerCase()}`}
                      data-testid="fiat-withdrawal-state"
                    >
                      {t(`fiatOut.states.${w.status}`)}
                    </span>
                    <StateDetail w={w} />
                    {w.cancellable && (
                      <button
                        type="button"
                        className="button button--small button--ghost"
                        disabled={cancel.isPending}
                        onClick={() => doCancel(w)}
                      >
                        {t('fiatOut.withdraw.cancel')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && (pageNum > 1 || hasNextPage(list.data)) && (
        <Pager pageNum={pageNum} hasNext={hasNextPage(list.data)} onPage={setPageNum} />
      )}
    </section>
  );
}

/** "YYYY-MM-DD HH:MM" on Hong Kong's wall clock (UTC+8 all year). */
function hkWallClock(iso: string): string {
  return new Date(Date.parse(iso) + HK_UTC_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

function StateDetail({ w }: { w: FiatWithdrawal }) {
  const { t } = useTranslation();
  const when = (iso: string | null) => (iso ? formatTime(iso) : '-');
  const hk = (iso: string | null) => (iso ? hkWallClock(iso) : '-');
  if (w.status === 'FROZEN')
    return (
      <span className="muted fiat-state__detail">
        {t('fiatOut.detail.frozen', { when: when(w.releaseAt) })} ·{' '}
        {t('fiatOut.detail.scheduled', { when: when(w.scheduledFor), hk: hk(w.scheduledFor) })}
      </span>
    );
  if (w.status === 'SCHEDULED')
    return (
      <span className="muted fiat-state__detail">
        {t('fiatOut.detail.scheduled', { when: when(w.scheduledFor), hk: hk(w.scheduledFor) })}
      </span>
    );
  if (w.status === 'SENT')
    return (
      <span className="muted fiat-state__detail">
        {t('fiatOut.detail.sent', { when: when(w.sentAt) })}
      </span>
    );
  if ((w.status === 'FAILED' || w.status === 'REFUSED') && w.reason)
    return <span className="muted fiat-state__detail">{w.reason}</span>;
  return null;
}
