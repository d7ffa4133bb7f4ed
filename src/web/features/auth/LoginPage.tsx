import { Link, useNavigate } from 'react-router';
import {
  loginCodeFormSchema,
  loginPasswordFormSchema,
  loginPhoneFormSchema,
} from '../../../domain';
import { refreshSession } from '../../app/session';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorMessage, isApiError } from '../../lib/api';
import { authApi } from './api';
import { AuthCard, BackButton, CredentialsForm, DevCodeBanner, PhoneForm } from './components';
import { REDIRECT_DELAY_MS, useStepFlow } from './use-step-flow';

type Step = 'phone' | 'code' | 'password';

/** /login: phone, then either code + new password (new or unverified phone) or password. */
export function LoginPage() {
  const navigate = useNavigate();
  const flow = useStepFlow<Step>('phone');

  const sendCode = async (phone: string) => {
    const sent = await authApi.sendOtp(phone);
    flow.setDevCode(sent.otpCode ?? null);
    toast({ title: 'تم إرسال رمز التحقق', description: 'تحقق من رسائلك النصية' });
    flow.setStep('code');
  };

  const signedIn = async () => {
    await refreshSession();
    setTimeout(() => navigate('/dashboard', { replace: true }), REDIRECT_DELAY_MS);
  };

  const onPhone = (phone: string) =>
    flow.run(
      async () => {
        flow.setPhone(phone);
        const { requiresOtp } = await authApi.checkPhone(phone);
        if (requiresOtp) await sendCode(phone);
        else flow.setStep('password');
      },
      (error) => flow.setError(errorMessage(error, 'حدث خطأ في التحقق من رقم الجوال')),
    );

  const onCode = ({ otp, password }: { otp: string; password: string }) =>
    flow.run(
      async () => {
        await authApi.verifyOtp(flow.phone, otp, password);
        await signedIn();
      },
      (error) => flow.setError(errorMessage(error, 'حدث خطأ في التحقق من الرمز')),
    );

  const onPassword = ({ password }: { password: string }) =>
    flow.run(
      async () => {
        try {
          await authApi.login(flow.phone, password);
        } catch (error) {
          // An account that still needs a code starts the code flow instead of an error.
          if (isApiError(error) && error.data?.requiresOtp === true) {
            await sendCode(flow.phone);
            return;
          }
          throw error;
        }
        await signedIn();
      },
      (error) => flow.setError(errorMessage(error, 'حدث خطأ في تسجيل الدخول')),
    );

  return (
    <AuthCard title="تسجيل دخول الوسيط" subtitle="أدخل رقم جوالك للمتابعة">
      {flow.error ? <Alert>{flow.error}</Alert> : null}
      <div key={flow.generation} className="space-y-4">
        {flow.step === 'phone' ? (
          <PhoneForm
            schema={loginPhoneFormSchema}
            submitLabel="متابعة"
            busy={flow.busy}
            onSubmit={onPhone}
          />
        ) : null}
        {flow.step === 'code' ? (
          <>
            <p className="text-sm text-slate-700">
              تم إرسال رمز التحقق إلى الرقم <bdi dir="ltr">{flow.phone}</bdi>. أدخل الرمز واختر كلمة
              مرور لحسابك.
            </p>
            <DevCodeBanner code={flow.devCode} />
            <CredentialsForm
              schema={loginCodeFormSchema}
              fields={[
                { name: 'otp', label: 'رمز التحقق', type: 'code', autoComplete: 'one-time-code' },
                {
                  name: 'password',
                  label: 'كلمة المرور الجديدة',
                  type: 'password',
                  autoComplete: 'new-password',
                },
              ]}
              submitLabel="تأكيد"
              busy={flow.busy}
              onSubmit={onCode}
            />
            <BackButton onClick={flow.reset} />
          </>
        ) : null}
        {flow.step === 'password' ? (
          <>
            <CredentialsForm
              schema={loginPasswordFormSchema}
              fields={[
                {
                  name: 'password',
                  label: 'كلمة المرور',
                  type: 'password',
                  autoComplete: 'current-password',
                },
              ]}
              submitLabel="تسجيل الدخول"
              busy={flow.busy}
              onSubmit={onPassword}
            >
              <Link
                to="/reset-password"
                className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline"
              >
                نسيت كلمة المرور؟
              </Link>
            </CredentialsForm>
            <BackButton onClick={flow.reset} />
          </>
        ) : null}
      </div>
      <Button variant="outline" className="w-full" onClick={() => navigate('/')}>
        العودة للرئيسية
      </Button>
    </AuthCard>
  );
}
