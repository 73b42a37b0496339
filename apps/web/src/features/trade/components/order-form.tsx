import {
  ErrorCode,
  KycPermission,
  OPTED_OUT_SPOT_LIMIT_USD_24H,
  RuntimeMode,
  kycAccessFor,
  type OrderSide,
  type OrderType,
} from '@exchange/contracts';
import { memo, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { PATHS, loginPath } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { updateSettings, useRuntimeMode } from '../../../lib/settings';
import { showToast } from '../../../lib/toast';
import { usePlaceOrder } from '../api';
import {
  adjustToStep,
  amountForPercent,
  fieldOfServerCode,
  fieldsFor,
  totalForPercent,
  validateOrder,
  type FieldError,
  type MarketContext,
  type OrderErrors,
  type OrderField,
  type OrderFormValues,
  type SymbolRules,
} from '../lib/validate';

export const ORDER_TYPES: OrderType[] = ['LIMIT', 'MARKET', 'ICEBERG', 'TRAILING', 'TRIGGER'];

interface Props {
  rules: SymbolRules;
  baseAsset: string;
  counterAsset: string;
  ctx: MarketContext;
  /** A price clicked in the book or trades; `n` changes on every click. */
  picked: { price: string; n: number } | null;
  /** An operator's maintenance of the symbol: no orders until it ends (the server says 1300). */
  maintenance?: { message: string } | null;
}

const EMPTY: Omit<OrderFormValues, 'type' | 'side' | 'shape'> = {
  price: '',
  amount: '',
  total: '',
  icebergSize: '',
  triggerPrice: '',
  trailingDelta: '',
  activationPrice: '',
};

/** A two-way choice inside the form (stop-limit or stop-market; a market buy by total or amount). */
function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="order-form__choice" role="radiogroup" aria-label={label}>
      <span className="order-form__choice-label">{label}</span>
      {options.map(([v, text]) => (
        <button
          key={v}
          type="button"
          role="radio"
          aria-checked={value === v}
          className={`order-form__choice-option${value === v ? ' is-active' : ''}`}
          onClick={() => onChange(v)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/**
 * What a user can do about a refusal: verify their identity (7001), practise in Demo (7001,
 * 7002: an opted-out account cannot verify without a new registration), or add funds (3001:
 * deposit in Real, the wallet's reset in Demo and Trial).
 */
function NextSteps({ code }: { code: string }) {
  const { t } = useTranslation();
  const mode = useRuntimeMode();
  const kyc = code === String(ErrorCode.KYC_LEVEL_INSUFFICIENT.code);
  const optedOut = code === String(ErrorCode.KYC_OPTED_OUT.code);
  const balance = code === String(ErrorCode.INSUFFICIENT_BALANCE.code);
  if (!kyc && !optedOut && !balance) return null;
  return (
    <div className="order-form__next" role="group" aria-label={t('trade.form.nextSteps')}>
      {kyc && (
        <Link className="button button--primary button--small" to={PATHS.identity}>
          {t('trade.form.verifyIdentity')}
        </Link>
      )}
      {balance && (
        <Link className="button button--primary button--small" to={`${PATHS.wallet}?type=wallet`}>
          {t(mode === RuntimeMode.REAL ? 'trade.form.deposit' : 'trade.form.topUp')}
        </Link>
      )}
      {(kyc || optedOut) && mode === RuntimeMode.REAL && (
        <button
          type="button"
          className="button button--small"
          onClick={() => updateSettings({ runtimeMode: RuntimeMode.DEMO })}
        >
          {t('trade.form.tryDemo')}
        </button>
      )}
    </div>
  );
}

/**
 * The order form, or why it is not available: logged out; in Real mode, an account whose
 * identity is not verified sees it disabled with the reason (enabled once the review approves
 * it), and an opted-out account trades within its limit.
 */
function OrderFormGate(props: Props) {
  const { t } = useTranslation();
  const { token } = useSession();
  const location = useLocation();
  if (!token) {
    const here = `${location.pathname}${location.search}`;
    return (
      <section
        className="trade-panel order-form order-form--locked"
        aria-labelledby="order-form-title"
      >
        <h2 id="order-form-title">{t('trade.form.title')}</h2>
        <p className="muted">{t('trade.form.loginInvite')}</p>
        <div className="order-form__actions">
          <Link className="button button--primary" to={loginPath(here)}>
            {t('nav.login')}
          </Link>
          <Link className="button" to={loginPath(here, 'register')}>
            {t('nav.register')}
          </Link>
        </div>
      </section>
    );
  }
  return <OrderFormBody {...props} />;
}

function OrderFormBody({ rules, baseAsset, counterAsset, ctx, picked, maintenance }: Props) {
  const { t } = useTranslation();
  const mode = useRuntimeMode();
  const { user } = useSession();
  const idBase = useId();
  const access = kycAccessFor(user?.kycLevel ?? null, mode, KycPermission.SPOT_TRADE);
  const paused = maintenance != null;
  const locked = access === 'INSUFFICIENT' || access === 'OPTED_OUT' || paused;
  const [type, setType] = useState<OrderType>('LIMIT');
  const [side, setSide] = useState<OrderSide>('BUY');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<OrderErrors>({});
  const [note, setNote] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  /** A stop executes at the market once triggered (stop-market) instead of at a limit price. */
  const [stopMarket, setStopMarket] = useState(false);
  /** A market buy sized by the amount of the base asset instead of by the total it spends. */
  const [byAmount, setByAmount] = useState(false);

  // A clicked price fills the price field of priced orders.
  useEffect(() => {
    if (!picked) return;
    setValues((v) => ({
      ...v,
      price: picked.price,
      triggerPrice: type === 'TRIGGER' && !v.triggerPrice ? picked.price : v.triggerPrice,
    }));
    setErrors((e) => ({ ...e, price: undefined }));
    // Only a new click fills the field: the form's own edits must not re-run this.
  }, [picked?.n]);

  useEffect(() => {
    setValues(EMPTY);
    setErrors({});
    setPercent(0);
  }, [rules.symbol]);

  const lockCode = String(
    paused
      ? ErrorCode.SYMBOL_UNDER_MAINTENANCE.code
      : access === 'OPTED_OUT'
        ? ErrorCode.KYC_OPTED_OUT.code
        : ErrorCode.KYC_LEVEL_INSUFFICIENT.code,
  );
  const lockParams = paused
    ? { symbol: rules.symbol.replace('_', '/'), message: maintenance.message }
    : undefined;
  const shape = {
    market: type === 'TRIGGER' && stopMarket,
    byAmount: type === 'MARKET' && side === 'BUY' && byAmount,
  };
  const fields = fieldsFor(type, side, shape);
  const full: OrderFormValues = { ...values, type, side, shape };

  const place = usePlaceOrder({
    onSuccess: () => {
      showToast(t('trade.form.placed'), 'success');
      setValues((v) => ({ ...EMPTY, price: v.price, triggerPrice: '' }));
      setPercent(0);
    },
  });
  const submitOrder = () => {
    // The form is disabled then; the server would refuse before looking at the balance.
    if (locked) return;
    const result = validateOrder(full, rules, ctx);
    setErrors(result.errors);
    if (!result.request) return;
    place.mutate(result.request, {
      onError: (error) => {
        if (error instanceof ApiError) {
          const named = fieldOfServerCode(error.code, error.data);
          // A field this shape does not show (a limit order's value): the form's own line.
          const field = fields.includes(named) ? named : 'form';
          const params =
            typeof error.data === 'object' && error.data !== null
              ? (error.data as Record<string, string>)
              : {};
          setErrors({ [field]: { code: error.code, params, message: error.message } });
        } else {
          setErrors({ form: { code: '1000' } });
        }
      },
    });
  };

  const set = (field: Exclude<OrderField, 'form'>) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
    setNote(null);
  };

  const onAmountBlur = () => {
    const adjusted = adjustToStep(values.amount, rules.stepSize);
    if (adjusted !== values.amount && values.amount.trim() !== '' && adjusted !== '') {
      setValues((v) => ({ ...v, amount: adjusted }));
      setNote(t('trade.form.adjusted', { stepSize: rules.stepSize, amount: adjusted }));
    }
  };

  const onSlide = (pct: number) => {
    setPercent(pct);
    setErrors({});
    if (fields.includes('total')) {
      setValues((v) => ({ ...v, total: pct === 0 ? '' : totalForPercent(pct, rules, ctx) }));
    } else {
      const price = values.price || ctx.lastPrice || '';
      setValues((v) => ({
        ...v,
        amount: pct === 0 ? '' : amountForPercent(pct, side, rules, ctx, price),
      }));
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    submitOrder();
  };

  const message = (err: FieldError | undefined) => {
    if (!err) return null;
    const params: Record<string, string> = { ...(err.params ?? {}) };
    if (params.field)
      params.field = t(`trade.form.fields.${params.field}` as 'trade.form.fields.price', {
        defaultValue: params.field,
      });
    return t(`error_${err.code}`, {
      ns: 'errors',
      ...params,
      defaultValue: err.message ?? t('common.unexpectedError'),
    });
  };

  const unit: Record<Exclude<OrderField, 'form'>, string> = {
    price: counterAsset,
    triggerPrice: counterAsset,
    trailingDelta: counterAsset,
    activationPrice: counterAsset,
    total: counterAsset,
    amount: baseAsset,
    icebergSize: baseAsset,
  };

  /** The allowed range under the amount and the total (spec: "allowed range shown as min to max"). */
  const range: Partial<Record<OrderField, string>> = {
    amount: t('trade.form.range', {
      min: formatNumber(rules.minQty),
      max: formatNumber(rules.maxQty ?? null),
      asset: baseAsset,
    }),
    total: t('trade.form.range', {
      min: formatNumber(rules.minNotional),
      max: formatNumber(rules.maxNotional ?? null),
      asset: counterAsset,
    }),
  };
  const reset = () => {
    setErrors({});
    setPercent(0);
  };

  const estTotal =
    !(type === 'MARKET' || shape.market) && values.price && values.amount
      ? Number(values.price) * Number(values.amount)
      : null;

  return (
    <section className="trade-panel order-form" aria-labelledby="order-form-title">
      <h2 id="order-form-title" className="visually-hidden">
        {t('trade.form.title')}
      </h2>
      <div className="order-form__sides" role="group" aria-label={t('trade.form.side')}>
        {(['BUY', 'SELL'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={`order-form__side order-form__side--${s.toLowerCase()}${side === s ? ' is-active' : ''}`}
            aria-pressed={side === s}
            onClick={() => {
              setSide(s);
              setErrors({});
              setPercent(0);
            }}
          >
            {t(s === 'BUY' ? 'trade.form.buy' : 'trade.form.sell')}
          </button>
        ))}
      </div>
      <div className="tabs order-form__types" role="tablist" aria-label={t('trade.form.type')}>
        {ORDER_TYPES.map((ot) => (
          <button
            key={ot}
            type="button"
            role="tab"
            aria-selected={type === ot}
            className={`tab${type === ot ? ' is-active' : ''}`}
            onClick={() => {
              setType(ot);
              setErrors({});
              setPercent(0);
            }}
          >
            {t(`trade.types.${ot}`)}
          </button>
        ))}
      </div>
      {locked && (
        <div
          className={`order-form__form-error order-form__locked-note${paused ? ' order-form__maintenance' : ''}`}
        >
          <p className="order-form__denied" role="alert" data-code={lockCode}>
            {message({ code: lockCode, ...(lockParams ? { params: lockParams } : {}) })}
          </p>
          <NextSteps code={lockCode} />
        </div>
      )}
      {access === 'LIMITED' && mode === RuntimeMode.REAL && (
        <p className="muted order-form__hint">
          {t('trade.form.limitedNote', { limitUsd: OPTED_OUT_SPOT_LIMIT_USD_24H })}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <fieldset className="order-form__fieldset" disabled={locked}>
          {type === 'TRIGGER' && (
            <Choice
              label={t('trade.form.execution')}
              value={stopMarket ? 'MARKET' : 'LIMIT'}
              options={[
                ['LIMIT', t('trade.form.execLimit')],
                ['MARKET', t('trade.form.execMarket')],
              ]}
              onChange={(v) => {
                setStopMarket(v === 'MARKET');
                reset();
              }}
            />
          )}
          {type === 'MARKET' && side === 'BUY' && (
            <Choice
              label={t('trade.form.sizeBy')}
              value={byAmount ? 'AMOUNT' : 'TOTAL'}
              options={[
                ['TOTAL', t('trade.form.fields.total')],
                ['AMOUNT', t('trade.form.fields.amount')],
              ]}
              onChange={(v) => {
                setByAmount(v === 'AMOUNT');
                reset();
              }}
            />
          )}
          {(type === 'MARKET' || shape.market) && (
            <p className="muted order-form__hint">{t('trade.form.marketPrice')}</p>
          )}
          {fields.map((field) => {
            if (field === 'form') return null;
            const id = `${idBase}-${field}`;
            const err = errors[field];
            const hint =
              field === 'activationPrice' ? t('trade.form.activationHint') : range[field];
            return (
              <div key={field} className={`order-form__field${err ? ' has-error' : ''}`}>
                <label htmlFor={id}>{t(`trade.form.fields.${field}`)}</label>
                <div className="order-form__input">
                  <input
                    id={id}
                    name={field}
                    inputMode="decimal"
                    autoComplete="off"
                    value={values[field]}
                    aria-invalid={err ? true : undefined}
                    aria-describedby={
                      [err ? `${id}-error` : '', hint ? `${id}-hint` : ''].join(' ').trim() ||
                      undefined
                    }
                    onChange={(e) => set(field)(e.target.value.replace(',', '.'))}
                    onBlur={field === 'amount' ? onAmountBlur : undefined}
                  />
                  <span className="order-form__unit">{unit[field]}</span>
                </div>
                {hint && (
                  <p id={`${id}-hint`} className="order-form__range">
                    {hint}
                  </p>
                )}
                {err && (
                  <p id={`${id}-error`} className="field-error" role="alert">
                    {message(err)}
                  </p>
                )}
              </div>
            );
          })}
          {note && (
            <p className="muted order-form__hint" role="status">
              {note}
            </p>
          )}
          <div className="order-form__slider">
            <label htmlFor={`${idBase}-pct`}>{t('trade.form.percent', { percent })}</label>
            <input
              id={`${idBase}-pct`}
              type="range"
              min={0}
              max={100}
              step={1}
              value={percent}
              list={`${idBase}-marks`}
              onChange={(e) => onSlide(Number(e.target.value))}
            />
            <datalist id={`${idBase}-marks`}>
              {[0, 25, 50, 75, 100].map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
          </div>
          <dl className="order-form__balances">
            <div>
              <dt>{t('trade.form.available', { asset: counterAsset })}</dt>
              <dd data-testid="available-quote">
                {formatNumber(ctx.availableQuote, { decimals: rules.counterDecimals })}
              </dd>
            </div>
            <div>
              <dt>{t('trade.form.available', { asset: baseAsset })}</dt>
              <dd data-testid="available-base">{formatNumber(ctx.availableBase)}</dd>
            </div>
            {estTotal !== null && Number.isFinite(estTotal) && (
              <div>
                <dt>{t('trade.form.estTotal')}</dt>
                <dd>
                  {formatNumber(estTotal.toFixed(rules.counterDecimals), {
                    decimals: rules.counterDecimals,
                  })}{' '}
                  {counterAsset}
                </dd>
              </div>
            )}
          </dl>
          {errors.form && (
            <div className="order-form__form-error">
              <p className="field-error" role="alert" data-code={errors.form.code}>
                {message(errors.form)}
              </p>
              <NextSteps code={errors.form.code} />
            </div>
          )}
          <button
            type="submit"
            className={`button order-form__submit order-form__submit--${side.toLowerCase()}`}
            disabled={place.isPending || locked}
          >
            {t(side === 'BUY' ? 'trade.form.submitBuy' : 'trade.form.submitSell', {
              asset: baseAsset,
            })}
          </button>
        </fieldset>
      </form>
    </section>
  );
}

/** Memoised: the trade screen passes stable props, so its other updates do not reach the form. */
export const OrderForm = memo(OrderFormGate);
