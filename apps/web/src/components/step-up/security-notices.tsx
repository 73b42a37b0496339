import type { SecurityStatus } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../config/paths';
import { useSecurityStatus } from '../../lib/security';

/** Whether the account may confirm a money operation now (an Authenticator, no 24-hour lock). */
export function stepUpBlocked(s: SecurityStatus | undefined): boolean {
  return s ? !s.authenticatorLinked || s.lock !== null : false;
}

/**
 * Why a money operation cannot be confirmed now, if it cannot: no Google Authenticator (with a
 * link to link one), or the 24-hour lock after a password or e-mail change (with its end). The
 * pages show it before their form, and the step-up dialog instead of the codes.
 */
export function SecurityNotices({ status }: { status?: SecurityStatus | undefined }) {
  const { t, i18n } = useTranslation();
  const own = useSecurityStatus();
  const s = status ?? own.data;
  if (!s) return null;
  return (
    <>
      {!s.authenticatorLinked && (
        <div className="notice notice--error" role="alert" data-testid="no-authenticator">
          <p>{t('fiatOut.stepUp.noAuthenticator')}</p>
          <Link className="link" to={PATHS.security}>
            {t('fiatOut.stepUp.linkAuthenticator')}
          </Link>
        </div>
      )}
      {s.lock && (
        <div className="notice notice--error" role="alert" data-testid="security-lock">
          <strong>{t('fiatOut.stepUp.lockTitle')}</strong>
          <p>
            {t('fiatOut.stepUp.lockBody', {
              until: new Date(s.lock.lockedUntil).toLocaleString(i18n.language, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            })}
          </p>
        </div>
      )}
    </>
  );
}
