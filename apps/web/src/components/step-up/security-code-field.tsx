import type { SecurityCodePurpose } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../form';
import { codeResendWaitMs, errorText } from '../../lib/error-text';
import { useSecurityCode } from '../../lib/security';

/**
 * An e-mailed code for a security action: "Send code" mails it (to the account, or to the new
 * address for CHANGE_EMAIL_NEW) and counts down until another may be sent.
 */
export function SecurityCodeField({
  purpose,
  label,
  value,
  onChange,
  error,
  newEmail,
  canSend = () => true,
  name = 'emailCode',
}: {
  purpose: SecurityCodePurpose;
  label: string;
  value: string;
  onChange: (code: string) => void;
  error: string | null;
  newEmail?: string;
  canSend?: () => boolean;
  name?: string;
}) {
  const { t } = useTranslation();
  const request = useSecurityCode();
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [sent, setSent] = useState(false);
  const seconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [seconds]);

  const send = () => {
    if (!canSend()) return;
    request.mutate(
      { purpose, ...(newEmail === undefined ? {} : { email: newEmail.trim() }) },
      {
        onSuccess: (answer) => {
          setSent(true);
          setNow(Date.now());
          setWaitUntil(Date.now() + answer.resendAfterSeconds * 1000);
        },
        onError: (error) => {
          const wait = codeResendWaitMs(error);
          if (wait === null) return;
          setNow(Date.now());
          setWaitUntil(Date.now() + wait);
        },
      },
    );
  };
  const sendError = request.error ? errorText(request.error, t) : null;

  return (
    <TextField
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      error={error ?? sendError}
      hint={sent ? t('security.codeSent') : undefined}
      addon={
        <button
          type="button"
          className="field__action"
          disabled={request.isPending || seconds > 0}
          onClick={send}
        >
          {seconds > 0 ? t('auth.resendIn', { seconds }) : t('auth.sendCode')}
        </button>
      }
    />
  );
}
