import type { PuzzleScene } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form';
import { useRequestCode } from '../api/session';
import { PuzzleModal } from './puzzle-modal';
import { useResendCountdown } from '../../../lib/use-resend-countdown';

/**
 * The e-mail code entry: "Send code" first asks for the slide puzzle, then e-mails the code and
 * counts down until another may be sent.
 */
export function EmailCodeField({
  kind,
  email,
  value,
  onChange,
  error,
  validateEmail,
}: {
  kind: 'register' | 'reset';
  email: string;
  value: string;
  onChange: (code: string) => void;
  error: string | null;
  validateEmail: () => boolean;
}) {
  const { t } = useTranslation();
  const request = useRequestCode(kind);
  const [puzzleOpen, setPuzzleOpen] = useState(false);
  const countdown = useResendCountdown();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const scene: PuzzleScene = kind === 'register' ? 'REGISTER' : 'RESET_PASSWORD';
  const { seconds } = countdown;

  const send = (puzzleToken: string) => {
    setPuzzleOpen(false);
    const to = email.trim();
    request.mutate(
      { email: to, puzzleToken },
      {
        onSuccess: (answer) => {
          setSentTo(to);
          countdown.sent(answer);
        },
        onError: countdown.refused,
      },
    );
  };

  return (
    <>
      <TextField
        label={t('auth.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        error={error}
        hint={sentTo ? t('auth.codeSent', { email: sentTo }) : undefined}
        addon={
          <button
            type="button"
            className="field__action"
            disabled={request.isPending || seconds > 0}
            onClick={() => {
              if (validateEmail()) setPuzzleOpen(true);
            }}
          >
            {seconds > 0 ? t('auth.resendIn', { seconds }) : t('auth.sendCode')}
          </button>
        }
      />
      <PuzzleModal
        open={puzzleOpen}
        scene={scene}
        onClose={() => setPuzzleOpen(false)}
        onSolved={send}
      />
    </>
  );
}
