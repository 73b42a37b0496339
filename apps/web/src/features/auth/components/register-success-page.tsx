import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { AuthShell } from './auth-shell';

/**
 * Private: reached right after registration, with the new session. What it says follows the
 * account type: still to choose, chosen to verify, or opted out (individuals and institutions
 * alike).
 */
export function RegisterSuccessPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const level = user?.kycLevel ?? null;
  const toVerify = user !== null && level !== null && level >= 0;
  // Not yet verified: the identity page is the next step.
  const showVerify = toVerify && !(level !== null && level > 0);
  const body =
    level === -1
      ? t('auth.registerSuccessOptedOut')
      : toVerify
        ? t('auth.registerSuccessVerify')
        : t('auth.registerSuccessBody');
  return (
    <AuthShell title={t('auth.registerSuccessTitle')}>
      <div className="form success">
        <div className="success__mark" aria-hidden="true">
          ✓
        </div>
        <p className="muted" data-testid="register-success-body">
          {body}
        </p>
        {showVerify && (
          <Link to={PATHS.identity} className="button button--primary button--block button--large">
            {t('auth.toIdentity')}
          </Link>
        )}
        <Link
          to={PATHS.market}
          className={`button button--block button--large${showVerify ? '' : ' button--primary'}`}
        >
          {t('auth.toMarkets')}
        </Link>
      </div>
    </AuthShell>
  );
}
