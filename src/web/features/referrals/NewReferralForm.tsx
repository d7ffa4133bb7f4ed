import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { formatNumberAr, newReferralFormSchema } from '#domain';
import { useSession } from '#lib/session';
import { zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { FormField, Input } from '#ui/input';
import { PhoneInput } from '#ui/phone-input';
import { errorToast, toast } from '#ui/toast';
import { useCreateReferral } from './api';

type Form = z.input<typeof newReferralFormSchema>;
type Values = z.output<typeof newReferralFormSchema>;

/**
 * The tenant's phone and an optional annual rent. Blocked while the account is inactive or
 * the full name is empty; on success: toast, dashboard (docs/product.md#creating-a-referral).
 */
export function NewReferralForm({ variant }: { variant: 'desktop' | 'mobile' }) {
  const { profile } = useSession();
  const navigate = useNavigate();
  const form = useForm<Form, unknown, Values>({
    resolver: zodResolver(newReferralFormSchema),
    defaultValues: { tenantPhone: '', rent: '' },
  });
  const create = useCreateReferral({
    onSuccess: () =>
      toast({
        title: 'تم إنشاء الطلب بنجاح',
        description: 'تم إرسال رابط إكمال البيانات للمستأجر',
      }),
    onRefreshed: () => navigate(variant === 'mobile' ? '/mobile-dashboard' : '/dashboard'),
    onError:
      variant === 'mobile'
        ? errorToast('خطأ في إنشاء الطلب', 'حدث خطأ غير متوقع')
        : errorToast('خطأ', 'فشل في إرسال الإحالة'),
  });
  const submit = (values: Values) =>
    create.mutate({
      tenantPhone: values.tenantPhone,
      ...(values.rent ? { rent: values.rent } : {}),
    });
  if (!profile) return null;

  const inactive = !profile.isActive;
  const nameMissing = !profile.fullName?.trim();
  const blockedLabel = inactive ? 'الحساب غير مفعل' : nameMissing ? 'يجب إكمال الاسم الكامل' : null;
  const errors = form.formState.errors;

  const onInvalid = () => {
    if (errors.tenantPhone || form.getFieldState('tenantPhone').invalid) {
      toast({
        title: 'خطأ في رقم الجوال',
        description: 'يرجى إدخال رقم جوال المستأجر بشكل صحيح',
        variant: 'destructive',
      });
    }
  };

  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit(submit, onInvalid)}>
      {inactive ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          حسابك غير مفعل حالياً، يرجى التواصل مع الإدارة لتفعيل الحساب قبل إضافة الطلبات.
        </p>
      ) : nameMissing ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          يرجى إكمال الاسم الكامل في الملف الشخصي قبل إضافة الطلبات.
        </p>
      ) : null}
      <FormField label="رقم جوال المستأجر" error={errors.tenantPhone?.message}>
        {(control) => (
          <PhoneInput {...control} {...form.register('tenantPhone')} placeholder="05xxxxxxxx" />
        )}
      </FormField>
      <FormField
        label="الإيجار السنوي بالريال (اختياري)"
        error={errors.rent?.message}
        hint={`أرقام فقط، مثل ${formatNumberAr(50_000)}`}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('rent', {
              // Digits only (Latin or Arabic-Indic) as the broker types.
              onChange: (event: { target: { value: string } }) => {
                event.target.value = event.target.value.replace(/[^\d٠-٩۰-۹]/g, '');
              },
            })}
            inputMode="numeric"
            dir="ltr"
            className="text-end"
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={Boolean(blockedLabel) || create.isPending}>
        {blockedLabel ?? (create.isPending ? 'جاري الإرسال...' : 'إرسال الطلب')}
      </Button>
    </form>
  );
}
