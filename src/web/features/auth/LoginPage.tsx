import { Link, useNavigate } from 'react-router';
import { queryClient } from '#lib/query-client';
import { PROFILE_KEY, type Profile } from '#lib/session';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { authApi } from './api';
import {
  AuthCard,
  BackButton,
  CODE_FIELD,
  CodeStep,
  newPasswordField,
  PasswordLoginForm,
  PhoneForm,
} from './components';
import { useSignIn } from './use-sign-in';

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
  const { flow, signedIn, failWith, onPhone, onPassword, onResend } = useSignIn({
    home: homeForWidth,
    phoneFallback: 'حدث خطأ في التحقق من رقم الجوال',
    passwordFallback: 'حدث خطأ في تسجيل الدخول',
  });

  const onCode = ({ otp, password }: { otp: string; password: string }) =>
    flow.run(async () => {
      await authApi.verifyOtp(flow.phone, otp, password);
      await signedIn();
    }, failWith('حدث خطأ في التحقق من الرمز'));

  return (
    <AuthCard title="تسجيل دخول الوسيط" subtitle="أدخل رقم جوالك للمتابعة">
      {flow.error ? <Alert>{flow.error}</Alert> : null}
      <div key={flow.generation} className="space-y-4">
        {flow.step === 'phone' ? (
          <PhoneForm
            schema={(schemas) => schemas.loginPhoneFormSchema}
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
            <CodeStep
              schema={(schemas) => schemas.loginCodeFormSchema}
              fields={[CODE_FIELD, newPasswordField('password', 'كلمة المرور الجديدة')]}
              submitLabel="تأكيد"
              busy={flow.busy}
              onSubmit={onCode}
              devCode={flow.devCode}
              resendAt={flow.resendAt}
              onResend={onResend}
            />
            <BackButton onClick={flow.reset} />
          </>
        ) : null}
        {flow.step === 'password' ? (
          <>
            <PasswordLoginForm busy={flow.busy} onSubmit={onPassword}>
              <Link
                to="/reset-password"
                className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline"
              >
                نسيت كلمة المرور؟
              </Link>
            </PasswordLoginForm>
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
