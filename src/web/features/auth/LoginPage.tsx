import { Link, useNavigate } from 'react-router';
import { loginCodeFormSchema, loginPasswordFormSchema, loginPhoneFormSchema } from '#domain';
import { errorMessage } from '#lib/api';
import { queryClient } from '#lib/query-client';
import { PROFILE_KEY, type Profile } from '#lib/session';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { authApi } from './api';
import {
  AuthCard,
  BackButton,
  CredentialsForm,
  DevCodeBanner,
  PhoneForm,
  ResendCodeButton,
} from './components';
import { useSignIn } from './use-sign-in';

type Step = 'phone' | 'code' | 'password';

/**
 * Below the width where the desktop sidebar closes (1024 px, product spec section 9) a broker
 * is on a phone or a small tablet: signing in lands in the phone app. Staff keep the desktop
 * dashboard, whose admin console the phone app does not have.
 */
const PHONE_WIDTH = '(max-width: 1023.98px)';
function homeForWidth(): string {
  const profile = queryClient.getQueryData<Profile | null>(PROFILE_KEY);
  if (profile?.isAdmin || profile?.isSuperAdmin) return '/dashboard';
  return window.matchMedia(PHONE_WIDTH).matches ? '/mobile-dashboard' : '/dashboard';
}

/**
 * /login: phone, then either code + new password (new or unverified phone) or password; then
 * the desktop dashboard, or the phone app's on a phone.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const { flow, signedIn, startWithPhone, loginWithPassword, resendCode } = useSignIn<Step>({
    codeStep: 'code',
    passwordStep: 'password',
    home: homeForWidth,
  });

  const onPhone = (phone: string) =>
    flow.run(
      () => startWithPhone(phone),
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
      () => loginWithPassword(password),
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
            <ResendCodeButton
              availableAt={flow.resendAt}
              busy={flow.busy}
              onResend={() =>
                resendCode((error) =>
                  flow.setError(errorMessage(error, 'حدث خطأ في إرسال رمز التحقق')),
                )
              }
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
