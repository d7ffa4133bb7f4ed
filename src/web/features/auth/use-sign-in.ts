import { useNavigate } from 'react-router';
import { isApiError } from '#lib/api';
import { refreshSession } from '#lib/session';
import { toast } from '#ui/toast';
import { authApi } from './api';
import { REDIRECT_DELAY_MS, useStepFlow } from './use-step-flow';

/**
 * What /login and /mobile share (docs/product.md#sign-up-and-sign-in): the phone picks code or
 * password; a login that still needs a code starts the code flow; success goes home shortly.
 */
export function useSignIn<Step extends string>(options: {
  codeStep: Step;
  passwordStep: Step;
  /** Where a signed-in user goes; a function is asked at that moment (it may read the width). */
  home: string | (() => string);
}) {
  const navigate = useNavigate();
  const flow = useStepFlow<Step | 'phone'>('phone');

  const sendCode = async (phone: string) => {
    const sent = await authApi.sendOtp(phone);
    flow.setDevCode(sent.otpCode ?? null);
    flow.codeSent();
    toast({ title: 'تم إرسال رمز التحقق', description: 'تحقق من رسائلك النصية' });
    flow.setStep(options.codeStep);
  };

  /** «إعادة إرسال الرمز» on the code step, once its countdown has run out. */
  const resendCode = (onError: (error: unknown) => void) =>
    flow.resend(() => sendCode(flow.phone), onError);

  const signedIn = async () => {
    await refreshSession();
    const home = typeof options.home === 'string' ? options.home : options.home();
    setTimeout(() => navigate(home, { replace: true }), REDIRECT_DELAY_MS);
  };

  const startWithPhone = async (phone: string) => {
    flow.setPhone(phone);
    const { requiresOtp } = await authApi.checkPhone(phone);
    if (requiresOtp) await sendCode(phone);
    else flow.setStep(options.passwordStep);
  };

  const loginWithPassword = async (password: string) => {
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
  };

  return { flow, signedIn, startWithPhone, loginWithPassword, resendCode };
}
