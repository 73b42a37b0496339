import { useEffect, useState } from 'react';
import { codeResendWaitMs } from './error-text';

/**
 * The countdown of a "Send code" button: `sent(answer)` starts it from the answer's
 * `resendAfterSeconds`, `refused(error)` from a 2014 refusal's `retryAfterSeconds` (other errors
 * leave it as it is). `seconds` is what is left, 0 when another code may be asked for.
 */
export function useResendCountdown() {
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const seconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [seconds]);

  const waitFor = (ms: number) => {
    setNow(Date.now());
    setWaitUntil(Date.now() + ms);
  };
  return {
    seconds,
    sent: (answer: { resendAfterSeconds: number }) => waitFor(answer.resendAfterSeconds * 1000),
    refused: (error: unknown) => {
      const wait = codeResendWaitMs(error);
      if (wait !== null) waitFor(wait);
    },
  };
}
