import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../config/paths';
import { AuthShell } from './auth-shell';

/** Private: reached right after registration, with the new session. */
export function RegisterSuccessPage() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.registerSuccessTitle')}>
      <div className="form success">
        <div className="success__mark" aria-hidden="true">
          ✓
        </div>
        <p className="muted">{t('auth.registerSuccessBody')}</p>
        <Link to={PATHS.market} className="button button--primary button--block button--large">
          {t('auth.toMarkets')}
        </Link>
      </div>
    </AuthShell>
  );
}
