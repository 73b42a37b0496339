import { FIAT_DEPOSIT_CURRENCIES, TEST_CARDS, type FiatDeposit } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { TextField } from '../../../components/form';
import { LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { isFinal, useCardPreview, useChargeCard, useFiatDeposit } from '../api/fiat';
import { FiatDepositFrame } from './fiat-gate';
import { useFiatLive } from './live';
import '../fiat.css';

/** The deposit a 3-D Secure confirmation returns to (the processor's page knows only its charge). */
const PENDING_KEY = 'fiat-card-deposit';
const AMOUNT_RE = /^\d+(\.\d{1,2})?$/;
/** The simulated processor's sandbox cards are shown where the exchange runs locally. */
const sandbox =
  import.meta.env.DEV || ['localhost', '127.0.0.1'].includes(window.location.hostname);

/** /fiatChannel/ortherJYB: deposit by card through the card processor. */
export function CardDepositPage() {
  return (
    <FiatDepositFrame>
      <CardDeposit />
    </FiatDepositFrame>
  );
}

function CardDeposit() {
  useFiatLive();
  const [search, setSearch] = useSearchParams();
  const returned = search.get('chargeId') ? sessionStorage.getItem(PENDING_KEY) : null;
  const [depositId, setDepositId] = useState<string | null>(returned);
  if (depositId)
    return (
      <CardResult
        id={depositId}
        onAgain={() => {
          sessionStorage.removeItem(PENDING_KEY);
          setDepositId(null);
          setSearch({}, { replace: true });
        }}
      />
    );
  const wanted = search.get('currency') ?? '';
  return (
    <CardForm
      onCharged={setDepositId}
      initialCurrency={
        (FIAT_DEPOSIT_CURRENCIES as readonly string[]).includes(wanted) ? wanted : 'USD'
      }
    />
  );
}

function CardForm({
  onCharged,
  initialCurrency,
}: {
  onCharged: (id: string) => void;
  initialCurrency: string;
}) {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState(initialCurrency);
  const [amount, setAmount] = useState('');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [holder, setHolder] = useState('');
  const [reviewing, setReviewing] = useState(false);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const amountOk = AMOUNT_RE.test(amount) && Number(amount) > 0;
  const preview = useCardPreview(currency, amount, amountOk);
  const charge = useChargeCard();
  const cardOk =
    /^[\d\s-]{12,23}$/.test(number) &&
    /^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry) &&
    /^\d{3,4}$/.test(cvc) &&
    holder.trim().length >= 2;
  const quote = preview.data && !preview.isError ? preview.data : null;
  const ready = amountOk && cardOk && quote !== null && !preview.isPlaceholderData;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    if (!reviewing) return setReviewing(true);
    charge.mutate(
      { requestId, currency, amount, card: { number, expiry, cvc, holder } },
      {
        onSuccess: (d: FiatDeposit) => {
          if (d.state === 'REQUIRES_ACTION' && d.actionUrl) {
            sessionStorage.setItem(PENDING_KEY, d.id);
            window.location.assign(d.actionUrl);
            return;
          }
          onCharged(d.id);
        },
        onError: () => {
          setReviewing(false);
          setRequestId(crypto.randomUUID());
        },
      },
    );
  };

  return (
    <div className="fiat-grid">
      <form className="panel fiat-form" onSubmit={submit} noValidate data-testid="card-form">
        <h2>{t('fiat.card.title')}</h2>
        <div className="field">
          <label className="field__label" htmlFor="fiat-currency">
            {t('fiat.card.currency')}
          </label>
          <select
            id="fiat-currency"
            className="field__input"
            value={currency}
            disabled={reviewing}
            onChange={(e) => setCurrency(e.target.value)}
          >
            {FIAT_DEPOSIT_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('fiat.card.amount')}
          inputMode="decimal"
          value={amount}
          disabled={reviewing}
          onChange={(e) => setAmount(e.target.value.trim())}
          error={preview.isError && amountOk ? errorText(preview.error, t) : null}
          hint={quote ? t('fiat.card.max', { max: quote.maxAmount, currency }) : null}
          data-testid="card-amount"
        />
        <TextField
          label={t('fiat.card.number')}
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          disabled={reviewing}
          onChange={(e) => setNumber(e.target.value)}
          data-testid="card-number"
        />
        <div className="fiat-row">
          <TextField
            label={t('fiat.card.expiry')}
            placeholder="MM/YY"
            autoComplete="cc-exp"
            value={expiry}
            disabled={reviewing}
            onChange={(e) => setExpiry(e.target.value.trim())}
            data-testid="card-expiry"
          />
          <TextField
            label={t('fiat.card.cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            disabled={reviewing}
            onChange={(e) => setCvc(e.target.value.trim())}
            data-testid="card-cvc"
          />
        </div>
        <TextField
          label={t('fiat.card.holder')}
          autoComplete="cc-name"
          value={holder}
          disabled={reviewing}
          onChange={(e) => setHolder(e.target.value)}
          data-testid="card-holder"
        />
        <dl className="fiat-summary" data-testid="card-summary">
          <dt>{t('fiat.card.fee')}</dt>
          <dd>{quote ? `${quote.fee} ${currency}` : '—'}</dd>
          <dt>{t('fiat.card.credited')}</dt>
          <dd className="fiat-strong">{quote ? `${quote.credited} ${currency}` : '—'}</dd>
        </dl>
        <p className="muted small">{t('fiat.card.feeRule')}</p>
        {charge.isError && (
          <p className="notice notice--error" role="alert">
            {errorText(charge.error, t)}
          </p>
        )}
        {reviewing && (
          <p className="fiat-confirm-note" data-testid="card-review">
            {t('fiat.card.reviewNote', {
              amount,
              currency,
              credited: quote?.credited ?? '',
            })}
          </p>
        )}
        <div className="fiat-actions">
          {reviewing && (
            <button type="button" className="button" onClick={() => setReviewing(false)}>
              {t('fiat.card.edit')}
            </button>
          )}
          <button
            type="submit"
            className="button button--primary"
            disabled={!ready || charge.isPending}
            data-testid="card-submit"
          >
            {t(reviewing ? 'fiat.card.pay' : 'fiat.card.continue')}
          </button>
        </div>
      </form>
      <aside className="panel fiat-notes">
        <h2>{t('fiat.card.notesTitle')}</h2>
        <ul>
          <li>{t('fiat.card.noteFee')}</li>
          <li>{t('fiat.card.noteCap')}</li>
          <li>{t('fiat.card.noteReview')}</li>
          <li>{t('fiat.card.noteSecure')}</li>
        </ul>
        {sandbox && (
          <div className="fiat-sandbox" data-testid="test-cards">
            <h3>{t('fiat.card.testCards')}</h3>
            <ul>
              <li>
                <code>{TEST_CARDS.SUCCEEDS}</code> {t('fiat.card.testSucceeds')}
              </li>
              <li>
                <code>{TEST_CARDS.DECLINED}</code> {t('fiat.card.testDeclined')}
              </li>
              <li>
                <code>{TEST_CARDS.REQUIRES_ACTION}</code> {t('fiat.card.testAction')}
              </li>
            </ul>
            <p className="muted small">{t('fiat.card.testRule')}</p>
          </div>
        )}
      </aside>
    </div>
  );
}

function CardResult({ id, onAgain }: { id: string; onAgain: () => void }) {
  const { t } = useTranslation();
  const q = useFiatDeposit(id);
  if (q.isPending) return <LoadingState />;
  const d = q.data;
  if (!d)
    return (
      <div className="panel fiat-gate">
        <button type="button" className="button" onClick={onAgain}>
          {t('fiat.card.again')}
        </button>
      </div>
    );
  return (
    <section className={`panel fiat-result fiat-result--${d.state}`} data-testid="card-result">
      <h2 data-testid="card-result-state">{t(`fiat.card.result.${d.state}`)}</h2>
      <p className="muted">{t(`fiat.card.resultBody.${d.state}`, { reason: d.reason ?? '' })}</p>
      <dl className="fiat-summary">
        <dt>{t('fiat.card.amount')}</dt>
        <dd>{`${d.amount} ${d.currency}`}</dd>
        <dt>{t('fiat.card.fee')}</dt>
        <dd>{`${d.fee} ${d.currency}`}</dd>
        <dt>{t('fiat.card.credited')}</dt>
        <dd className="fiat-strong">{`${d.credited} ${d.currency}`}</dd>
        <dt>{t('fiat.card.cardUsed')}</dt>
        <dd>{d.cardLast4 ? `${d.cardBrand ?? ''} •••• ${d.cardLast4}` : '—'}</dd>
      </dl>
      {!isFinal(d.state) && <LoadingState label={t('fiat.card.waiting')} />}
      <div className="fiat-actions">
        <button type="button" className="button" onClick={onAgain}>
          {t('fiat.card.again')}
        </button>
        <Link className="button button--primary" to={PATHS.fiatHistory}>
          {t('fiat.historyLink')}
        </Link>
      </div>
    </section>
  );
}
