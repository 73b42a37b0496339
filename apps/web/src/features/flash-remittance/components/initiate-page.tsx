import { FLASH_MESSAGE_MAX, type FlashRemittance } from '@exchange/contracts';
import { cmp, dec, isZero, mul, roundToStep, sub, toText } from '@exchange/contracts/decimal';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/form';
import { StepUpModal, type StepUpCodes } from '../../../components/step-up/step-up-modal';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { PATHS, flashConfirmPath } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { formatTime } from '../../../lib/format';
import {
  useFlashCurrencies,
  useFlashDecision,
  useFlashRemittance,
  useFlashWhitelist,
  useInitiateFlash,
} from '../api/flash';
import { useFlashLive } from './live';
import { FlashShell, StateText } from './shell';

const newRequestId = () => `flash-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
const stepOf = (decimals: number) => (decimals > 0 ? `0.${'0'.repeat(decimals - 1)}1` : '1');

/** The service fee (rate x amount, rounded up to the unit) and what the recipient receives. */
export function flashTerms(
  amount: string,
  rate: string,
  decimals: number,
): { fee: string; received: string } | null {
  const a = dec(amount);
  const r = dec(rate);
  if (!a || !r) return null;
  const fee = roundToStep(mul(a, r), dec(stepOf(decimals))!, 'up');
  return { fee: toText(fee), received: toText(sub(a, fee)) };
}

/** /flashRemittance/initiateFlash: send fiat to a whitelisted user, who must agree in 12 hours. */
export function FlashInitiatePage() {
  const { t } = useTranslation();
  return (
    <FlashShell
      title={t('flash.initiate.title')}
      subtitle={t('flash.initiate.subtitle')}
      testId="flash-initiate-page"
    >
      <InitiateForm />
    </FlashShell>
  );
}

function InitiateForm() {
  const { t } = useTranslation();
  useFlashLive();
  const whitelist = useFlashWhitelist();
  const currencies = useFlashCurrencies();
  const initiate = useInitiateFlash();
  const [recipientId, setRecipientId] = useState('');
  const [currency, setCurrency] = useState('');
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<FlashRemittance | null>(null);
  const requestId = useRef(newRequestId());

  const held = currencies.data?.currencies ?? [];
  const entries = whitelist.data ?? [];
  useEffect(() => {
    if (!currency && held[0]) setCurrency(held[0].currency);
  }, [currency, held]);
  useEffect(() => {
    if (!recipientId && entries[0]) setRecipientId(entries[0].id);
  }, [recipientId, entries]);

  if (whitelist.isPending || currencies.isPending) return <LoadingState />;
  if (whitelist.isError || currencies.isError)
    return (
      <ErrorState
        title={t('flash.initiate.title')}
        error={whitelist.error ?? currencies.error}
        onRetry={() => {
          void whitelist.refetch();
          void currencies.refetch();
        }}
      />
    );
  if (sent) return <Sent remittanceId={sent.id} onAgain={() => setSent(null)} />;
  if (entries.length === 0)
    return (
      <EmptyState title={t('flash.initiate.noRecipients')}>
        <Link className="button button--primary" to={PATHS.flashWhitelist}>
          {t('flash.initiate.addRecipient')}
        </Link>
      </EmptyState>
    );
  if (held.length === 0)
    return (
      <EmptyState title={t('flash.initiate.noFunds')}>
        <Link className="button button--primary" to={PATHS.fiatChannel}>
          {t('flash.initiate.deposit')}
        </Link>
      </EmptyState>
    );

  const info = held.find((c) => c.currency === currency) ?? held[0]!;
  const recipient = entries.find((e) => e.id === recipientId) ?? entries[0]!;
  const terms = flashTerms(amount || '0', currencies.data.feeRate, info.decimals);
  const free = isZero(dec(currencies.data.feeRate) ?? dec('0')!);
  const hours = Math.round(currencies.data.approvalWindowMs / 3_600_000);

  const check = () => {
    const a = dec(amount);
    let amountError: string | null = null;
    if (!amount.trim()) amountError = t('flash.errors.amountRequired');
    else if (
      !a ||
      !/^\d+(\.\d+)?$/.test(amount.trim()) ||
      cmp(a, dec('0')!) <= 0 ||
      (amount.split('.')[1]?.length ?? 0) > info.decimals
    )
      amountError = t('flash.errors.amount', { decimals: info.decimals });
    else if (cmp(a, dec(info.available)!) > 0) amountError = t('flash.errors.balance');
    else if (terms && !free && cmp(dec(terms.received)!, dec('0')!) <= 0)
      amountError = t('flash.errors.belowFee', { fee: terms.fee, currency: info.currency });
    const next = {
      amount: amountError,
      message:
        [...message.trim()].length > FLASH_MESSAGE_MAX
          ? t('flash.errors.message', { max: FLASH_MESSAGE_MAX })
          : null,
    };
    setErrors(next);
    return !next.amount && !next.message;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check()) setConfirming(true);
  };
  const run = (codes: StepUpCodes) =>
    initiate.mutate(
      {
        clientRequestId: requestId.current,
        whitelistId: recipient.id,
        currency: info.currency,
        amount: amount.trim(),
        ...(message.trim() ? { message: message.trim() } : {}),
        ...codes,
      },
      {
        onSuccess: (r) => {
          requestId.current = newRequestId();
          setConfirming(false);
          setAmount('');
          setMessage('');
          setSent(r);
        },
      },
    );

  return (
    <>
      <section className="panel flash-panel">
        <form className="flash-form" onSubmit={submit} noValidate data-testid="flash-form">
          <label className="field">
            <span className="field__label">{t('flash.fields.recipient')}</span>
            <select
              className="field__input"
              name="recipient"
              value={recipient.id}
              onChange={(e) => setRecipientId(e.target.value)}
            >
              {entries.map((e) => (
                <option key={e.id} value={e.id}>
                  {`${e.note} · UID ${e.uid} · ${e.maskedEmail}`}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('flash.fields.currency')}</span>
            <select
              className="field__input"
              name="currency"
              value={info.currency}
              onChange={(e) => {
                setCurrency(e.target.value);
                setErrors({});
              }}
            >
              {held.map((c) => (
                <option key={c.currency} value={c.currency}>
                  {c.currency}
                </option>
              ))}
            </select>
          </label>
          <div>
            <TextField
              label={t('flash.fields.amount')}
              name="amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={errors.amount ?? null}
              autoComplete="off"
              addon={
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setAmount(info.available)}
                  data-testid="flash-max"
                >
                  {t('flash.initiate.max')}
                </button>
              }
            />
            <div className="flash-amount-row muted">
              <span data-testid="flash-available">
                {t('flash.initiate.available', { amount: info.available, currency: info.currency })}
              </span>
            </div>
          </div>
          <label className={`field${errors.message ? ' field--error' : ''}`}>
            <span className="field__label">{t('flash.fields.message')}</span>
            <textarea
              className="field__input"
              name="message"
              rows={2}
              value={message}
              maxLength={FLASH_MESSAGE_MAX * 2}
              placeholder={t('flash.fields.messageHint', { max: FLASH_MESSAGE_MAX })}
              onChange={(e) => setMessage(e.target.value)}
            />
            {errors.message && (
              <span className="field__error" role="alert">
                {errors.message}
              </span>
            )}
          </label>
          <dl className="flash-summary flash-summary--terms">
            <dt>{t('flash.fields.fee')}</dt>
            <dd data-testid="flash-fee">
              {free ? t('flash.initiate.free') : `${terms?.fee ?? '0'} ${info.currency}`}
            </dd>
            <dt>{t('flash.fields.received')}</dt>
            <dd>{terms && amount ? `${terms.received} ${info.currency}` : '—'}</dd>
            <dt>{t('flash.fields.window')}</dt>
            <dd>{t('flash.initiate.window', { hours })}</dd>
          </dl>
          <ul className="flash-rules muted">
            <li>{t('flash.initiate.rules.approve', { hours })}</li>
            <li>{t('flash.initiate.rules.frozen')}</li>
            <li>{t('flash.initiate.rules.cdc')}</li>
          </ul>
          <div className="flash-actions">
            <button type="submit" className="button button--primary" data-testid="flash-submit">
              {t('flash.initiate.submit')}
            </button>
          </div>
        </form>
      </section>
      <StepUpModal
        open={confirming}
        onClose={() => {
          setConfirming(false);
          initiate.reset();
        }}
        title={t('flash.initiate.confirmTitle')}
        submitLabel={t('common.confirm')}
        pending={initiate.isPending}
        error={initiate.error}
        onSubmit={run}
        testId="flash-confirm"
      >
        <dl className="flash-summary">
          <dt>{t('flash.fields.recipient')}</dt>
          <dd>{`${recipient.note} · UID ${recipient.uid} · ${recipient.maskedEmail}`}</dd>
          <dt>{t('flash.fields.amount')}</dt>
          <dd>{`${amount} ${info.currency}`}</dd>
          <dt>{t('flash.fields.fee')}</dt>
          <dd>{free ? t('flash.initiate.free') : `${terms?.fee ?? '0'} ${info.currency}`}</dd>
          {message.trim() && (
            <>
              <dt>{t('flash.fields.message')}</dt>
              <dd>{message.trim()}</dd>
            </>
          )}
        </dl>
      </StepUpModal>
    </>
  );
}

/** The remittance just initiated, live: awaiting the recipient (cancellable), then its outcome. */
function Sent({ remittanceId, onAgain }: { remittanceId: string; onAgain: () => void }) {
  const { t } = useTranslation();
  const q = useFlashRemittance(remittanceId);
  const decide = useFlashDecision();
  if (q.isPending) return <LoadingState />;
  if (q.isError)
    return (
      <ErrorState
        title={t('flash.initiate.title')}
        error={q.error}
        onRetry={() => void q.refetch()}
      />
    );
  const r = q.data;
  return (
    <section className="panel flash-panel" data-testid="flash-sent">
      <h2>{t('flash.initiate.sentTitle')}</h2>
      <dl className="flash-summary">
        <dt>{t('flash.fields.recipient')}</dt>
        <dd>{`${r.note ?? ''} · UID ${r.recipient.uid} · ${r.recipient.maskedEmail}`}</dd>
        <dt>{t('flash.fields.amount')}</dt>
        <dd>{`${r.amount} ${r.currency}`}</dd>
        <dt>{t('flash.fields.state')}</dt>
        <dd>
          <StateText status={r.status} reason={r.terminationReason} />
        </dd>
        {r.status === 'AWAITING_RECIPIENT' ? (
          <>
            <dt>{t('flash.fields.expiresAt')}</dt>
            <dd>{formatTime(r.expiresAt)}</dd>
          </>
        ) : (
          <>
            <dt>{t('flash.fields.received')}</dt>
            <dd>{`${r.received} ${r.currency}`}</dd>
          </>
        )}
      </dl>
      {decide.error ? (
        <div className="notice notice--error" role="alert">
          {errorText(decide.error, t)}
        </div>
      ) : null}
      <div className="flash-actions flash-actions--start">
        {r.status === 'AWAITING_RECIPIENT' && (
          <button
            type="button"
            className="button button--ghost"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: r.id, action: 'cancel' })}
            data-testid="flash-cancel"
          >
            {t('flash.initiate.cancel')}
          </button>
        )}
        <Link className="button" to={flashConfirmPath(r.id)}>
          {t('flash.initiate.details')}
        </Link>
        <Link className="button" to={PATHS.flashHistory}>
          {t('flash.tabs.history')}
        </Link>
        <button type="button" className="button button--primary" onClick={onAgain}>
          {t('flash.initiate.again')}
        </button>
      </div>
    </section>
  );
}
