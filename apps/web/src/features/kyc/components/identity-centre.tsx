import {
  EntityType,
  INSTITUTION_STEPS,
  KycPermission,
  RuntimeMode,
  kycPermissionsFor,
  type KycApplicationView,
  type KycStatus,
  type KycStep,
  type KycStepState,
} from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { useApiClient } from '../../../lib/api-context';
import { profileQueryOptions } from '../../../lib/profile';
import { useSession } from '../../../lib/session';
import { useKycApplication } from '../api/kyc';
import '../kyc.css';

const FEATURES = Object.values(KycPermission);

interface Shown {
  status: KycStatus;
  level: number;
  reason: string | null;
  steps: { step: KycStep; state: KycStepState }[];
}

/** Without an answer from the application route, the profile's level tells what to show. */
function fallback(kycLevel: number | null, institution: boolean): Shown {
  const verified = kycLevel !== null && kycLevel > 0;
  return {
    status: verified ? 'PASS' : 'NOT_SUBMITTED',
    level: Math.max(kycLevel ?? 0, 0),
    reason: null,
    steps: institution
      ? INSTITUTION_STEPS.map((step) => ({ step, state: verified ? 'APPROVED' : 'PENDING' }))
      : [],
  };
}

/** The level is the profile's (read again on approval), the application's answer may predate it. */
const shown = (a: KycApplicationView, kycLevel: number | null): Shown => ({
  status: a.status,
  level: Math.max(a.level ?? 0, kycLevel ?? 0, 0),
  reason: a.reason,
  steps: a.steps,
});

const STATUS_TONE: Record<KycStatus, string> = {
  NOT_SUBMITTED: 'idle',
  AFOOT: 'busy',
  PASS: 'ok',
  REJECT: 'bad',
  FAILED: 'bad',
};

/** The institution's four steps with their states (bank link and deposit finish in the fiat pages). */
export function InstitutionSteps({ steps }: { steps: Shown['steps'] }) {
  const { t } = useTranslation();
  return (
    <ol className="kyc-inst-steps" aria-label={t('kyc.centre.instStepsTitle')}>
      {steps
        .filter((s) => INSTITUTION_STEPS.includes(s.step))
        .map(({ step, state }) => (
          <li key={step} className="kyc-inst-steps__item" data-step={step}>
            <span className="kyc-inst-steps__name">
              {t(`kyc.centre.instSteps.${step}` as 'kyc.centre.instSteps.DEPOSIT')}
            </span>
            <span className={`kyc-state kyc-state--${state.toLowerCase()}`}>
              {t(`kyc.stepStates.${state}`)}
            </span>
          </li>
        ))}
    </ol>
  );
}

/** The certification centre: the review's state, the level and what each level unlocks. */
export function IdentityCentrePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const status = useKycApplication();
  const queryClient = useQueryClient();
  const client = useApiClient();
  const approved = status.data?.status === 'PASS';

  // An approval changes the level and the permissions: the header and the order form follow it.
  useEffect(() => {
    if (approved && user && !(user.kycLevel !== null && user.kycLevel > 0)) {
      queryClient
        .fetchQuery({ ...profileQueryOptions(client), staleTime: 0 })
        .catch(() => undefined);
    }
  }, [approved, user?.kycLevel]);

  if (!user) return <LoadingState />;
  const institution = user.entityType === EntityType.INSTITUTION;
  const formPath = institution ? PATHS.institutionKyc : PATHS.individualKyc;
  const state = status.data
    ? shown(status.data, user.kycLevel)
    : fallback(user.kycLevel, institution);
  const optedOut = user.kycLevel === -1;
  const levels = [0, 1];

  return (
    <div className="kyc-centre">
      <section className="kyc-page panel" aria-labelledby="kyc-centre-title">
        <h1 id="kyc-centre-title">{t('kyc.centre.title')}</h1>
        <p className="muted">
          {t(institution ? 'kyc.centre.introInstitution' : 'kyc.centre.introIndividual')}
        </p>
        {status.isPending && <LoadingState />}
        {optedOut ? (
          <div className="kyc-status kyc-status--bad" role="status">
            <p className="kyc-status__title">{t('kyc.centre.optedOutTitle')}</p>
            <p>{t('kyc.centre.optedOutBody')}</p>
          </div>
        ) : (
          <div
            className={`kyc-status kyc-status--${STATUS_TONE[state.status]}`}
            role="status"
            data-status={state.status}
          >
            <div className="kyc-status__row">
              <span className="kyc-status__label">{t('kyc.centre.status')}</span>
              <span className={`kyc-state kyc-state--${STATUS_TONE[state.status]}`}>
                {t(`kyc.statuses.${state.status}`)}
              </span>
            </div>
            <div className="kyc-status__row">
              <span className="kyc-status__label">{t('kyc.centre.level')}</span>
              <span className="num">{t('kyc.centre.levelValue', { level: state.level })}</span>
            </div>
            <p className="kyc-status__body">{t(`kyc.centre.statusBody.${state.status}`)}</p>
            {state.status === 'REJECT' && state.reason && (
              <p className="kyc-status__reason" role="alert">
                {t('kyc.centre.reason', { reason: state.reason })}
              </p>
            )}
            <div className="kyc-actions">
              {state.status === 'NOT_SUBMITTED' && (
                <Link className="button button--primary" to={formPath}>
                  {t('kyc.centre.start')}
                </Link>
              )}
              {(state.status === 'REJECT' || state.status === 'FAILED') && (
                <Link className="button button--primary" to={formPath}>
                  {t('kyc.centre.resubmit')}
                </Link>
              )}
              {state.status === 'PASS' && (
                <Link className="button button--primary" to={PATHS.tradeSpot}>
                  {t('kyc.centre.goTrade')}
                </Link>
              )}
            </div>
          </div>
        )}
        {institution && !optedOut && (
          <>
            <h2>{t('kyc.centre.instStepsTitle')}</h2>
            <InstitutionSteps steps={state.steps} />
          </>
        )}
      </section>
      {!optedOut && (
        <section className="kyc-page panel" aria-labelledby="kyc-bank-title">
          <h2 id="kyc-bank-title">{t('fiatBank.centreEntry.title')}</h2>
          <p className="muted">{t('fiatBank.centreEntry.body')}</p>
          <div className="kyc-actions">
            <Link
              className={`button${state.status === 'PASS' ? ' button--primary' : ''}`}
              to={PATHS.bankAccount}
              data-testid="bank-account-entry"
            >
              {t('fiatBank.centreEntry.open')}
            </Link>
          </div>
        </section>
      )}
      <section className="kyc-page panel" aria-labelledby="kyc-levels-title">
        <h2 id="kyc-levels-title">{t('kyc.centre.levelsTitle')}</h2>
        <div className="kyc-table-wrap">
          <table className="feature-table kyc-levels">
            <thead>
              <tr>
                <th scope="col">{t('accountType.feature')}</th>
                {levels.map((l) => (
                  <th key={l} scope="col" className={l === state.level ? 'is-current' : undefined}>
                    {t(l === 0 ? 'kyc.centre.level0' : 'kyc.centre.level1')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {FEATURES.map((feature) => (
                <tr key={feature}>
                  <th scope="row">{t(`accountType.features.${feature}`)}</th>
                  {levels.map((l) => {
                    const allowed = kycPermissionsFor(l, RuntimeMode.REAL).includes(feature);
                    return (
                      <td key={l} className={l === state.level ? 'is-current' : undefined}>
                        <span className={`access access--${allowed ? 'allowed' : 'prohibited'}`}>
                          {t(allowed ? 'accountType.allowed' : 'kyc.centre.locked')}
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted kyc-note">{t('kyc.centre.demoNote')}</p>
      </section>
    </div>
  );
}
