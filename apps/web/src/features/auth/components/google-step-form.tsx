import { isGoogleCodeFormat, type LoginResponse } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useLoginWithGoogle } from '../api/session';

/** Codes after which the ticket is gone: the password step must be done again. */
const TICKET_ENDED = ['2027', '2003'];

/**
 * The login's second step when Google Authenticator is linked: the 6-digit code from the app,
 * sent with the password step's ticket. Wrong codes count toward the login lockout.
 */
export function GoogleStepForm({
  ticket,
  email,
  onDone,
  onRestart,
}: {
  ticket: string;
  /** The address being signed in, when the form knows it (not after a provider sign-in). */
  email?: string;
  onDone: (answer: LoginResponse) => void;
  onRestart: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const verify = useLoginWithGoogle();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!isGoogleCodeFormat(code)) {
      setFieldError(t('security.googleCodeInvalid'));
      return;
    }
    setFieldError(null);
    verify.mutate(
      { ticket, googleCode: code.trim() },
      {
        onSuccess: onDone,
        onError: (err) => {
          setCode('');
          if (err instanceof ApiError && TICKET_ENDED.includes(err.code))
            onRestart(errorText(err, t));
        },
      },
    );
  };
  const failure = verify.error ? errorText(verify.error, t) : null;

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="google-step">
      <p className="muted">
        {email ? t('security.loginStep.body', { email }) : t('security.loginStep.bodyGeneric')}
      </p>
      <TextField
        label={t('security.googleCode')}
        name="googleCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        error={fieldError}
      />
      {failure && (
        <p className="notice notice--error" role="alert" data-testid="login-error">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary button--block button--large"
        disabled={verify.isPending}
      >
        {verify.isPending ? t('common.loading') : t('security.loginStep.action')}
      </button>
      <button
        type="button"
        className="button button--ghost button--block"
        onClick={() => onRestart(null)}
      >
        {t('common.back')}
      </button>
    </form>
  );
}
