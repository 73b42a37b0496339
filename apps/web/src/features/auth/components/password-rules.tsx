import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';

/** Each rule of the password, checked as the user types (the same rules as isValidPassword). */
export function passwordChecks(password: string, confirm: string) {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    symbol: /[^A-Za-z0-9\s]/.test(password),
    match: password.length > 0 && password === confirm,
  };
}

export function PasswordRules({ password, confirm }: { password: string; confirm: string }) {
  const { t } = useTranslation();
  const checks = passwordChecks(password, confirm);
  return (
    <ul className="rules" aria-label={t('auth.rules.title')}>
      {(Object.keys(checks) as (keyof typeof checks)[]).map((rule) => (
        <li key={rule} className={checks[rule] ? 'rules__item rules__item--ok' : 'rules__item'}>
          <span aria-hidden="true">{checks[rule] ? '✓' : '•'}</span> {t(`auth.rules.${rule}`)}
          <span className="visually-hidden">{checks[rule] ? ' ✓' : ''}</span>
        </li>
      ))}
    </ul>
  );
}
