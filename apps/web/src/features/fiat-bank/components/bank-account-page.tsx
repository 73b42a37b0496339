import { useState } from 'react';
import { RuntimeMode, type PartnerBankAccountView } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { useProfile } from '../../../lib/profile';
import { updateSettings, useRuntimeMode } from '../../../lib/settings';
import { useBankAccount, useEkycLink, useOpenBankAccount } from '../api/bank-account';
import '../fiat-bank.css';

type View = PartnerBankAccountView;
type State = View['state'];

const STEP_OF: Record<State, number> = {
  NONE: 0,
  OPENING: 0,
  OPEN_FAILED: 0,
  EKYC_PENDING: 1,
  EKYC_FAILED: 1,
  ACTIVE: 2,
};
const TONE: Record<State, string> = {
  NONE: 'idle',
  OPENING: 'busy',
  OPEN_FAILED: 'bad',
  EKYC_PENDING: 'busy',
  EKYC_FAILED: 'bad',
  ACTIVE: 'ok',
};

const when = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * The certification centre's partner-bank steps (/accountCenter/identity/bankAccount): open the
 * USD/EUR virtual account (fees shown and agreed first), then the bank's e-KYC link (valid 1
 * hour; regenerate after expiry or failure), then the active account's details.
 */
export function BankAccountPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const mode = useRuntimeMode();
  const user = profile.data;
  const verified = !!user && user.kycLevel !== null && user.kycLevel > 0;
  const account = useBankAccount(verified && mode === RuntimeMode.REAL);

  return (
    <div className="bank-page">
      <header className="bank-head">
        <h1>{t('fiatBank.title')}</h1>
        <p className="muted">{t('fiatBank.subtitle')}</p>
      </header>
      {profile.isPending ? (
        <LoadingState />
      ) : !verified ? (
        <Unverified optedOut={user?.kycLevel === -1} />
      ) : mode !== RuntimeMode.REAL ? (
        <RealOnly />
      ) : account.isPending ? (
        <LoadingState />
      ) : account.isError || !account.data ? (
        <ErrorState
          title={t('fiatBank.title')}
          error={account.error}
          onRetry={() => void account.refetch()}
        />
      ) : (
        <Body view={account.data} />
      )}
    </div>
  );
}

function Unverified({ optedOut }: { optedOut: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="panel bank-gate" role="status">
      <h2>{t('fiatBank.gate.unverifiedTitle')}</h2>
      <p className="muted">
        {optedOut ? t('fiatBank.gate.optedOut') : t('fiatBank.gate.unverifiedBody')}
      </p>
      {!optedOut && (
        <Link className="button button--primary" to={PATHS.identity}>
          {t('fiatBank.gate.unverifiedAction')}
        </Link>
      )}
    </div>
  );
}

function RealOnly() {
  const { t } = useTranslation();
  return (
    <div className="panel bank-gate" role="status">
      <h2>{t('fiatBank.gate.realOnlyTitle')}</h2>
      <p className="muted">{t('fiatBank.gate.realOnlyBody')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => updateSettings({ runtimeMode: RuntimeMode.REAL })}
      >
        {t('fiatBank.gate.realOnlyAction')}
      </button>
    </div>
  );
}

function Steps({ state }: { state: State }) {
  const { t } = useTranslation();
  const current = STEP_OF[state];
  const names = ['open', 'ekyc', 'active'] as const;
  return (
    <ol className="bank-steps" aria-label={t('fiatBank.title')}>
      {names.map((name, i) => (
        <li
          key={name}
          className={`bank-steps__item${i < current || state === 'ACTIVE' ? ' is-done' : ''}${
            i === current && state !== 'ACTIVE' ? ' is-current' : ''
          }`}
        >
          <span className="bank-steps__num">{i + 1}</span>
          <span>{t(`fiatBank.steps.${name}`)}</span>
        </li>
      ))}
    </ol>
  );
}

function Body({ view }: { view: View }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="panel bank-panel" data-state={view.state}>
        <div className="bank-panel__top">
          <Steps state={view.state} />
          <span className={`bank-badge bank-badge--${TONE[view.state]}`} data-testid="bank-state">
            {t(`fiatBank.states.${view.state}`)}
          </span>
        </div>
        {(view.state === 'NONE' || view.state === 'OPEN_FAILED') && <OpenStep view={view} />}
        {view.state === 'OPENING' && (
          <p className="bank-wait" role="status">
            <span className="bank-spinner" aria-hidden="true" />
            {t('fiatBank.open.opening')}
          </p>
        )}
        {(view.state === 'EKYC_PENDING' || view.state === 'EKYC_FAILED') && (
          <EkycStep view={view} />
        )}
        {view.state === 'ACTIVE' && <ActiveStep view={view} />}
      </section>
      {view.accountNumber && <AccountDetails view={view} />}
      <Fees view={view} />
    </>
  );
}

function OpenStep({ view }: { view: View }) {
  const { t } = useTranslation();
  const open = useOpenBankAccount();
  const [agreed, setAgreed] = useState(false);
  const failed = view.state === 'OPEN_FAILED';
  return (
    <div className="bank-step">
      {failed && (
        <div className="bank-alert bank-alert--bad" role="alert">
          <strong>{t('fiatBank.open.failedTitle')}</strong>
          <p>{t('fiatBank.open.failedBody', { reason: view.failureReason ?? '-' })}</p>
        </div>
      )}
      <p className="muted">{t('fiatBank.open.intro')}</p>
      <FeeSummary view={view} />
      <label className="bank-agree">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
          data-testid="bank-agree"
        />
        <span>{t('fiatBank.open.agree')}</span>
      </label>
      {open.error && (
        <p className="bank-error" role="alert">
          {open.error.message}
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={!agreed || open.isPending}
        onClick={() => open.mutate()}
        data-testid="bank-open"
      >
        {failed ? t('fiatBank.open.retry') : t('fiatBank.open.submit')}
      </button>
    </div>
  );
}

function EkycStep({ view }: { view: View }) {
  const { t, i18n } = useTranslation();
  const link = useEkycLink();
  const failed = view.state === 'EKYC_FAILED';
  const ekyc = view.ekyc;
  const usable = !failed && ekyc && !ekyc.expired;
  return (
    <div className="bank-step">
      <h2>{t('fiatBank.ekyc.title')}</h2>
      {failed && (
        <div className="bank-alert bank-alert--bad" role="alert">
          <strong>{t('fiatBank.ekyc.failedTitle')}</strong>
          <p>{t('fiatBank.ekyc.failedBody', { reason: view.failureReason ?? '-' })}</p>
        </div>
      )}
      {!failed && ekyc?.expired && (
        <div className="bank-alert bank-alert--warn" role="alert" data-testid="ekyc-expired">
          {t('fiatBank.ekyc.expired')}
        </div>
      )}
      <p className="muted">{t('fiatBank.ekyc.intro')}</p>
      {link.error && (
        <p className="bank-error" role="alert">
          {link.error.message}
        </p>
      )}
      {usable ? (
        <div className="bank-ekyc">
          <a
            className="button button--primary"
            href={ekyc.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="ekyc-continue"
          >
            {t('fiatBank.ekyc.continue')}
          </a>
          <span className="muted">
            {t('fiatBank.ekyc.validUntil', { time: when(ekyc.expiresAt, i18n.language) })}
          </span>
          <p className="bank-wait" role="status">
            <span className="bank-spinner" aria-hidden="true" />
            {t('fiatBank.ekyc.waiting')}
          </p>
        </div>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={link.isPending || (!!ekyc && !view.canRegenerateLink)}
          onClick={() => {
            // One click: the bank's page opens in a new tab as soon as the link arrives. The tab
            // is opened now, inside the click (a tab opened after the request would be blocked
            // as a pop-up), and closed again if no link comes.
            const tab = window.open('', '_blank');
            if (tab) tab.opener = null;
            link.mutate(undefined, {
              onSuccess: (next) => {
                const url = next.ekyc && !next.ekyc.expired ? next.ekyc.url : null;
                if (tab && url) tab.location.href = url;
                else tab?.close();
              },
              onError: () => tab?.close(),
            });
          }}
          data-testid="ekyc-link"
        >
          {ekyc || failed ? t('fiatBank.ekyc.regenerate') : t('fiatBank.ekyc.getLink')}
        </button>
      )}
    </div>
  );
}

function ActiveStep({ view }: { view: View }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="bank-step">
      <div className="bank-alert bank-alert--ok" role="status">
        <strong>{t('fiatBank.active.title')}</strong>
        <p>{t('fiatBank.active.body')}</p>
        {view.activatedAt && (
          <p className="muted">
            {t('fiatBank.active.since', { time: when(view.activatedAt, i18n.language) })}
          </p>
        )}
      </div>
      <Link className="button button--primary" to={PATHS.fiatChannel}>
        {t('fiatBank.active.deposit')}
      </Link>
    </div>
  );
}

function CopyValue({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <span className="bank-copy">
      <span className="num" data-testid={testId}>
        {value}
      </span>
      <button
        type="button"
        className="button"
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {copied ? t('fiatBank.account.copied') : t('fiatBank.account.copy')}
      </button>
    </span>
  );
}

function AccountDetails({ view }: { view: View }) {
  const { t } = useTranslation();
  return (
    <section className="panel bank-panel" aria-labelledby="bank-account-title">
      <h2 id="bank-account-title">{t('fiatBank.account.title')}</h2>
      <dl className="bank-details">
        <dt>{t('fiatBank.account.number')}</dt>
        <dd>
          <CopyValue value={view.accountNumber ?? ''} testId="bank-account-number" />
        </dd>
        <dt>{t('fiatBank.account.name')}</dt>
        <dd>{view.accountName}</dd>
        <dt>{t('fiatBank.account.bank')}</dt>
        <dd>{view.bank.bankName}</dd>
        <dt>{t('fiatBank.account.bankCode')}</dt>
        <dd className="num">{view.bank.bankCode}</dd>
        <dt>{t('fiatBank.account.swift')}</dt>
        <dd>
          <CopyValue value={view.bank.swiftCode} />
        </dd>
        <dt>{t('fiatBank.account.address')}</dt>
        <dd>{view.bank.bankAddress}</dd>
        <dt>{t('fiatBank.account.currencies')}</dt>
        <dd>{view.currencies.join(', ')}</dd>
      </dl>
    </section>
  );
}

function FeeSummary({ view }: { view: View }) {
  const { t } = useTranslation();
  const { currency, opening, monthly } = view.fees;
  return (
    <dl className="bank-fees" data-testid="bank-fees">
      <dt>{t('fiatBank.fees.opening')}</dt>
      <dd className="num">{t('fiatBank.fees.once', { amount: opening, currency })}</dd>
      <dt>{t('fiatBank.fees.monthly')}</dt>
      <dd className="num">{t('fiatBank.fees.perMonth', { amount: monthly, currency })}</dd>
    </dl>
  );
}

function Fees({ view }: { view: View }) {
  const { t, i18n } = useTranslation();
  const { currency, owed, history } = view.fees;
  return (
    <section className="panel bank-panel" aria-labelledby="bank-fees-title">
      <h2 id="bank-fees-title">{t('fiatBank.fees.title')}</h2>
      <FeeSummary view={view} />
      <p className="muted">{t('fiatBank.fees.rule', { currency })}</p>
      {Number(owed) > 0 && (
        <p className="bank-alert bank-alert--warn" role="status">
          {t('fiatBank.fees.owed', { amount: owed, currency })}
        </p>
      )}
      {history.length > 0 && (
        <>
          <h3>{t('fiatBank.fees.history')}</h3>
          <div className="bank-table-wrap">
            <table className="bank-table">
              <thead>
                <tr>
                  <th scope="col">{t('fiatBank.fees.kind')}</th>
                  <th scope="col">{t('fiatBank.fees.period')}</th>
                  <th scope="col">{t('fiatBank.fees.amount')}</th>
                  <th scope="col">{t('fiatBank.fees.state')}</th>
                  <th scope="col">{t('fiatBank.fees.date')}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((f) => (
                  <tr key={`${f.kind}-${f.period ?? ''}`}>
                    <td>{t(`fiatBank.fees.kinds.${f.kind}`)}</td>
                    <td className="num">{f.period ?? '-'}</td>
                    <td className="num">
                      {f.amount} {f.currency}
                    </td>
                    <td>{t(`fiatBank.fees.feeStates.${f.state}`)}</td>
                    <td className="num">{when(f.settledAt ?? f.createdAt, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
