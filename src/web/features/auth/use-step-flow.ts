import { useCallback, useState } from 'react';
import { isApiError } from '#lib/api';

/**
 * Seconds before a sent code may be sent again. The server allows five codes a phone in 15
 * minutes; a refusal past that carries its own wait (429 with retryAfter), which wins.
 */
const RESEND_SECONDS = 60;

/** The wait a 429 asks for, in seconds, or null for any other failure. */
function retryAfterSeconds(error: unknown): number | null {
  if (!isApiError(error, 429)) return null;
  const seconds = error.data?.retryAfter;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/**
 * When «إعادة إرسال الرمز» opens again (epoch ms; 0 before any code is sent): `codeSent` starts
 * the countdown, `refused` restarts it from the wait a refusal names (429 with retryAfter), so
 * the button opens when sending works again. The sign-in flows and the tenant's link share it.
 */
export function useResendClock() {
  const [resendAt, setResendAt] = useState(0);

  /** A code went out: the resend button waits `seconds` (the countdown). */
  const codeSent = useCallback((seconds: number = RESEND_SECONDS) => {
    setResendAt(Date.now() + seconds * 1000);
  }, []);

  const refused = useCallback(
    (error: unknown) => {
      const wait = retryAfterSeconds(error);
      if (wait) codeSent(wait);
    },
    [codeSent],
  );

  const stop = useCallback(() => setResendAt(0), []);

  return { resendAt, codeSent, refused, stop };
}

/**
 * State shared by the sign-in flows: the current step, the phone, the development code,
 * an error, whether a call is under way, when the code may be sent again. `reset` is Back
 * (docs/product.md#sign-up-and-sign-in).
 */
export function useStepFlow<Step extends string>(first: Step) {
  const [step, setStep] = useState<Step>(first);
  const [phone, setPhone] = useState('');
  const [devCode, setDevCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const clock = useResendClock();
  const { codeSent, refused, stop } = clock;
  // Bumped on reset so the step forms remount empty.
  const [generation, setGeneration] = useState(0);

  const run = useCallback(async (work: () => Promise<void>, onError: (error: unknown) => void) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      onError(caught);
    } finally {
      setBusy(false);
    }
  }, []);

  /**
   * Sends the code again through `send` (which calls `codeSent`); a refusal with a wait starts
   * the countdown from the server's Retry-After, so the button opens when sending works again.
   */
  const resend = useCallback(
    (send: () => Promise<void>, onError: (error: unknown) => void) =>
      run(send, (error) => {
        refused(error);
        onError(error);
      }),
    [run, refused],
  );

  const reset = useCallback(() => {
    setStep(first);
    setPhone('');
    setDevCode(null);
    setError(null);
    stop();
    setGeneration((g) => g + 1);
  }, [first, stop]);

  return {
    step,
    setStep,
    phone,
    setPhone,
    devCode,
    setDevCode,
    error,
    setError,
    busy,
    run,
    resendAt: clock.resendAt,
    codeSent,
    resend,
    reset,
    generation,
  };
}

export const REDIRECT_DELAY_MS = 100;
