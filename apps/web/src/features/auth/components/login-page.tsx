import { i18nKey } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LogoutNotice } from '../../../components/logout-notice';
import { PATHS, isSafeRedirect } from '../../../config/paths';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { AuthShell } from './auth-shell';
import { GoogleStepForm } from './google-step-form';
import { LoginForm } from './login-form';
import { OAuthButtons } from './oauth-buttons';
import { OAuthLinkForm } from './oauth-link-form';
import { RegisterForm } from './register-form';

const PROVIDERS: Record<string, string> = { google: 'Google', apple: 'Apple' };

/** /login: log in, or register with `type=register`; also the landing point of provider sign-in. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = params.get('type') === 'register' ? 'register' : 'login';
  const redirect = params.get('redirect_path');
  const redirectPath = isSafeRedirect(redirect) ? redirect : PATHS.root;
  const provider = PROVIDERS[params.get('provider') ?? ''] ?? 'Google';
  const linkToken = params.get('oauthLink');
  /** A provider sign-in of an account with Google Authenticator linked: the code step follows. */
  const googleTicket = params.get('googleTicket');
  const complete = useCompleteLogin();
  const navigate = useNavigate();
  const oauthError = params.get('oauthError');
  const keep = (next: 'login' | 'register') => {
    const p = new URLSearchParams(params);
    p.delete('showTips');
    if (next === 'register') p.set('type', 'register');
    else p.delete('type');
    const qs = p.toString();
    return qs ? `${PATHS.login}?${qs}` : PATHS.login;
  };

  if (linkToken) {
    return (
      <AuthShell title={t('auth.linkTitle', { provider })}>
        <OAuthLinkForm linkToken={linkToken} />
      </AuthShell>
    );
  }

  if (googleTicket) {
    return (
      <AuthShell title={t('auth.loginTitle')}>
        <GoogleStepForm
          ticket={googleTicket}
          onDone={(answer) => complete(answer)}
          onRestart={() => void navigate(PATHS.login, { replace: true })}
        />
      </AuthShell>
    );
  }

  const register = type === 'register';
  return (
    <AuthShell
      title={register ? t('auth.registerTitle') : t('auth.loginTitle')}
      subtitle={register ? t('auth.registerSubtitle') : t('auth.loginSubtitle')}
    >
      {!register && <LogoutNotice showTips={params.get('showTips') === '1'} />}
      {oauthError && (
        <p className="notice notice--error" role="alert">
          {t(i18nKey(oauthError), {
            ns: 'errors',
            provider,
            defaultValue: t('common.unexpectedError'),
          })}
        </p>
      )}
      {register ? <RegisterForm /> : <LoginForm />}
      <OAuthButtons redirectPath={redirectPath} />
      <p className="auth__switch">
        {register ? t('auth.haveAccount') : t('auth.noAccount')}{' '}
        <Link className="link" to={keep(register ? 'login' : 'register')}>
          {register ? t('auth.loginAction') : t('nav.register')}
        </Link>
      </p>
    </AuthShell>
  );
}
