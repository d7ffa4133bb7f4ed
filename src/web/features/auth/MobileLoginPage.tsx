import {
  loginPasswordFormSchema,
  mobileCodeFormSchema,
  mobileCreatePasswordFormSchema,
  mobilePhoneFormSchema,
} from '#domain';
import { ApiError, errorMessage } from '#lib/api';
import { BRAND } from '#lib/brand';
import { Alert } from '#ui/alert';
import { toast } from '#ui/toast';
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

type Step = 'phone' | 'password' | 'otp' | 'createPassword';

/** A server answer gets its message; a network failure gets the screen's own text. */
const messageFor = (error: unknown, serverFallback: string, networkFallback: string) =>
  error instanceof ApiError ? errorMessage(error, serverFallback) : networkFallback;

/** /mobile: phone → password (existing account) or code → create password (new account). */
export function MobileLoginPage() {
  const { flow, signedIn, startWithPhone, loginWithPassword, resendCode } = useSignIn<Step>({
    codeStep: 'otp',
    passwordStep: 'password',
    home: '/mobile-dashboard',
  });

  const onPhone = (phone: string) =>
    flow.run(
      () => startWithPhone(phone),
      (error) => flow.setError(messageFor(error, 'حدث خطأ في الاتصال', 'حدث خطأ في الاتصال')),
    );

  const onPassword = ({ password }: { password: string }) =>
    flow.run(
      () => loginWithPassword(password),
      (error) => flow.setError(messageFor(error, 'خطأ في تسجيل الدخول', 'حدث خطأ في الاتصال')),
    );

  const onOtp = ({ otp }: { otp: string }) =>
    flow.run(
      async () => {
        await authApi.verifyOtpOnly(flow.phone, otp);
        flow.setStep('createPassword');
      },
      (error) => flow.setError(messageFor(error, 'رمز التحقق غير صحيح', 'حدث خطأ في التحقق')),
    );

  const onCreatePassword = ({ password }: { password: string }) =>
    flow.run(
      async () => {
        await authApi.createPassword(flow.phone, password);
        toast({ title: 'تم إنشاء الحساب بنجاح', description: `مرحباً بك في ${BRAND.productName}` });
        await signedIn();
      },
      (error) =>
        flow.setError(messageFor(error, 'حدث خطأ في إنشاء الحساب', 'حدث خطأ في إنشاء الحساب')),
    );

  const titles: Record<Step, string> = {
    phone: 'تسجيل الدخول',
    password: 'أدخل كلمة المرور',
    otp: 'رمز التحقق',
    createPassword: 'إنشاء كلمة المرور',
  };

  return (
    <AuthCard
      title={titles[flow.step]}
      subtitle={flow.step === 'phone' ? 'سجّل دخولك أو أنشئ حساباً مجانياً برقم جوالك' : undefined}
    >
      {flow.step !== 'phone' ? <BackButton onClick={flow.reset} /> : null}
      {flow.error ? <Alert>{flow.error}</Alert> : null}
      <div key={flow.generation}>
        {flow.step === 'phone' ? (
          <PhoneForm
            schema={mobilePhoneFormSchema}
            submitLabel="متابعة"
            busy={flow.busy}
            onSubmit={onPhone}
          />
        ) : null}
        {flow.step === 'password' ? (
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
          />
        ) : null}
        {flow.step === 'otp' ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              أرسلنا رمز التحقق إلى <bdi dir="ltr">{flow.phone}</bdi>
            </p>
            <DevCodeBanner code={flow.devCode} />
            <CredentialsForm
              schema={mobileCodeFormSchema}
              fields={[
                { name: 'otp', label: 'رمز التحقق', type: 'code', autoComplete: 'one-time-code' },
              ]}
              submitLabel="تحقق"
              busy={flow.busy}
              onSubmit={onOtp}
            />
            <ResendCodeButton
              availableAt={flow.resendAt}
              busy={flow.busy}
              onResend={() =>
                resendCode((error) =>
                  flow.setError(
                    messageFor(error, 'حدث خطأ في إرسال رمز التحقق', 'حدث خطأ في الاتصال'),
                  ),
                )
              }
            />
          </div>
        ) : null}
        {flow.step === 'createPassword' ? (
          <CredentialsForm
            schema={mobileCreatePasswordFormSchema}
            fields={[
              {
                name: 'password',
                label: 'كلمة المرور',
                type: 'password',
                autoComplete: 'new-password',
              },
              {
                name: 'confirmPassword',
                label: 'تأكيد كلمة المرور',
                type: 'password',
                autoComplete: 'new-password',
              },
            ]}
            submitLabel="إنشاء الحساب"
            busy={flow.busy}
            onSubmit={onCreatePassword}
          />
        ) : null}
      </div>
    </AuthCard>
  );
}
