import {
  PASSPHRASE_MAX_LENGTH,
  PASSPHRASE_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordContainsEmail,
} from '@exchange/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Each rule of the password, checked as the user types (the same rules as isValidPassword and
 * passwordContainsEmail): the 8-20 form needs the four kinds of characters, a 21-64 character
 * passphrase none. The list of leaked passwords is the server's, checked on submit.
 */
export function passwordChecks(password: string, confirm: string, email = '') {
  const passphrase =
    password.length >= PASSPHRASE_MIN_LENGTH && password.length <= PASSPHRASE_MAX_LENGTH;
  return {
    length:
      passphrase ||
      (password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH),
    lower: passphrase || /[a-z]/.test(password),
    upper: passphrase || /[A-Z]/.test(password),
    digit: passphrase || /\d/.test(password),
    symbol: passphrase || /[^A-Za-z0-9\s]/.test(password),
    notEmail: password.length > 0 && !passwordContainsEmail(password, email),
    match: password.length > 0 && password === confirm,
  };
}

export function PasswordRules({
  password,
  confirm,
  email = '',
}: {
  password: string;
  confirm: string;
  email?: string;
}) {
  const { t } = useTranslation();
  const checks = passwordChecks(password, confirm, email);
  return (
    <>
      <ul className="rules" aria-label={t('auth.rules.title')}>
        {(Object.keys(checks) as (keyof typeof checks)[]).map((rule) => (
          <li key={rule} className={checks[rule] ? 'rules__item rules__item--ok' : 'rules__item'}>
            <span aria-hidden="true">{checks[rule] ? '✓' : '•'}</span> {t(`auth.rules.${rule}`)}
            <span className="visually-hidden">{checks[rule] ? ' ✓' : ''}</span>
          </li>
        ))}
      </ul>
      <p className="rules__note">{t('auth.rules.note')}</p>
    </>
  );
}
