import type { SecurityStatus } from '@exchange/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../config/paths';
import { ErrorState, LoadingState } from '../../../components/states';
import { useSecurityStatus } from '../../../lib/security';
import { LinkAuthenticatorModal } from './link-authenticator';
import { ChangeEmailModal, ChangePasswordModal, UnlinkAuthenticatorModal } from './security-forms';
import '../security.css';

type Dialog = 'link' | 'unlink' | 'password' | 'email' | null;
/** The verifications that can count today and later: e-mail, Authenticator, identity. */
const LEVEL_STEPS = 3;

function Method({
  id,
  title,
  body,
  linked,
  action,
  states,
}: {
  id: string;
  title: string;
  body: ReactNode;
  linked: boolean | null;
  action: ReactNode;
  /** The badge's words for [linked, not linked] where "Linked" does not fit. */
  states?: [string, string];
}) {
  const { t } = useTranslation();
  return (
    <li className="security-method" data-testid={`method-${id}`}>
      <div className="security-method__text">
        <div className="security-method__title">
          <h2>{title}</h2>
          {linked !== null && (
            <span
              className={`badge ${linked ? 'badge--linked' : 'badge--unlinked'}`}
              data-testid={`${id}-state`}
            >
              {linked
                ? (states?.[0] ?? t('security.linked'))
                : (states?.[1] ?? t('security.notLinked'))}
            </span>
          )}
        </div>
        <p className="muted">{body}</p>
      </div>
      <div className="security-method__action">{action}</div>
    </li>
  );
}

function LockBanner({ lock }: { lock: NonNullable<SecurityStatus['lock']> }) {
  const { t, i18n } = useTranslation();
  const until = new Date(lock.lockedUntil).toLocaleString(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <div className="notice notice--error security-lock" role="status" data-testid="security-lock">
      <strong>{t('security.lock.title')}</strong>
      <p>{t('security.lock.body', { until })}</p>
      <p>
        {t('security.lock.left', {
          hours: Math.floor(lock.remainingMinutes / 60),
          minutes: lock.remainingMinutes % 60,
        })}
      </p>
    </div>
  );
}

/** /accountCenter/security: each method's state, the security level, the lock and the changes. */
export function SecurityPage() {
  const { t } = useTranslation();
  const status = useSecurityStatus();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  if (status.isPending) return <LoadingState />;
  if (status.isError)
    return (
      <ErrorState
        title={t('security.title')}
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  const s = status.data;
  const verified = s.verifications.includes('IDENTITY');
  const button = (label: string, next: Dialog, primary = false) => (
    <button
      type="button"
      className={`button button--small ${primary ? 'button--primary' : 'button--ghost'}`}
      onClick={() => setDialog(next)}
    >
      {label}
    </button>
  );

  return (
    <div className="account-page security-page">
      <h1>{t('security.title')}</h1>
      <p className="muted">{t('security.subtitle')}</p>
      {s.lock && <LockBanner lock={s.lock} />}
      <section className="panel security-level" aria-labelledby="security-level">
        <h2 id="security-level">{t('security.level')}</h2>
        <div className="security-level__meter" aria-hidden="true">
          {Array.from({ length: LEVEL_STEPS }, (_, i) => (
            <span key={i} className={i < s.securityLevel ? 'is-on' : ''} />
          ))}
        </div>
        <strong data-testid="security-level">
          {t('security.levelValue', { level: s.securityLevel, max: LEVEL_STEPS })}
        </strong>
        <p className="muted">{t('security.levelHint')}</p>
      </section>
      <ul className="panel security-methods">
        <Method
          id="email"
          title={t('security.email.title')}
          body={t('security.email.body', { email: s.email })}
          linked
          action={button(t('security.change'), 'email')}
        />
        <Method
          id="password"
          title={t('security.password.title')}
          body={s.hasPassword ? t('security.password.body') : t('security.password.none')}
          linked={null}
          action={s.hasPassword ? button(t('security.change'), 'password') : null}
        />
        <Method
          id="google"
          title={t('security.google.title')}
          body={t('security.google.body')}
          linked={s.authenticatorLinked}
          action={
            s.authenticatorLinked
              ? button(t('security.google.unlink'), 'unlink')
              : button(t('security.google.link'), 'link', true)
          }
        />
        <Method
          id="identity"
          title={t('security.identity.title')}
          body={verified ? t('security.identity.verified') : t('security.identity.notVerified')}
          linked={verified}
          states={[t('security.identity.verifiedState'), t('security.identity.notVerifiedState')]}
          action={
            verified ? null : (
              <Link className="button button--small button--primary" to={PATHS.identity}>
                {t('security.identity.verify')}
              </Link>
            )
          }
        />
      </ul>
      <section className="panel security-cancel" data-testid="security-cancel">
        <div>
          <h2>{t('cancellation.entry.title')}</h2>
          <p className="muted">{t('cancellation.entry.body')}</p>
        </div>
        <Link className="button button--small button--ghost" to={PATHS.cancellation}>
          {t('cancellation.entry.open')}
        </Link>
      </section>
      <LinkAuthenticatorModal open={dialog === 'link'} onClose={close} />
      <UnlinkAuthenticatorModal open={dialog === 'unlink'} onClose={close} />
      <ChangePasswordModal
        open={dialog === 'password'}
        onClose={close}
        withGoogle={s.authenticatorLinked}
      />
      <ChangeEmailModal
        open={dialog === 'email'}
        onClose={close}
        withGoogle={s.authenticatorLinked}
      />
    </div>
  );
}
