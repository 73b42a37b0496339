import { KycPermission, RuntimeMode, kycAccessFor } from '@exchange/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { useProfile } from '../../../lib/profile';
import { updateSettings, useRuntimeMode } from '../../../lib/settings';
import { useAcceptAgreements, useAgreements } from '../api/fiat';
import { AgreementText } from './agreement-text';

/** The two fiat deposit pages share a header with the channel switch and the history link. */
export function FiatDepositFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="account-page fiat-page">
      <div className="fiat-head">
        <div>
          <h1>{t('fiat.title')}</h1>
          <p className="muted">{t('fiat.subtitle')}</p>
        </div>
        <Link className="button button--small" to={PATHS.fiatHistory}>
          {t('fiat.historyLink')}
        </Link>
      </div>
      <nav className="tabs" aria-label={t('fiat.channels')}>
        <NavLink
          className={({ isActive }) => `tab${isActive ? ' tab--active' : ''}`}
          to={PATHS.fiatChannel}
        >
          {t('fiat.tabs.bank')}
        </NavLink>
        <NavLink
          className={({ isActive }) => `tab${isActive ? ' tab--active' : ''}`}
          to={PATHS.otherFiatChannel}
        >
          {t('fiat.tabs.card')}
        </NavLink>
      </nav>
      <FiatGate>{children}</FiatGate>
    </div>
  );
}

/**
 * What the gateway would refuse, said before the form: Real mode only, identity-verified
 * accounts only, and both agreements of the current version accepted.
 */
function FiatGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const mode = useRuntimeMode();
  const profile = useProfile();
  if (mode !== RuntimeMode.REAL)
    return (
      <div className="panel fiat-gate" data-testid="real-only">
        <h2>{t('fiat.realOnly.title')}</h2>
        <p className="muted">{t('fiat.realOnly.body')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => updateSettings({ runtimeMode: RuntimeMode.REAL })}
        >
          {t('fiat.realOnly.action')}
        </button>
      </div>
    );
  if (profile.isPending) return <LoadingState />;
  const access = kycAccessFor(
    profile.data?.kycLevel ?? null,
    RuntimeMode.REAL,
    KycPermission.FIAT_DEPOSIT,
  );
  if (access !== 'FULL')
    return (
      <div className="panel fiat-gate" data-testid="kyc-needed">
        <h2>{t('fiat.kyc.title')}</h2>
        <p className="muted">{t('fiat.kyc.body')}</p>
        <Link className="button button--primary" to={PATHS.identity}>
          {t('fiat.kyc.action')}
        </Link>
      </div>
    );
  return <Agreements>{children}</Agreements>;
}

function Agreements({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const status = useAgreements();
  const accept = useAcceptAgreements();
  const [read, setRead] = useState(false);
  const [open, setOpen] = useState<'TRUST' | 'FUND_TRANSFER'>('TRUST');
  if (status.isPending) return <LoadingState />;
  if (status.isError)
    return (
      <ErrorState
        title={t('fiat.loadFailed')}
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  if (status.data.complete) return <>{children}</>;
  return (
    <section className="panel fiat-agreements" data-testid="fiat-agreements">
      <h2>{t('fiat.agreements.title')}</h2>
      <p className="muted">{t('fiat.agreements.intro')}</p>
      <div className="tabs" role="tablist">
        {(['TRUST', 'FUND_TRANSFER'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={open === k}
            className={`tab${open === k ? ' tab--active' : ''}`}
            onClick={() => setOpen(k)}
          >
            {t(`fiat.agreements.${k === 'TRUST' ? 'trust' : 'fundTransfer'}.title`)}
          </button>
        ))}
      </div>
      <AgreementText kind={open} version={status.data.version} />
      <label className="fiat-check">
        <input
          type="checkbox"
          checked={read}
          onChange={(e) => setRead(e.target.checked)}
          data-testid="agreements-read"
        />
        {t('fiat.agreements.confirm')}
      </label>
      {accept.isError && (
        <p className="notice notice--error" role="alert">
          {errorText(accept.error, t)}
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={!read || accept.isPending}
        onClick={() => accept.mutate()}
        data-testid="agreements-accept"
      >
        {t('fiat.agreements.accept')}
      </button>
    </section>
  );
}
