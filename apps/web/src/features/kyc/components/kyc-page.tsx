import { EntityType, type EntityType as Entity } from '@exchange/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useKycApplication } from '../api/kyc';
import { shouldOpenIdentityCentre } from '../lib/access';
import { IndividualForm } from './individual-form';
import { InstitutionForm } from './institution-form';
import '../kyc.css';

/**
 * Each account type has its own KYC page. Opened by the other type, the page opens
 * /accountCenter/identity in a new tab instead (spec section 2).
 */
function KycPage({ kind }: { kind: Entity }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const opened = useRef(false);
  const wrongType = shouldOpenIdentityCentre(user, kind);
  const status = useKycApplication();

  useEffect(() => {
    if (!wrongType || opened.current) return;
    opened.current = true;
    window.open(PATHS.identity, '_blank', 'noopener');
  }, [wrongType]);

  if (!user) return <LoadingState />;
  if (wrongType) {
    return (
      <section className="coming-soon panel">
        <h1>{t('kyc.wrongTypeTitle')}</h1>
        <p className="muted">{t('kyc.wrongTypeBody')}</p>
        <a className="button button--primary" href={PATHS.identity} target="_blank" rel="noopener">
          {t('kyc.openIdentity')} <span className="visually-hidden">{t('common.opensNewTab')}</span>
        </a>
      </section>
    );
  }
  // Under review or approved: nothing to fill in; the centre shows the state.
  const locked =
    status.data?.status === 'AFOOT' || status.data?.status === 'PASS' || user.kycLevel === -1;
  if (locked) {
    return (
      <section className="coming-soon panel">
        <h1>
          {t(kind === EntityType.INDIVIDUAL ? 'kyc.individual.title' : 'kyc.institution.title')}
        </h1>
        <p className="muted">
          {t(
            user.kycLevel === -1
              ? 'kyc.centre.optedOutBody'
              : `kyc.centre.statusBody.${status.data?.status ?? 'PASS'}`,
          )}
        </p>
        <Link className="button button--primary" to={PATHS.identity}>
          {t('kyc.centre.title')}
        </Link>
      </section>
    );
  }
  return kind === EntityType.INDIVIDUAL ? (
    <IndividualForm owner={user.id} />
  ) : (
    <InstitutionForm owner={user.id} />
  );
}

export const IndividualKycPage = () => <KycPage kind={EntityType.INDIVIDUAL} />;
export const InstitutionKycPage = () => <KycPage kind={EntityType.INSTITUTION} />;
