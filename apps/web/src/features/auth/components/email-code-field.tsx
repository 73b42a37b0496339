import type { PuzzleScene } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form';
import { useRequestCode } from '../api/session';
import { PuzzleModal } from './puzzle-modal';
import { codeResendWaitMs } from '../../../lib/error-text';

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
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [sentTo, setSentTo] = useState<string | null>(null);
  const scene: PuzzleScene = kind === 'register' ? 'REGISTER' : 'RESET_PASSWORD';
  const seconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [seconds]);

  const send = (puzzleToken: string) => {
    setPuzzleOpen(false);
    const to = email.trim();
    request.mutate(
      { email: to, puzzleToken },
      {
        onSuccess: (answer) => {
          setSentTo(to);
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
