import { useLocation, useNavigate } from 'react-router';
import { Button } from '#ui/button';
import { errorToast, toast } from '#ui/toast';
import { authApi } from './api';
import {
  AuthCard,
  CODE_FIELD,
  CONFIRM_PASSWORD_FIELD,
  CodeStep,
  CredentialsForm,
  newPasswordField,
  PhoneForm,
  RESET_FROM_MOBILE,
} from './components';
import { useStepFlow } from './use-step-flow';

type Step = 'phone' | 'code' | 'password';

/**
 * /reset-password: phone → code → new password and confirmation → the sign-in page it came
 * from (/mobile when opened from there, else /login).
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  // Only the one known page: the state is the browser's, and never a way elsewhere.
  const signInAt =
    (state as { signInAt?: unknown } | null)?.signInAt === RESET_FROM_MOBILE.signInAt
      ? RESET_FROM_MOBILE.signInAt
      : '/login';
  const flow = useStepFlow<Step>('phone');

  const sendCode = async (phone: string) => {
    const sent = await authApi.sendOtp(phone, 'reset');
    flow.setPhone(phone);
    flow.setDevCode(sent.otpCode ?? null);
    flow.codeSent();
    toast({ title: 'تم إرسال الرمز', description: 'تحقق من رسائلك النصية' });
    flow.setStep('code');
  };
  const sendFailed = errorToast('خطأ', 'حدث خطأ في إرسال رمز التحقق');

  const onPhone = (phone: string) => flow.run(() => sendCode(phone), sendFailed);

  const onCode = ({ otp }: { otp: string }) =>
    flow.run(
      async () => {
        await authApi.verifyOtpForReset(flow.phone, otp);
        toast({ title: 'تم التحقق', description: 'اختر كلمة مرور جديدة' });
        flow.setStep('password');
      },
      errorToast('خطأ', 'رمز التحقق غير صحيح'),
    );

  const onPassword = ({ newPassword }: { newPassword: string }) =>
    flow.run(
      async () => {
        await authApi.resetPassword(flow.phone, newPassword);
        toast({
          title: 'تم بنجاح',
          description: 'تم تغيير كلمة المرور، سجّل دخولك بكلمة المرور الجديدة',
        });
        navigate(signInAt, { replace: true });
      },
      errorToast('خطأ', 'حدث خطأ في تغيير كلمة المرور'),
    );

  const subtitles: Record<Step, string> = {
    phone: 'أدخل رقم جوالك وسنرسل لك رمز التحقق',
    code: 'أدخل رمز التحقق المرسل إلى جوالك',
    password: 'اختر كلمة مرور جديدة',
  };

  return (
    <AuthCard title="استعادة كلمة المرور" subtitle={subtitles[flow.step]}>
      {flow.step === 'phone' ? (
        <PhoneForm
          schema={(schemas) => schemas.resetPhoneFormSchema}
          submitLabel="إرسال رمز التحقق"
          busy={flow.busy}
          onSubmit={onPhone}
        />
      ) : null}
      {flow.step === 'code' ? (
        <CodeStep
          schema={(schemas) => schemas.resetCodeFormSchema}
          fields={[CODE_FIELD]}
          submitLabel="تحقق"
          busy={flow.busy}
          onSubmit={onCode}
          devCode={flow.devCode}
          resendAt={flow.resendAt}
          onResend={() => flow.resend(() => sendCode(flow.phone), sendFailed)}
        />
      ) : null}
      {flow.step === 'password' ? (
        <CredentialsForm
          schema={(schemas) => schemas.resetNewPasswordFormSchema}
          fields={[newPasswordField('newPassword', 'كلمة المرور الجديدة'), CONFIRM_PASSWORD_FIELD]}
          submitLabel="تغيير كلمة المرور"
          busy={flow.busy}
          onSubmit={onPassword}
        />
      ) : null}
      <Button variant="outline" className="w-full" onClick={() => navigate(signInAt)}>
        العودة لتسجيل الدخول
      </Button>
    </AuthCard>
  );
}
