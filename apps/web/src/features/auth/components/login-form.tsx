import { STORAGE_KEYS, needsSecondStep, normalizeEmail } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PasswordField, TextField } from '../../../components/form';
import { PATHS } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { readJson } from '../../../lib/storage';
import { useLogin } from '../api/session';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { GoogleStepForm } from './google-step-form';
import { PuzzleModal } from './puzzle-modal';
import { emailError } from './validation';

function lastEmail(): string {
  const stored = readJson(STORAGE_KEYS.lastAccountName) as { email?: unknown } | null;
  return typeof stored?.email === 'string' ? stored.email : '';
}

export function LoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  const complete = useCompleteLogin();
  const [email, setEmail] = useState(lastEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [puzzleOpen, setPuzzleOpen] = useState(false);
  /** The Google code step's ticket, once the password was right and an Authenticator is linked. */
  const [ticket, setTicket] = useState<string | null>(null);
  const [restartNotice, setRestartNotice] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = { email: emailError(email, t), password: password ? null : t('auth.required') };
    setErrors(next);
    if (!next.email && !next.password) setPuzzleOpen(true);
  };

  const onSolved = (puzzleToken: string) => {
    setPuzzleOpen(false);
    setRestartNotice(null);
    login.mutate(
      { email: normalizeEmail(email), password, puzzleToken },
      {
        onSuccess: (answer) => {
          if (needsSecondStep(answer)) setTicket(answer.ticket);
          else complete(answer);
        },
      },
    );
  };
  const failure = restartNotice ?? (login.error ? errorText(login.error, t) : null);

  if (ticket) {
    return (
      <GoogleStepForm
        ticket={ticket}
        email={normalizeEmail(email)}
        onDone={(answer) => complete(answer)}
        onRestart={(message) => {
          setTicket(null);
          setPassword('');
          login.reset();
          setRestartNotice(message);
        }}
      />
    );
  }

  return (
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
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      {failure && (
        <p className="notice notice--error" role="alert" data-testid="login-error">
          {failure}
        </p>
      )}
      <div className="form__row">
        <Link to={PATHS.forgotPassword} className="link">
          {t('auth.forgot')}
        </Link>
      </div>
      <button
        type="submit"
        className="button button--primary button--block button--large"
        disabled={login.isPending}
      >
        {login.isPending ? t('common.loading') : t('auth.loginAction')}
      </button>
      <PuzzleModal
        open={puzzleOpen}
        scene="LOGIN"
        onClose={() => setPuzzleOpen(false)}
        onSolved={onSolved}
      />
    </form>
  );
}
