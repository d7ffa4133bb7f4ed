import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AVAILABLE_TO_TRANSFER, formatSar, payoutRequestFormSchema } from '#domain';
import { fieldErrors } from '#lib/api';
import { useSession } from '#lib/session';
import { zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { FormField, Input } from '#ui/input';
import { PasswordInput } from '#ui/password-input';
import { errorToast, toast } from '#ui/toast';
import { useRequestPayout } from './api';

type Form = z.input<ReturnType<typeof payoutRequestFormSchema>>;

type Values = z.output<ReturnType<typeof payoutRequestFormSchema>>;

/**
 * Amount (≤ what is pending, two decimals) and a Saudi IBAN, filled with the one on the profile
 * (the server refuses another: it is changed in «الحساب البنكي»); with none there yet, the
 * password too, as the IBAN becomes the profile's. Disabled with nothing pending.
 */
export function PayoutRequestForm({
  available,
  iban,
  office = null,
  onSent,
}: {
  available: number;
  /** The IBAN on the profile, if any: the first request's IBAN becomes it. */
  iban: string | null;
  /** The office whose IBAN `iban` is, when the broker's office chose to be paid (decision 080). */
  office?: string | null;
  /** After the request was accepted (the phone closes its dialog). */
  onSent?: () => void;
}) {
  const form = useForm<Form, unknown, Values>({
    resolver: zodResolver(payoutRequestFormSchema(available)),
    defaultValues: { amount: '', bankAccount: iban ?? '' },
  });

  const send = useRequestPayout({
    onSuccess: () => {
      toast({ title: 'تم إرسال طلب التحويل للمراجعة' });
      form.reset();
      onSent?.();
    },
    onError: errorToast('خطأ', 'فشل في إرسال طلب التحويل'),
  });
  const errors = form.formState.errors;
  const server = fieldErrors(send.error);
  const chargesVat = useSession().profile?.taxProfile.chargesVat ?? false;
  const nothingPending = available <= 0;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(({ password, ...values }) =>
        // The password goes only with a first IBAN, which this request saves to the profile.
        send.mutate(iban ? values : { ...values, password }),
      )}
    >
      <p className="text-sm text-slate-700">
        {AVAILABLE_TO_TRANSFER}: {formatSar(available)}
      </p>
      {chargesVat ? (
        <p className="text-sm text-slate-700">
          يُحوَّل المبلغ مع ضريبة القيمة المضافة ١٥٪، وتصلك فاتورة ضريبية ذاتية بعد الدفع.
        </p>
      ) : null}
      <FormField label="المبلغ المطلوب (ر.س)" error={errors.amount?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('amount')}
            // Text, not number: a number field drops Arabic-keyboard digits (٥٠٠); the schema
            // reads ٠-٩ and ۰-۹, checks two decimals and the available amount, and sends 500.
            type="text"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            className="text-end"
            disabled={nothingPending}
          />
        )}
      </FormField>
      <FormField
        label="رقم الآيبان"
        error={errors.bankAccount?.message ?? server.bankAccount}
        hint={
          office ? (
            `آيبان مكتب ${office}: اختار المكتب أن تُحوَّل عمولات أعضائه إليه.`
          ) : iban ? (
            'الآيبان المسجل في حسابك البنكي؛ يُغيَّر من بطاقة «الحساب البنكي».'
          ) : (
            <>
              مثال: <bdi dir="ltr">SA85 1000 0012 3456 7890 1234</bdi>. يُحفظ في حسابك البنكي لطلباتك
              القادمة.
            </>
          )
        }
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('bankAccount')}
            dir="ltr"
            className="text-end"
            autoComplete="off"
            readOnly={office !== null}
            disabled={nothingPending}
          />
        )}
      </FormField>
      {iban ? null : (
        <FormField
          label="كلمة المرور الحالية"
          error={errors.password?.message ?? server.password}
          hint="لحفظ الآيبان في حسابك البنكي. يوقف ذلك دفعاتك ٤٨ ساعة احتياطاً، وتصلك رسالة بذلك."
        >
          {(control) => (
            <PasswordInput
              {...control}
              {...form.register('password')}
              autoComplete="current-password"
              disabled={nothingPending}
            />
          )}
        </FormField>
      )}
      <Button type="submit" className="w-full" disabled={nothingPending || send.isPending}>
        {send.isPending ? 'جاري الإرسال...' : 'إرسال طلب التحويل'}
      </Button>
    </form>
  );
}
