import { KycPermission, RuntimeMode, kycAccessFor } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { useProfile } from '../../../lib/profile';
import { updateSettings, useRuntimeMode } from '../../../lib/settings';

/**
 * Fiat withdrawal is for identity-verified accounts in Real mode (spec section 6): the page says
 * so, with the way there, before showing a form the gateway would refuse.
 */
export function FiatGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const mode = useRuntimeMode();
  const profile = useProfile();
  if (mode !== RuntimeMode.REAL)
    return (
      <div className="panel fiat-gate" data-testid="real-only">
        <h2>{t('fiatOut.realOnly.title')}</h2>
        <p className="muted">{t('fiatOut.realOnly.body')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => updateSettings({ runtimeMode: RuntimeMode.REAL })}
        >
          {t('fiatOut.realOnly.action')}
        </button>
      </div>
    );
  if (profile.isPending) return <LoadingState />;
  const level = profile.data?.kycLevel ?? null;
  const access = kycAccessFor(level, RuntimeMode.REAL, KycPermission.FIAT_WITHDRAWAL);
  if (access === 'FULL') return <>{children}</>;
  return (
    <div className="panel fiat-gate" data-testid="kyc-needed">
      <h2>{t('fiatOut.kyc.title')}</h2>
      <p className="muted">
        {t(access === 'OPTED_OUT' ? 'fiatOut.kyc.optedOut' : 'fiatOut.kyc.body')}
      </p>
      {access !== 'OPTED_OUT' && (
        <Link className="button button--primary" to={PATHS.identity}>
          {t('fiatOut.kyc.action')}
        </Link>
      )}
    </div>
  );
}
