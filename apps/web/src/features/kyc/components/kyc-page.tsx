import { EntityType, type EntityType as Entity } from '@exchange/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon';
import { LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { useSession } from '../../../lib/session';

/**
 * Each account type has its own KYC page. Opened by the other type, the page opens
 * /accountCenter/identity in a new tab instead (spec section 2).
 */
function KycPage({ kind }: { kind: Entity }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const opened = useRef(false);
  const wrongType = user !== null && user.entityType !== kind;

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
  return (
    <ComingSoon
      name={t(kind === EntityType.INDIVIDUAL ? 'pages.individualKyc' : 'pages.institutionKyc')}
    />
  );
}

export const IndividualKycPage = () => <KycPage kind={EntityType.INDIVIDUAL} />;
export const InstitutionKycPage = () => <KycPage kind={EntityType.INSTITUTION} />;
