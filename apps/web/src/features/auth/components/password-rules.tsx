import { passwordContainsEmail, passwordRuleChecks } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Each rule of the password, checked as the user types (the spec's rule of isValidPassword: 8 to
 * 20 characters with a lowercase and an uppercase letter, a number and a symbol, no spaces; and
 * passwordContainsEmail). The list of leaked passwords is the server's, checked on submit.
 */
export function passwordChecks(password: string, confirm: string, email = '') {
  return {
    ...passwordRuleChecks(password),
    noSpace: password.length > 0 && !/\s/.test(password),
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
