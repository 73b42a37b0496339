import { OptedOutLimitNote } from '../../../components/opted-out-limit-note';
import { KycPermission, RuntimeMode, kycAccessFor } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { useProfile } from '../../../lib/profile';
import { updateSettings, useRuntimeMode } from '../../../lib/settings';
import '../flash.css';

/** The head of every flash remittance page: title, subtitle and the three pages' tabs. */
export function FlashShell({
  title,
  subtitle,
  children,
  testId,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `button button--small${isActive ? ' button--primary' : ''}`;
  return (
    <div className="account-page flash-page" data-testid={testId}>
      <div className="flash-head">
        <div>
          <h1>{title}</h1>
          <p className="muted">{subtitle}</p>
        </div>
        <nav className="flash-tabs" aria-label={t('flash.tabs.label')}>
          <NavLink className={tab} to={PATHS.flashRemittance} end>
            {t('flash.tabs.initiate')}
          </NavLink>
          <NavLink className={tab} to={PATHS.flashHistory}>
            {t('flash.tabs.history')}
          </NavLink>
          <NavLink className={tab} to={PATHS.flashWhitelist}>
            {t('flash.tabs.whitelist')}
          </NavLink>
        </nav>
      </div>
      <FlashGate>{children}</FlashGate>
    </div>
  );
}

/**
 * Flash remittance is for identity-verified accounts in Real mode (spec section 6): the page
 * says so, with the way there, before showing a form the gateway would refuse.
 */
function FlashGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const mode = useRuntimeMode();
  const profile = useProfile();
  if (mode !== RuntimeMode.REAL)
    return (
      <div className="panel flash-gate" data-testid="real-only">
        <h2>{t('flash.realOnly.title')}</h2>
        <p className="muted">{t('flash.realOnly.body')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => updateSettings({ runtimeMode: RuntimeMode.REAL })}
        >
          {t('flash.realOnly.action')}
        </button>
      </div>
    );
  if (profile.isPending) return <LoadingState />;
  const level = profile.data?.kycLevel ?? null;
  const access = kycAccessFor(level, RuntimeMode.REAL, KycPermission.FLASH_REMITTANCE);
  if (access === 'FULL') return <>{children}</>;
  if (access === 'LIMITED')
    return (
      <>
        <OptedOutLimitNote permission={KycPermission.FLASH_REMITTANCE} />
        {children}
      </>
    );
  return (
    <div className="panel flash-gate" data-testid="kyc-needed">
      <h2>{t('flash.kyc.title')}</h2>
      <p className="muted">{t(access === 'OPTED_OUT' ? 'flash.kyc.optedOut' : 'flash.kyc.body')}</p>
      {access !== 'OPTED_OUT' && (
        <Link className="button button--primary" to={PATHS.identity}>
          {t('flash.kyc.action')}
        </Link>
      )}
    </div>
  );
}

/** A remittance's state in words (a terminated one says why). */
export function StateText({ status, reason }: { status: string; reason: string | null }) {
  const { t } = useTranslation();
  return (
    <span className={`flash-state flash-state--${status}`} data-testid="flash-state">
      {status === 'TERMINATED' && reason
        ? t(`flash.reasons.${reason as 'REJECTED' | 'EXPIRED' | 'CANCELLED'}`)
        : t(
            `flash.states.${status as 'AWAITING_RECIPIENT' | 'PROCESSING' | 'COMPLETED' | 'TERMINATED'}`,
          )}
    </span>
  );
}

/** "11 h 59 min" left until `iso` (0 when past). */
export function timeLeft(iso: string, now: number): { hours: number; minutes: number } {
  const ms = Math.max(0, Date.parse(iso) - now);
  return { hours: Math.floor(ms / 3_600_000), minutes: Math.floor((ms % 3_600_000) / 60_000) };
}
