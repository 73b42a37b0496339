import type { SecurityCodePurpose } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../form';
import { errorText } from '../../lib/error-text';
import { useSecurityCode } from '../../lib/security';
import { useResendCountdown } from '../../lib/use-resend-countdown';

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
  const countdown = useResendCountdown();
  const [sent, setSent] = useState(false);
  const { seconds } = countdown;

  const send = () => {
    if (!canSend()) return;
    request.mutate(
      { purpose, ...(newEmail === undefined ? {} : { email: newEmail.trim() }) },
      {
        onSuccess: (answer) => {
          setSent(true);
          countdown.sent(answer);
        },
        onError: countdown.refused,
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
