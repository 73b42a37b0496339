import type { BankDepositInstructions } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { useBankInstructions } from '../api/fiat';
import { FiatDepositFrame } from './fiat-gate';
import { useFiatLive } from './live';
import '../fiat.css';

/** /fiatChannel/JYB: the user's virtual account at the partner bank, to send USD or EUR to. */
export function BankDepositPage() {
  return (
    <FiatDepositFrame>
      <BankInstructions />
    </FiatDepositFrame>
  );
}

function BankInstructions() {
  const { t } = useTranslation();
  useFiatLive();
  const q = useBankInstructions(true);
  if (q.isPending) return <LoadingState />;
  if (q.isError)
    return (
      <ErrorState title={t('fiat.loadFailed')} error={q.error} onRetry={() => void q.refetch()} />
    );
  const d = q.data;
  if (d.status !== 'ACTIVE') return <NotOpen status={d.status} />;
  return (
    <div className="fiat-grid">
      <section className="panel" data-testid="bank-instructions">
        <h2>{t('fiat.bank.title')}</h2>
        <p className="muted">{t('fiat.bank.intro', { currencies: d.currencies.join(', ') })}</p>
        <dl className="fiat-details">
          <Row label={t('fiat.bank.accountName')} value={d.accountName ?? ''} />
          <Row label={t('fiat.bank.accountNumber')} value={d.accountNumber ?? ''} copy />
          <Row label={t('fiat.bank.bankName')} value={d.bankName} />
          <Row label={t('fiat.bank.swift')} value={d.swiftCode} copy />
          <Row label={t('fiat.bank.bankCode')} value={d.bankCode} />
          <Row label={t('fiat.bank.bankAddress')} value={d.bankAddress} />
          <Row label={t('fiat.bank.reference')} value={d.reference} copy />
          <Row label={t('fiat.bank.currencies')} value={d.currencies.join(', ')} />
        </dl>
      </section>
      <aside className="panel fiat-notes">
        <h2>{t('fiat.bank.rulesTitle')}</h2>
        <ul>
          <li>{t('fiat.bank.ruleOwn')}</li>
          <li>{t('fiat.bank.ruleCurrencies')}</li>
          <li>{t('fiat.bank.ruleReview')}</li>
          <li>{t('fiat.bank.ruleFree')}</li>
          <li>{t('fiat.bank.ruleActivate')}</li>
        </ul>
        <LinkedAccounts accounts={d.linkedAccounts} />
      </aside>
    </div>
  );
}

function Row({ label, value, copy }: { label: string; value: string; copy?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <span className="fiat-mono">{value}</span>
        {copy && (
          <button
            type="button"
            className="field__action"
            onClick={() => void navigator.clipboard?.writeText(value)}
          >
            {t('fiat.copy')}
          </button>
        )}
      </dd>
    </>
  );
}

function LinkedAccounts({ accounts }: { accounts: BankDepositInstructions['linkedAccounts'] }) {
  const { t } = useTranslation();
  return (
    <div className="fiat-linked">
      <h3>{t('fiat.bank.linkedTitle')}</h3>
      {accounts.length === 0 ? (
        <p className="muted">
          {t('fiat.bank.noLinked')}{' '}
          <Link to={PATHS.bankCardManage}>{t('fiat.bank.manageLinked')}</Link>
        </p>
      ) : (
        <ul>
          {accounts.map((a) => (
            <li key={a.currency}>
              <strong>{a.currency}</strong> {a.holderName} · {a.bankName} {a.accountNumberMasked}{' '}
              <span className={`badge${a.verified ? ' badge--ok' : ''}`}>
                {t(a.verified ? 'fiat.bank.verified' : 'fiat.bank.unverified')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NotOpen({ status }: { status: BankDepositInstructions['status'] }) {
  const { t } = useTranslation();
  return (
    <div className="panel fiat-gate" data-testid="bank-not-open">
      <h2>{t(`fiat.bank.notOpen.${status}`)}</h2>
      <p className="muted">{t('fiat.bank.notOpen.body')}</p>
      <Link className="button button--primary" to={PATHS.identity}>
        {t('fiat.bank.notOpen.action')}
      </Link>
    </div>
  );
}
