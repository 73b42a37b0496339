import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { useSecurityStatus } from '../../lib/security';
import { anyError, emailCodeError, googleCodeError } from '../../lib/validation';
import { Modal } from '../modal';
import { GoogleCodeField } from './google-code-field';
import { SecurityCodeField } from './security-code-field';
import { SecurityNotices, stepUpBlocked } from './security-notices';
import './step-up-modal.css';

export interface StepUpCodes {
  googleCode: string;
  emailCode: string;
}

/**
 * The confirmation of a whitelist change, a withdrawal, a transfer or a flash remittance (every
 * feature that moves money out or changes a whitelist): the summary, then a Google Authenticator
 * code and a STEP_UP code mailed to the account. Without a linked Authenticator,
 * or under the 24-hour security lock, it says so (with the way out) instead of the form.
 */
export function StepUpModal({
  open,
  onClose,
  title,
  children,
  submitLabel,
  pending,
  error,
  onSubmit,
  testId,
  errorExtra,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (codes: StepUpCodes) => void;
  testId?: string;
  /** Shown under the failure (e.g. a link to the whitelist when it refused the address). */
  errorExtra?: ReactNode;
}) {
  const { t } = useTranslation();
  const status = useSecurityStatus();
  const [googleCode, setGoogleCode] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});

  useEffect(() => {
    if (!open) return;
    setGoogleCode('');
    setEmailCode('');
    setErrors({});
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      googleCode: googleCodeError(googleCode, t),
      emailCode: emailCodeError(emailCode, t),
    };
    setErrors(next);
    if (anyError(next)) return;
    onSubmit({ googleCode: googleCode.trim(), emailCode: emailCode.trim() });
  };

  const s = status.data;
  const blocked = stepUpBlocked(s);

  return (
    <Modal open={open} onClose={onClose} title={title}>
      <form className="form" onSubmit={submit} noValidate data-testid={testId}>
        {children}
        <SecurityNotices status={s} />
        {!blocked && (
          <>
            <p className="muted">{t('fiatOut.stepUp.intro')}</p>
            <GoogleCodeField
              value={googleCode}
              onChange={setGoogleCode}
              error={errors.googleCode ?? null}
            />
            <SecurityCodeField
              purpose="STEP_UP"
              label={t('security.emailCode')}
              value={emailCode}
              onChange={setEmailCode}
              error={errors.emailCode ?? null}
            />
          </>
        )}
        {error ? (
          <div className="notice notice--error" role="alert" data-testid="step-up-error">
            {errorText(error, t)}
            {errorExtra}
          </div>
        ) : null}
        <div className="step-up-modal__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={pending || blocked || status.isPending}
          >
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
