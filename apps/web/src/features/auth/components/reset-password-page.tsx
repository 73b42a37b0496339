import { normalizeEmail } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PasswordField, TextField } from '../../../components/form';
import { PATHS } from '../../../config/paths';
import { useResetPassword } from '../api/session';
import { AuthShell } from './auth-shell';
import { EmailCodeField } from './email-code-field';
import { PasswordRules } from './password-rules';
import { codeError, confirmError, emailError, passwordError } from './validation';

type Errors = Partial<Record<'email' | 'code' | 'password' | 'confirm', string | null>>;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const checkEmail = () => {
    const error = emailError(email, t);
    setErrors((prev) => ({ ...prev, email: error }));
    return !error;
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      email: emailError(email, t),
      code: codeError(code, t),
      password: passwordError(password, t),
      confirm: confirmError(password, confirm, t),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    reset.mutate({ email: normalizeEmail(email), code: code.trim(), password, confirmPassword: confirm });
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
          <TextField label={t('auth.email')} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
          <EmailCodeField kind="reset" email={email} value={code} onChange={setCode} error={errors.code ?? null} validateEmail={checkEmail} />
          <PasswordField label={t('auth.newPassword')} name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
          <PasswordField
            label={t('auth.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={errors.confirm}
          />
          <PasswordRules password={password} confirm={confirm} />
          <button type="submit" className="button button--primary button--block button--large" disabled={reset.isPending}>
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
