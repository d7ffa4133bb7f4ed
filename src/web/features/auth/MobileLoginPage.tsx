import { Link } from 'react-router';
import { BRAND } from '#lib/brand';
import { Alert } from '#ui/alert';
import { toast } from '#ui/toast';
import { authApi } from './api';
import {
  AuthCard,
  CODE_FIELD,
  CONFIRM_PASSWORD_FIELD,
  CodeStep,
  CredentialsForm,
  newPasswordField,
  PasswordLoginForm,
  PhoneForm,
  PhoneInUse,
  RESET_FROM_MOBILE,
} from './components';
import { useSignIn } from './use-sign-in';

type Step = 'phone' | 'password' | 'code' | 'createPassword';

/** /mobile: phone → password (existing account) or code → create password (new account). */
export function MobileLoginPage() {
  const { flow, signedIn, failWith, onPhone, onPassword, onResend } = useSignIn<'createPassword'>({
    home: '/mobile-dashboard',
    phoneFallback: 'حدث خطأ في الاتصال',
    passwordFallback: 'خطأ في تسجيل الدخول',
    offline: 'حدث خطأ في الاتصال',
  });

  const onOtp = ({ otp }: { otp: string }) =>
    flow.run(
      async () => {
        await authApi.verifyOtpOnly(flow.phone, otp);
        flow.setStep('createPassword');
      },
      failWith('رمز التحقق غير صحيح', 'حدث خطأ في التحقق'),
    );

  const onCreatePassword = ({ password }: { password: string }) =>
    flow.run(
      async () => {
        await authApi.createPassword(flow.phone, password);
        toast({ title: 'تم إنشاء الحساب بنجاح', description: `مرحباً بك في ${BRAND.productName}` });
        await signedIn();
      },
      failWith('حدث خطأ في إنشاء الحساب', 'حدث خطأ في إنشاء الحساب'),
    );

  // Which number the later steps are for; «تغيير الرقم» is their back arrow.
  const leads: Record<Exclude<Step, 'phone'>, string> = {
    password: 'تسجيل الدخول بالرقم',
    code: 'أرسلنا رمز التحقق إلى الرقم',
    createPassword: 'إنشاء حساب بالرقم',
  };

  const titles: Record<Step, string> = {
    phone: 'تسجيل الدخول',
    password: 'أدخل كلمة المرور',
    code: 'رمز التحقق',
    createPassword: 'إنشاء كلمة المرور',
  };

  return (
    <AuthCard
      title={titles[flow.step]}
      subtitle={flow.step === 'phone' ? 'سجّل دخولك أو أنشئ حساباً مجانياً برقم جوالك' : undefined}
    >
      {flow.step !== 'phone' ? (
        <PhoneInUse
          lead={leads[flow.step]}
          phone={flow.phone}
          onChange={flow.reset}
          busy={flow.busy}
        />
      ) : null}
      {flow.error ? <Alert>{flow.error}</Alert> : null}
      <div key={flow.generation}>
        {flow.step === 'phone' ? (
          <PhoneForm
            schema={(schemas) => schemas.mobilePhoneFormSchema}
            submitLabel="متابعة"
            busy={flow.busy}
            onSubmit={onPhone}
          />
        ) : null}
        {flow.step === 'password' ? (
          <PasswordLoginForm busy={flow.busy} onSubmit={onPassword}>
            <Link
              to="/reset-password"
              state={RESET_FROM_MOBILE}
              className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline"
            >
              نسيت كلمة المرور؟
            </Link>
          </PasswordLoginForm>
        ) : null}
        {flow.step === 'code' ? (
          <div className="space-y-4">
            <CodeStep
              schema={(schemas) => schemas.mobileCodeFormSchema}
              fields={[CODE_FIELD]}
              submitLabel="تحقق"
              busy={flow.busy}
              onSubmit={onOtp}
              devCode={flow.devCode}
              resendAt={flow.resendAt}
              onResend={onResend}
            />
          </div>
        ) : null}
        {flow.step === 'createPassword' ? (
          <CredentialsForm
            schema={(schemas) => schemas.mobileCreatePasswordFormSchema}
            fields={[newPasswordField('password', 'كلمة المرور'), CONFIRM_PASSWORD_FIELD]}
            submitLabel="إنشاء الحساب"
            busy={flow.busy}
            onSubmit={onCreatePassword}
          />
        ) : null}
      </div>
    </AuthCard>
  );
}
