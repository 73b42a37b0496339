import { useTranslation } from 'react-i18next';
import { TextField } from '../form';

/** The 6-digit code of Google Authenticator. */
export function GoogleCodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('security.googleCode')}
      name="googleCode"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      error={error}
    />
  );
}
