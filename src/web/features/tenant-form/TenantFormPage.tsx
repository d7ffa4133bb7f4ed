import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { tenantFormSchema } from '#domain';
import { errorMessage, isApiError } from '#lib/api';
import { BRAND } from '#lib/brand';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { PageLoading } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { QueryError } from '#ui/query-view';
import { type TenantFormBody, useSubmitTenantForm, useTenantForm } from './api';
import { DocumentField } from './DocumentField';

type Form = z.input<typeof tenantFormSchema>;
type Values = z.output<typeof tenantFormSchema>;

function Shell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="mx-auto min-h-screen max-w-md space-y-4 bg-slate-50 p-4">
      <p className="text-center text-2xl font-bold text-brand-800">{BRAND.productName}</p>
      {children}
    </main>
  );
}

/** /tenant-form/{token}: the tenant completes their own data; no account needed. */
export function TenantFormPage() {
  const { token = '' } = useParams();
  const [sent, setSent] = useState(false);
  const info = useTenantForm(token);
  const form = useForm<Form, unknown, Values>({
    resolver: zodResolver(tenantFormSchema),
    defaultValues: {
      name: '',
      income: '',
      monthlyObligations: '',
      salaryDefinitionUrl: '',
      creditReportUrl: '',
    },
  });
  const submit = useSubmitTenantForm({ onSuccess: () => setSent(true) });

  if (info.isLoading) return <PageLoading />;
  if (!info.data) {
    return (
      <Shell>
        <h1 className="text-xl font-bold">نموذج بيانات المستأجر</h1>
        <QueryError
          query={info}
          errorText={(error) =>
            isApiError(error, 404) || isApiError(error, 410)
              ? 'الرابط غير صالح أو منتهي الصلاحية'
              : null
          }
          errorFallback="فشل في تحميل بيانات النموذج"
        />
      </Shell>
    );
  }
  if (sent || info.data.submitted) {
    return (
      <Shell>
        <Card className="space-y-3 text-center">
          <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-emerald-700" />
          <h1 className="text-xl font-bold">
            {sent ? 'تم إرسال بياناتك بنجاح' : 'تم استلام بياناتك'}
          </h1>
          <p className="text-slate-700">
            سيتواصل معك فريقنا خلال ٢٤ إلى ٤٨ ساعة لاستكمال طلب الدفع الشهري للإيجار. لا يمكن تعديل
            البيانات المرسلة عبر هذا الرابط.
          </p>
        </Card>
      </Shell>
    );
  }

  const errors = form.formState.errors;
  return (
    <Shell>
      <div className="space-y-1">
        <h1 className="text-xl font-bold">إكمال بيانات المستأجر</h1>
        <p className="text-sm text-slate-700">
          أكمل بياناتك لنتمكن من دراسة طلب دفع الإيجار شهرياً.
        </p>
      </div>
      <Card className="p-4">
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit((values) =>
            submit.mutate({
              ...values,
              token,
              referralId: info.data?.referralId,
              tenantPhone: info.data?.tenantPhone,
            } as TenantFormBody),
          )}
        >
          <FormField label="رقم الجوال">
            {(control) => (
              <Input
                {...control}
                value={info.data.tenantPhone}
                readOnly
                dir="ltr"
                className="text-end"
              />
            )}
          </FormField>
          <FormField label="الاسم الكامل" error={errors.name?.message}>
            {(control) => <Input {...control} {...form.register('name')} autoComplete="name" />}
          </FormField>
          <FormField label="الدخل الشهري (ر.س)" error={errors.income?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('income')}
                inputMode="decimal"
                dir="ltr"
                className="text-end"
              />
            )}
          </FormField>
          <FormField
            label="الالتزامات الشهرية (ر.س)"
            error={errors.monthlyObligations?.message}
            hint="أقساط القروض والبطاقات الائتمانية شهرياً، أو 0"
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('monthlyObligations')}
                inputMode="decimal"
                dir="ltr"
                className="text-end"
              />
            )}
          </FormField>
          <Controller
            control={form.control}
            name="salaryDefinitionUrl"
            render={({ field, fieldState }) => (
              <DocumentField
                label="تعريف الراتب"
                kind="salary"
                token={token}
                value={field.value ?? ''}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="creditReportUrl"
            render={({ field, fieldState }) => (
              <DocumentField
                label="تقرير سمة الائتماني"
                kind="credit"
                token={token}
                value={field.value ?? ''}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <div className="space-y-1">
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-1 size-5 shrink-0 accent-brand-700"
                {...form.register('consent')}
                aria-invalid={Boolean(errors.consent)}
              />
              {/* Says who receives what: the provider, and the broker who sees the tenant's name,
                  salary, obligations and documents to follow the request. */}
              <span>
                أوافق على مشاركة بياناتي ومستنداتي مع {BRAND.productName} لدراسة طلب الدفع الشهري
                للإيجار، ومع الوسيط العقاري <bdi>{info.data.brokerName}</bdi> الذي أحالني لمتابعة
                طلبي، ولن تُستخدم لأي غرض آخر.
              </span>
            </label>
            {errors.consent ? (
              <p role="alert" className="text-sm text-red-700">
                {errors.consent.message}
              </p>
            ) : null}
          </div>
          {submit.isError ? (
            <Alert>
              {errorMessage(submit.error, 'حدث خطأ في إرسال البيانات، يرجى المحاولة مرة أخرى')}
            </Alert>
          ) : null}
          <Button type="submit" className="w-full" disabled={submit.isPending}>
            {submit.isPending ? 'جاري الإرسال...' : 'إرسال البيانات'}
          </Button>
        </form>
      </Card>
    </Shell>
  );
}
