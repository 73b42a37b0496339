import {
  ErrorCode,
  FIAT_WITHDRAWAL_CURRENCIES,
  type BankAccount,
  type FiatWithdrawalCurrency,
} from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/form';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { formatTime } from '../../../lib/format';
import { errorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import {
  useAddBankAccount,
  useBankAccounts,
  useCheckBankAccount,
  useDeleteBankAccount,
  useSetBankCurrencies,
} from '../api/fiat-withdrawal';
import {
  accountNumberError,
  bankCodeError,
  holderError,
  normalSwift,
  railError,
  swiftError,
  textError,
} from '../lib/rules';
import { FiatGate } from './gates';
import { useFiatOutLive } from './live';
import { StepUpModal, type StepUpCodes } from '../../../components/step-up/step-up-modal';
import '../fiat-withdrawal.css';

const FIELDS = [
  'holderName',
  'accountNumber',
  'bankName',
  'bankCode',
  'swiftCode',
  'bankAddress',
] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string> & { currencies: FiatWithdrawalCurrency[] };
const EMPTY: Draft = {
  holderName: '',
  accountNumber: '',
  bankName: '',
  bankCode: '',
  swiftCode: '',
  bankAddress: '',
  currencies: ['USD'],
};

type Pending =
  | { kind: 'add'; body: Draft }
  | { kind: 'currencies'; account: BankAccount; currencies: FiatWithdrawalCurrency[] }
  | { kind: 'delete'; account: BankAccount };

/** /accountCenter/bankCardManage: the bank accounts fiat withdrawals may go to. */
export function BankCardPage() {
  const { t } = useTranslation();
  return (
    <div className="account-page fiat-page" data-testid="bank-card-page">
      <div className="fiat-head">
        <div>
          <h1>{t('fiatOut.bank.title')}</h1>
          <p className="muted">{t('fiatOut.bank.subtitle')}</p>
        </div>
        <Link className="button button--small" to={PATHS.withdrawAssets}>
          {t('fiatOut.bank.withdrawLink')}
        </Link>
      </div>
      <FiatGate>
        <BankAccounts />
      </FiatGate>
    </div>
  );
}

function BankAccounts() {
  const { t } = useTranslation();
  useFiatOutLive();
  const list = useBankAccounts();
  const add = useAddBankAccount();
  const setCurrencies = useSetBankCurrencies();
  const remove = useDeleteBankAccount();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const mutation =
    pending?.kind === 'add' ? add : pending?.kind === 'currencies' ? setCurrencies : remove;

  const close = () => {
    setPending(null);
    mutation.reset();
  };
  const run = (codes: StepUpCodes) => {
    if (!pending) return;
    const done = (text: string) => () => {
      setPending(null);
      setAdding(false);
      showToast(text, 'success');
    };
    if (pending.kind === 'add')
      add.mutate(
        { ...pending.body, swiftCode: normalSwift(pending.body.swiftCode), ...codes },
        { onSuccess: done(t('fiatOut.bank.added')) },
      );
    else if (pending.kind === 'currencies')
      setCurrencies.mutate(
        { id: pending.account.id, currencies: pending.currencies, ...codes },
        { onSuccess: done(t('fiatOut.bank.saved')) },
      );
    else
      remove.mutate(
        { id: pending.account.id, ...codes },
        { onSuccess: done(t('fiatOut.bank.deleted')) },
      );
  };

  const accounts = list.data ?? [];
  const takenBy = (c: string, id?: string) =>
    accounts.find((a) => a.id !== id && a.currencies.includes(c));

  return (
    <>
      <section className="panel fiat-rules">
        <h2>{t('fiatOut.bank.rulesTitle')}</h2>
        <ul>
          <li>{t('fiatOut.bank.rules.own')}</li>
          <li>{t('fiatOut.bank.rules.joint')}</li>
          <li>{t('fiatOut.bank.rules.currency')}</li>
          <li>{t('fiatOut.bank.rules.fixed')}</li>
          <li>{t('fiatOut.bank.rules.verified')}</li>
        </ul>
      </section>
      <section className="panel fiat-list" data-testid="bank-accounts">
        <div className="fiat-list__head">
          <h2>{t('fiatOut.bank.listTitle')}</h2>
          {!adding && (
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => setAdding(true)}
              data-testid="add-bank-account"
            >
              {t('fiatOut.bank.add')}
            </button>
          )}
        </div>
        {adding && (
          <AddForm
            onCancel={() => setAdding(false)}
            onSubmit={(body) => setPending({ kind: 'add', body })}
            takenBy={(c) => takenBy(c)?.bankName ?? null}
          />
        )}
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorState
            title={t('fiatOut.bank.listTitle')}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : accounts.length === 0 ? (
          <EmptyState title={t('fiatOut.bank.empty')} />
        ) : (
          <ul className="fiat-cards">
            {accounts.map((a) => (
              <AccountCard
                key={a.id}
                account={a}
                takenBy={(c) => takenBy(c, a.id)?.bankName ?? null}
                onCurrencies={(currencies) =>
                  setPending({ kind: 'currencies', account: a, currencies })
                }
                onDelete={() => setPending({ kind: 'delete', account: a })}
              />
            ))}
          </ul>
        )}
      </section>
      <StepUpModal
        open={pending !== null}
        onClose={close}
        title={
          pending?.kind === 'delete'
            ? t('fiatOut.bank.deleteTitle')
            : pending?.kind === 'currencies'
              ? t('fiatOut.bank.linkTitle')
              : t('fiatOut.bank.addTitle')
        }
        submitLabel={t('common.confirm')}
        pending={mutation.isPending}
        error={mutation.error}
        onSubmit={run}
        testId="bank-confirm"
      >
        {pending?.kind === 'add' && (
          <dl className="fiat-summary">
            <dt>{t('fiatOut.fields.holderName')}</dt>
            <dd>{pending.body.holderName}</dd>
            <dt>{t('fiatOut.fields.accountNumber')}</dt>
            <dd>{pending.body.accountNumber}</dd>
            <dt>{t('fiatOut.fields.swiftCode')}</dt>
            <dd>{normalSwift(pending.body.swiftCode)}</dd>
            <dt>{t('fiatOut.fields.currencies')}</dt>
            <dd>{pending.body.currencies.join(', ') || t('fiatOut.bank.none')}</dd>
          </dl>
        )}
        {pending && pending.kind !== 'add' && (
          <p>
            {pending.account.bankName} {pending.account.maskedAccountNumber}
            {pending.kind === 'currencies' &&
              ` → ${pending.currencies.join(', ') || t('fiatOut.bank.none')}`}
          </p>
        )}
      </StepUpModal>
    </>
  );
}

function CurrencyChoice({
  value,
  onChange,
  takenBy,
  disabled,
}: {
  value: FiatWithdrawalCurrency[];
  onChange: (v: FiatWithdrawalCurrency[]) => void;
  takenBy: (c: string) => string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="fiat-currencies" disabled={disabled}>
      <legend className="field__label">{t('fiatOut.fields.currencies')}</legend>
      {FIAT_WITHDRAWAL_CURRENCIES.map((c) => {
        const other = takenBy(c);
        return (
          <label key={c} className="fiat-check">
            <input
              type="checkbox"
              name={`currency-${c}`}
              checked={value.includes(c)}
              disabled={other !== null}
              onChange={(e) =>
                onChange(e.target.checked ? [...value, c] : value.filter((x) => x !== c))
              }
            />
            <span>{c}</span>
            {other && <span className="muted">{t('fiatOut.bank.takenBy', { bank: other })}</span>}
          </label>
        );
      })}
    </fieldset>
  );
}

/** The field a refusal of the gateway's check is about; other refusals are said below the form. */
const REFUSED_FIELD = new Map<string, Field>([
  [String(ErrorCode.BANK_HOLDER_MISMATCH.code), 'holderName'],
  [String(ErrorCode.BANK_JOINT_ACCOUNT.code), 'holderName'],
  [String(ErrorCode.BANK_RAIL_UNSUPPORTED.code), 'bankName'],
  [String(ErrorCode.BANK_SWIFT_INVALID.code), 'swiftCode'],
  [String(ErrorCode.BANK_ACCOUNT_NUMBER_INVALID.code), 'accountNumber'],
  [String(ErrorCode.BANK_CODE_INVALID.code), 'bankCode'],
]);

function refusedField(err: unknown): Field | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const named = (err.data as { field?: unknown } | null)?.field;
  if (typeof named === 'string' && (FIELDS as readonly string[]).includes(named))
    return named as Field;
  return REFUSED_FIELD.get(err.code);
}

function AddForm({
  onCancel,
  onSubmit,
  takenBy,
}: {
  onCancel: () => void;
  onSubmit: (body: Draft) => void;
  takenBy: (c: string) => string | null;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>({
    ...EMPTY,
    currencies: EMPTY.currencies.filter((c) => takenBy(c) === null),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const checkRules = useCheckBankAccount();
  const [refusal, setRefusal] = useState<string | null>(null);

  const check = (d: Draft) => ({
    holderName: holderError(d.holderName, t),
    accountNumber: accountNumberError(d.accountNumber, t),
    bankName: textError(d.bankName, t) ?? railError(d.bankName, d.swiftCode, t),
    bankCode: bankCodeError(d.bankCode, t),
    swiftCode: swiftError(d.swiftCode, t),
    bankAddress: textError(d.bankAddress, t),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = check(draft);
    setErrors(next);
    setRefusal(null);
    if (Object.values(next).some(Boolean)) return;
    // The gateway's rules (the holder is the verified name, the account not whitelisted yet, a
    // currency free) before the codes are asked for: a refusal is said here, next to the fields.
    const body = { ...draft, swiftCode: normalSwift(draft.swiftCode) };
    checkRules.mutate(body, {
      onSuccess: () => onSubmit({ ...draft }),
      onError: (err) => {
        const text = errorText(err, t);
        const field = refusedField(err);
        if (field) setErrors({ ...next, [field]: text });
        else setRefusal(text);
      },
    });
  };
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const d = { ...draft, [field]: e.target.value };
    setDraft(d);
    if (errors[field]) setErrors({ ...errors, [field]: check(d)[field] });
  };

  return (
    <form className="form fiat-form" onSubmit={submit} noValidate data-testid="bank-form">
      <div className="fiat-grid">
        {FIELDS.map((f) => (
          <TextField
            key={f}
            name={f}
            label={t(`fiatOut.fields.${f}`)}
            hint={t(`fiatOut.hints.${f}`)}
            value={draft[f]}
            onChange={set(f)}
            error={errors[f] ?? null}
            autoComplete="off"
            maxLength={f === 'swiftCode' ? 14 : 100}
          />
        ))}
      </div>
      <CurrencyChoice
        value={draft.currencies}
        onChange={(currencies) => setDraft({ ...draft, currencies })}
        takenBy={takenBy}
      />
      {refusal && (
        <p className="notice notice--error" role="alert" data-testid="bank-refusal">
          {refusal}
        </p>
      )}
      <div className="fiat-actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={checkRules.isPending}>
          {t('fiatOut.bank.addSubmit')}
        </button>
      </div>
    </form>
  );
}

function AccountCard({
  account: a,
  takenBy,
  onCurrencies,
  onDelete,
}: {
  account: BankAccount;
  takenBy: (c: string) => string | null;
  onCurrencies: (c: FiatWithdrawalCurrency[]) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [currencies, setCurrencies] = useState(a.currencies as FiatWithdrawalCurrency[]);
  return (
    <li className="fiat-card" data-bank-account={a.id}>
      <div className="fiat-card__top">
        <strong>{a.bankName}</strong>
        <span className="fiat-badges">
          <span
            className={`fiat-badge fiat-badge--${a.linked ? 'on' : 'off'}`}
            data-testid="badge-linked"
          >
            {t(a.linked ? 'fiatOut.bank.badges.linked' : 'fiatOut.bank.badges.unlinked')}
          </span>
          <span
            className={`fiat-badge fiat-badge--${a.verified ? 'on' : 'warn'}`}
            data-testid="badge-verified"
          >
            {t(a.verified ? 'fiatOut.bank.badges.verified' : 'fiatOut.bank.badges.unverified')}
          </span>
          {a.linkLocked && (
            <span className="fiat-badge fiat-badge--off">{t('fiatOut.bank.badges.locked')}</span>
          )}
        </span>
      </div>
      <dl className="fiat-summary">
        <dt>{t('fiatOut.fields.holderName')}</dt>
        <dd>{a.holderName}</dd>
        <dt>{t('fiatOut.fields.accountNumber')}</dt>
        <dd>{a.accountNumber}</dd>
        <dt>{t('fiatOut.fields.swiftCode')}</dt>
        <dd>{a.swiftCode}</dd>
        <dt>{t('fiatOut.fields.bankCode')}</dt>
        <dd>{a.bankCode}</dd>
        <dt>{t('fiatOut.fields.bankAddress')}</dt>
        <dd>{a.bankAddress}</dd>
        <dt>{t('fiatOut.fields.currencies')}</dt>
        <dd>{a.currencies.join(', ') || t('fiatOut.bank.none')}</dd>
        <dt>{t('fiatOut.bank.addedAt')}</dt>
        <dd>{formatTime(a.createdAt)}</dd>
      </dl>
      {!a.verified && <p className="muted">{t('fiatOut.bank.unverifiedNote')}</p>}
      {a.linkLocked ? (
        <p className="muted">{t('fiatOut.bank.lockedNote')}</p>
      ) : editing ? (
        <div className="fiat-edit">
          <CurrencyChoice value={currencies} onChange={setCurrencies} takenBy={takenBy} />
          <div className="fiat-actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setEditing(false)}
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setEditing(false);
                onCurrencies(currencies);
              }}
            >
              {t('fiatOut.bank.saveLinks')}
            </button>
          </div>
        </div>
      ) : (
        <div className="fiat-actions fiat-actions--start">
          <button type="button" className="button button--small" onClick={() => setEditing(true)}>
            {t('fiatOut.bank.editLinks')}
          </button>
          <button type="button" className="button button--small button--ghost" onClick={onDelete}>
            {t('fiatOut.bank.delete')}
          </button>
        </div>
      )}
    </li>
  );
}
