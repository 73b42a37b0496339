import type { OAuthProvider } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { useOAuthStart } from '../api/oauth';

type Start = ReturnType<typeof useOAuthStart>;

function ProviderButton({ provider, start }: { provider: OAuthProvider; start: Start }) {
  const { t } = useTranslation();
  const name = provider === 'google' ? 'Google' : 'Apple';
  return (
    <button
      type="button"
      className={`button button--block oauth oauth--${provider}`}
      disabled={!start.data}
      title={start.isError ? t('auth.oauthUnavailable', { provider: name }) : undefined}
      onClick={() => {
        if (start.data) window.location.assign(start.data.authorizationUrl);
      }}
    >
      {provider === 'google' ? (
        <span className="oauth__logo" aria-hidden="true">
          G
        </span>
      ) : (
        <svg className="oauth__apple" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M16.4 12.6c0-2.4 2-3.6 2.1-3.6-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.1 1-4 2.4-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.6-1-2.6-4zM14 5.5c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z" />
        </svg>
      )}
      {provider === 'google' ? t('auth.google') : t('auth.apple')}
    </button>
  );
}

/**
 * Google and Apple sign-in. A provider the server has not configured (2017) keeps its button,
 * disabled with the reason; when neither is available a single note says so.
 */
export function OAuthButtons({ redirectPath }: { redirectPath: string }) {
  const { t } = useTranslation();
  const google = useOAuthStart('google', redirectPath);
  const apple = useOAuthStart('apple', redirectPath);
  return (
    <div className="oauth-group">
      <p className="divider">
        <span>{t('auth.or')}</span>
      </p>
      <ProviderButton provider="google" start={google} />
      <ProviderButton provider="apple" start={apple} />
      {google.isError && apple.isError && (
        <p className="muted oauth-group__note">
          {t('auth.oauthUnavailable', { provider: 'Google / Apple' })}
        </p>
      )}
    </div>
  );
}
