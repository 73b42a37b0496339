import { needsSecondStep } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form';
import { useLinkOAuth } from '../api/oauth';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { GoogleStepForm } from './google-step-form';

/** After a provider sign-in whose e-mail already has an account: its password links the two. */
export function OAuthLinkForm({ linkToken }: { linkToken: string }) {
  const { t } = useTranslation();
  const link = useLinkOAuth();
  const complete = useCompleteLogin();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** With Google Authenticator linked, the password links and the code signs in. */
  const [ticket, setTicket] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(t('auth.required'));
      return;
    }
    setError(null);
    link.mutate(
      { linkToken, password },
      {
        onSuccess: (answer) => {
          if (needsSecondStep(answer)) setTicket(answer.ticket);
          else complete(answer);
        },
      },
    );
  };
  if (ticket) {
    return (
      <GoogleStepForm
        ticket={ticket}
        onDone={(answer) => complete(answer)}
        onRestart={() => window.location.assign('/login')}
      />
    );
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="muted">{t('auth.linkBody')}</p>
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error}
      />
      <button
        type="submit"
        className="button button--primary button--block button--large"
        disabled={link.isPending}
      >
        {t('auth.linkAction')}
      </button>
    </form>
  );
}
