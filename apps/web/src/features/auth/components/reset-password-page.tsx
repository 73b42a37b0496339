import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PasswordField, TextField } from '../../../components/form';
import { PATHS } from '../../../config/paths';
import { useResetPassword } from '../api/session';
import { AuthShell } from './auth-shell';
import { EmailCodeField } from './email-code-field';
import { PasswordRules } from './password-rules';
import { useCodePasswordForm } from '../hooks/use-code-password-form';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const {
    email,
    setEmail,
    code,
    setCode,
    password,
    setPassword,
    confirm,
    setConfirm,
    errors,
    checkEmail,
    validate,
    showServerError,
  } = useCodePasswordForm();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const fields = validate();
    if (!fields) return;
    reset.mutate(fields, { onError: showServerError });
  };

  return (
    <AuthShell title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')}>
      {reset.isSuccess ? (
        <div className="form">
          <p className="notice notice--success" role="status">
            {t('auth.resetDone')}
          </p>
          <Link to={PATHS.login} className="button button--primary button--block button--large">
            {t('auth.loginAction')}
          </Link>
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <EmailCodeField
            kind="reset"
            email={email}
            value={code}
            onChange={setCode}
            error={errors.code ?? null}
            validateEmail={checkEmail}
          />
          <PasswordField
            label={t('auth.newPassword')}
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <PasswordField
            label={t('auth.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={errors.confirm}
          />
          <PasswordRules password={password} confirm={confirm} email={email} />
          <button
            type="submit"
            className="button button--primary button--block button--large"
            disabled={reset.isPending}
          >
            {t('auth.resetAction')}
          </button>
        </form>
      )}
      <p className="auth__switch">
        <Link className="link" to={PATHS.login}>
          {t('auth.backToLogin')}
        </Link>
      </p>
    </AuthShell>
  );
}
