import { useNavigate } from 'react-router';
import { ApiError, errorMessage, isApiError } from '#lib/api';
import { refreshSession } from '#lib/session';
import { toast } from '#ui/toast';
import { authApi } from './api';
import { REDIRECT_DELAY_MS, useStepFlow } from './use-step-flow';

/** The steps both sign-in pages have; a page adds its own after them. */
type SignInStep = 'phone' | 'code' | 'password';

/**
 * What /login and /mobile share (docs/product.md#sign-up-and-sign-in): the phone picks code or
 * password; a login that still needs a code starts the code flow; success goes home shortly.
 * Each failure becomes the page's alert: the server's message, else the step's fallback text.
 */
export function useSignIn<Extra extends string = never>(options: {
  /** Where a signed-in user goes; a function is asked at that moment (it may read the width). */
  home: string | (() => string);
  phoneFallback: string;
  passwordFallback: string;
  /** The text for a failure that never reached the server; without it, the step's fallback. */
  offline?: string;
}) {
  const navigate = useNavigate();
  const flow = useStepFlow<SignInStep | Extra>('phone');

  /** The `onError` of a step: its alert text, `offline` overriding the page's for that step. */
  const failWith =
    (fallback: string, offline = options.offline) =>
    (error: unknown) =>
      flow.setError(
        offline === undefined || error instanceof ApiError
          ? errorMessage(error, fallback)
          : offline,
      );

  const sendCode = async (phone: string) => {
    const sent = await authApi.sendOtp(phone);
    flow.setDevCode(sent.otpCode ?? null);
    flow.codeSent();
    toast({ title: 'تم إرسال رمز التحقق', description: 'تحقق من رسائلك النصية' });
    flow.setStep('code');
  };

  /** «إعادة إرسال الرمز» on the code step, once its countdown has run out. */
  const onResend = () =>
    flow.resend(() => sendCode(flow.phone), failWith('حدث خطأ في إرسال رمز التحقق'));

  const signedIn = async () => {
    await refreshSession();
    const home = typeof options.home === 'string' ? options.home : options.home();
    setTimeout(() => navigate(home, { replace: true }), REDIRECT_DELAY_MS);
  };

  const onPhone = (phone: string) =>
    flow.run(async () => {
      flow.setPhone(phone);
      const { requiresOtp } = await authApi.checkPhone(phone);
      if (requiresOtp) await sendCode(phone);
      else flow.setStep('password');
    }, failWith(options.phoneFallback));

  const onPassword = ({ password }: { password: string }) =>
    flow.run(async () => {
      try {
        await authApi.login(flow.phone, password);
      } catch (error) {
        if (isApiError(error) && error.data?.requiresOtp === true) {
          await sendCode(flow.phone);
          return;
        }
        throw error;
      }
      await signedIn();
    }, failWith(options.passwordFallback));

  return { flow, signedIn, failWith, onPhone, onPassword, onResend };
}
