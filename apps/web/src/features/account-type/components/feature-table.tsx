import { KycPermission, OPTED_OUT_FEATURE_ACCESS } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';

const FEATURES = Object.values(KycPermission);

/** Verified accounts get every feature; opted-out ones see each as limited or prohibited. */
export function FeatureTable() {
  const { t } = useTranslation();
  return (
    <table className="feature-table">
      <thead>
        <tr>
          <th scope="col">{t('accountType.feature')}</th>
          <th scope="col">{t('accountType.verified')}</th>
          <th scope="col">{t('accountType.unverified')}</th>
        </tr>
      </thead>
      <tbody>
        {FEATURES.map((feature) => {
          const access = OPTED_OUT_FEATURE_ACCESS[feature];
          return (
            <tr key={feature}>
              <th scope="row">{t(`accountType.features.${feature}`)}</th>
              <td>
                <span className="access access--allowed">{t('accountType.allowed')}</span>
              </td>
              <td>
                <span className={`access access--${access}`}>{t(`accountType.${access}`)}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
