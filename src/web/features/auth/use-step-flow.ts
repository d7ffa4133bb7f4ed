import { useCallback, useState } from 'react';

/**
 * State shared by the sign-in flows: the current step, the phone, the development code,
 * an error, whether a call is under way. `reset` is Back (docs/product.md#sign-up-and-sign-in).
 */
export function useStepFlow<Step extends string>(first: Step) {
  const [step, setStep] = useState<Step>(first);
  const [phone, setPhone] = useState('');
  const [devCode, setDevCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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

  const reset = useCallback(() => {
    setStep(first);
    setPhone('');
    setDevCode(null);
    setError(null);
    setGeneration((g) => g + 1);
  }, [first]);

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
    reset,
    generation,
  };
}

export const REDIRECT_DELAY_MS = 100;
