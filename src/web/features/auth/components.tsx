import { ArrowRight } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type DefaultValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatNumberAr, normalizeSaudiMobile, OTP_CODE_LENGTH } from '#domain';
import { BRAND } from '#lib/brand';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { FormField, Input } from '#ui/input';
import { PasswordInput } from '#ui/password-input';
import { PhoneInput } from '#ui/phone-input';

/** The development banner: shows the code the console SMS adapter "sent". */
export function DevCodeBanner({ code }: { code: string | null }) {
  if (!code) return null;
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      بيئة التطوير: رمز التحقق هو{' '}
      <bdi className="font-mono text-base font-bold" dir="ltr">
        {code}
      </bdi>
    </div>
  );
}

/** Whole seconds left until `deadline` (epoch ms), ticking once a second while above zero. */
function useSecondsUntil(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (deadline <= Date.now()) return;
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

const twoDigits = (n: number) => formatNumberAr(n).padStart(2, '٠');

/**
 * ٠:٥٩, ١٤:٠٥, ٢٣:٥٩:٥٩ — minutes and two-digit seconds in Arabic-Indic digits, hours first
 * past an hour (a spent wrong-code budget waits up to a day).
 */
function formatCountdown(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0
    ? `${formatNumberAr(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}`
    : `${formatNumberAr(minutes)}:${twoDigits(seconds)}`;
}

/**
 * «إعادة إرسال الرمز», closed while the last code is fresh: it counts down to `availableAt`
 * («إعادة الإرسال بعد ٠:٥٩»), then opens.
 */
export function ResendCodeButton({
  availableAt,
  busy,
  onResend,
}: {
  availableAt: number;
  busy: boolean;
  onResend: () => void;
}) {
  const secondsLeft = useSecondsUntil(availableAt);
  return (
    <Button
      variant="outline"
      className="w-full"
      disabled={busy || secondsLeft > 0}
      onClick={onResend}
    >
      {secondsLeft > 0 ? (
        <>
          إعادة الإرسال بعد <bdi dir="ltr">{formatCountdown(secondsLeft)}</bdi>
        </>
      ) : (
        'إعادة إرسال الرمز'
      )}
    </Button>
  );
}

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 p-4"
    >
      <Card className="w-full max-w-md space-y-5 p-6">
        <div className="space-y-1 text-center">
          <p className="text-2xl font-bold text-brand-800">{BRAND.productName}</p>
          <h1 className="text-xl font-bold text-slate-900">{title}</h1>
          {subtitle ? <p className="text-sm text-slate-700">{subtitle}</p> : null}
        </div>
        {children}
      </Card>
    </main>
  );
}

/**
 * The history state /mobile's «نسيت كلمة المرور؟» carries, so /reset-password returns to
 * /mobile rather than /login.
 */
export const RESET_FROM_MOBILE = { signInAt: '/mobile' } as const;

/** The back arrow of the later steps: returns to the phone step. */
export function BackButton({
  onClick,
  label = 'رجوع',
  disabled = false,
}: {
  onClick: () => void;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <Button variant="ghost" onClick={onClick} disabled={disabled}>
      <ArrowRight aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}

/**
 * The number a later step is for (`lead` says what: «تسجيل الدخول بالرقم», «أرسلنا الرمز إلى
 * الرقم»), as 05…, however it was typed, with «تغيير الرقم» back to the phone step; closed while
 * a code is on its way (`busy`), whose answer belongs to this number.
 */
export function PhoneInUse({
  lead,
  phone,
  onChange,
  busy = false,
}: {
  lead: string;
  phone: string;
  onChange: () => void;
  busy?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg bg-slate-100 ps-3">
      <p className="py-2 text-sm text-slate-800">
        {lead}{' '}
        <bdi dir="ltr" className="font-bold">
          {normalizeSaudiMobile(phone) ?? phone}
        </bdi>
      </p>
      <BackButton onClick={onChange} label="تغيير الرقم" disabled={busy} />
    </div>
  );
}

type StepSchemas = typeof import('./schemas');
/** A step's schema, picked from ./schemas once it has loaded: `(s) => s.mobilePhoneFormSchema`. */
type PickSchema<V> = (schemas: StepSchemas) => z.ZodType<V, V>;

const loadStepSchemas = () => import('./schemas');
/** Fetches the schemas ahead, quietly: a failure is met again, and said, on submit. */
const prefetchStepSchemas = () => {
  loadStepSchemas().catch(() => {});
};

/** Said under the form when the check itself could not be downloaded. */
const CHECK_NOT_LOADED = 'تعذّر التحقق من البيانات. تحقّق من اتصالك ثم أعد المحاولة.';
/**
 * Said when it failed again: a browser may keep a failed download's answer for the page's life
 * (whatwg/html#6768), and a reload always fetches afresh.
 */
const CHECK_STILL_NOT_LOADED =
  'تعذّر التحقق من البيانات مرة أخرى. أعد تحميل الصفحة ثم حاول من جديد.';

/**
 * A step's form, validated by its schema from ./schemas: the form draws without Zod, fetches it
 * on its first focus, and waits for it on submit, taking no second submit meanwhile (`checking`
 * disables the button). A failed download is said under the form, and submitting again tries
 * again.
 */
function useStepForm<V extends Record<string, string>>(
  pick: PickSchema<V>,
  defaultValues?: DefaultValues<V>,
) {
  const form = useForm<V, unknown, V>({
    defaultValues,
    resolver: async (values, context, options) => {
      const schemas = await loadStepSchemas();
      return schemas.zodResolver(pick(schemas))(values, context, options);
    },
  });
  const [checking, setChecking] = useState(false);
  const pending = useRef(false);
  const failures = useRef(0);
  const submitWith = (onValid: (values: V) => void) => (event: FormEvent) => {
    event.preventDefault();
    if (pending.current) return;
    pending.current = true;
    setChecking(true);
    loadStepSchemas()
      .then(
        () => form.handleSubmit(onValid)(),
        () => {
          failures.current += 1;
          const message = failures.current > 1 ? CHECK_STILL_NOT_LOADED : CHECK_NOT_LOADED;
          form.setError('root.load', { type: 'load', message });
        },
      )
      .finally(() => {
        pending.current = false;
        setChecking(false);
      });
  };
  return { form, submitWith, checking };
}

/**
 * A step's end: the form's own failure (its check not downloaded, not a field's), then the
 * submit button, which can retry it and is held while the step checks or sends.
 */
function StepSubmit({
  failure,
  label,
  busy,
}: {
  failure: string | undefined;
  label: string;
  busy: boolean;
}) {
  return (
    <>
      {failure ? <Alert>{failure}</Alert> : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'جاري التحقق...' : label}
      </Button>
    </>
  );
}

/** Phone step shared by the three sign-in flows; accepts any Saudi format and Arabic digits. */
export function PhoneForm({
  schema,
  submitLabel,
  busy,
  onSubmit,
}: {
  schema: PickSchema<{ phone: string }>;
  submitLabel: string;
  busy: boolean;
  onSubmit: (phone: string) => void;
}) {
  const { form, submitWith, checking } = useStepForm(schema, { phone: '' });
  return (
    <form
      noValidate
      onFocusCapture={prefetchStepSchemas}
      onSubmit={submitWith(({ phone }) => onSubmit(phone))}
      className="space-y-4"
    >
      <FormField label="رقم الجوال" error={form.formState.errors.phone?.message}>
        {(control) => (
          <PhoneInput
            {...control}
            {...form.register('phone')}
            autoComplete="tel"
            placeholder="05xxxxxxxx"
          />
        )}
      </FormField>
      <StepSubmit
        failure={form.formState.errors.root?.load?.message}
        label={submitLabel}
        busy={busy || checking}
      />
    </form>
  );
}

type FieldSpec<K extends string> = {
  name: K;
  label: string;
  type: 'password' | 'code';
  autoComplete: string;
};

export const CODE_FIELD: FieldSpec<'otp'> = {
  name: 'otp',
  label: 'رمز التحقق',
  type: 'code',
  autoComplete: 'one-time-code',
};

/** A password the user chooses; `new-password` lets the browser offer to generate and save it. */
export const newPasswordField = <K extends string>(name: K, label: string): FieldSpec<K> => ({
  name,
  label,
  type: 'password',
  autoComplete: 'new-password',
});

export const CONFIRM_PASSWORD_FIELD = newPasswordField('confirmPassword', 'تأكيد كلمة المرور');

type CredentialsFormProps<K extends string> = {
  schema: PickSchema<Record<K, string>>;
  fields: FieldSpec<K>[];
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: Record<K, string>) => void;
  children?: ReactNode;
};

/**
 * A small form of code and password fields (the code, new-password and password steps),
 * validated by the domain schema of that step.
 */
export function CredentialsForm<K extends string>({
  schema,
  fields,
  submitLabel,
  busy,
  onSubmit,
  children,
}: CredentialsFormProps<K>) {
  const { form, submitWith, checking } = useStepForm(schema);
  const errors = form.formState.errors as Partial<Record<K, { message?: string }>>;
  return (
    <form
      noValidate
      onFocusCapture={prefetchStepSchemas}
      onSubmit={submitWith(onSubmit)}
      className="space-y-4"
    >
      {fields.map((field) => (
        <FormField key={field.name} label={field.label} error={errors[field.name]?.message}>
          {(control) => {
            const registered = form.register(field.name as unknown as Path<Record<K, string>>);
            return field.type === 'code' ? (
              <Input
                {...control}
                {...registered}
                type="text"
                autoComplete={field.autoComplete}
                inputMode="numeric"
                maxLength={OTP_CODE_LENGTH}
                dir="ltr"
                className="text-center tracking-[0.5em]"
              />
            ) : (
              <PasswordInput {...control} {...registered} autoComplete={field.autoComplete} />
            );
          }}
        </FormField>
      ))}
      {children}
      <StepSubmit
        failure={form.formState.errors.root?.load?.message}
        label={submitLabel}
        busy={busy || checking}
      />
    </form>
  );
}

/** The password step of /login and /mobile: an existing account's password. */
export function PasswordLoginForm({
  busy,
  onSubmit,
  children,
}: Pick<CredentialsFormProps<'password'>, 'busy' | 'onSubmit' | 'children'>) {
  return (
    <CredentialsForm
      schema={(schemas) => schemas.loginPasswordFormSchema}
      fields={[
        {
          name: 'password',
          label: 'كلمة المرور',
          type: 'password',
          autoComplete: 'current-password',
        },
      ]}
      submitLabel="تسجيل الدخول"
      busy={busy}
      onSubmit={onSubmit}
    >
      {children}
    </CredentialsForm>
  );
}

/**
 * The body of a code step: the development code, the step's form, then «إعادة إرسال الرمز»;
 * the wrapper stays with the page, whose layout differs.
 */
export function CodeStep<K extends string>({
  devCode,
  resendAt,
  onResend,
  ...form
}: CredentialsFormProps<K> & { devCode: string | null; resendAt: number; onResend: () => void }) {
  return (
    <>
      <DevCodeBanner code={devCode} />
      <CredentialsForm {...form} />
      <ResendCodeButton availableAt={resendAt} busy={form.busy} onResend={onResend} />
    </>
  );
}

/** The one-time code's field: digits of any keyboard, left to right, as long as the code. */
export function OneTimeCodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <FormField label={CODE_FIELD.label} error={error}>
      {(control) => (
        <Input
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          inputMode="numeric"
          autoComplete={CODE_FIELD.autoComplete}
          dir="ltr"
          className="text-center tracking-[0.5em]"
          maxLength={OTP_CODE_LENGTH}
        />
      )}
    </FormField>
  );
}
