import { i18nKey, normalizeEmail } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import {
  PASSWORD_POLICY_CODES,
  codeError,
  confirmError,
  emailError,
  passwordError,
} from '../components/validation';

type Errors = Partial<Record<'email' | 'code' | 'password' | 'confirm', string | null>>;

/**
 * The fields registration and password reset share (e-mail, e-mailed code, password twice),
 * their inline errors, and the payload both send once every check passes.
 */
export function useCodePasswordForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  /** Before sending a code: is the address well formed? */
  const checkEmail = () => {
    const error = emailError(email, t);
    setErrors((prev) => ({ ...prev, email: error }));
    return !error;
  };

  /** Every field checked; the request payload, or null when a field is wrong. */
  const validate = () => {
    const next: Errors = {
      email: emailError(email, t),
      code: codeError(code, t),
      password: passwordError(password, t, email),
      confirm: confirmError(password, confirm, t),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return null;
    return { email: normalizeEmail(email), code: code.trim(), password, confirmPassword: confirm };
  };

  /** A refusal of the password by the server (too common, say) also shows under the field. */
  const showServerError = (err: unknown) => {
    if (err instanceof ApiError && PASSWORD_POLICY_CODES.includes(err.code))
      setErrors((prev) => ({ ...prev, password: t(i18nKey(err.code), { ns: 'errors' }) }));
  };

  return {
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
  };
}
