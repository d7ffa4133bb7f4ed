import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, type LucideIcon, Mail, Phone, ShieldCheck, UserRound } from 'lucide-react';
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
import { ExternalLink } from '#ui/external-link';
import { PageLoading } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { QueryError } from '#ui/query-view';
import { type TenantFormBody, useSubmitTenantForm, useTenantForm } from './api';
import { DocumentField } from './DocumentField';

type Form = z.input<typeof tenantFormSchema>;
type Values = z.output<typeof tenantFormSchema>;

/** A way to reach support: a screen reader says which before the number or the address. */
function SupportLink({
  href,
  icon: Icon,
  label,
  value,
}: {
  href: string;
  icon: LucideIcon;
  label: string;
  value: string;
}) {
  return (
    <li>
      <a href={href} className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800">
        <Icon aria-hidden="true" className="size-4" />
        <span className="sr-only">{`${label} `}</span>
        <bdi dir="ltr">{value}</bdi>
      </a>
    </li>
  );
}

/**
 * Who asks for the tenant's salary and credit report: the company, its commercial
 * registration, its privacy policy and how to reach its support. Shown in every state, the
 * invalid link included, so a tenant can check the request is genuine.
 */
function CompanyNotice() {
  return (
    <section
      aria-labelledby="company-notice-title"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm leading-6 text-slate-700"
    >
      <h2 id="company-notice-title" className="flex items-center gap-2 font-bold text-slate-900">
        <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />
        من يطلب بياناتك؟
      </h2>
      <p>
        تطلب <strong>{BRAND.productName}</strong> تعريف الراتب وتقرير سمة الائتماني لدراسة طلب دفع
        الإيجار شهرياً. سجل تجاري رقم <bdi dir="ltr">{BRAND.commercialRegistration}</bdi>.
      </p>
      <ul className="flex flex-wrap gap-x-4">
        <li>
          <ExternalLink
            href={BRAND.privacyUrl}
            className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-4"
          >
            سياسة الخصوصية
          </ExternalLink>
        </li>
        <SupportLink
          href={`tel:${BRAND.phone}`}
          icon={Phone}
          label="هاتف الدعم"
          value={BRAND.phone}
        />
        <SupportLink
          href={`mailto:${BRAND.email}`}
          icon={Mail}
          label="بريد الدعم"
          value={BRAND.email}
        />
      </ul>
    </section>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="mx-auto min-h-screen max-w-md space-y-4 bg-slate-50 p-4">
      <p className="text-center text-2xl font-bold text-brand-800">{BRAND.productName}</p>
      {children}
      <CompanyNotice />
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
  const documentField = (
    name: 'salaryDefinitionUrl' | 'creditReportUrl',
    label: string,
    kind: 'salary' | 'credit',
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DocumentField
          label={label}
          kind={kind}
          token={token}
          value={field.value ?? ''}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <Shell>
      <div className="space-y-1">
        <h1 className="text-xl font-bold">إكمال بيانات المستأجر</h1>
        <p className="text-sm text-slate-700">
          أكمل بياناتك لنتمكن من دراسة طلب دفع الإيجار شهرياً.
        </p>
      </div>
      <p className="flex items-center gap-3 rounded-lg bg-brand-50 p-3 text-slate-800">
        <UserRound aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
        <span>
          أحالك إلينا الوسيط العقاري <bdi className="font-bold">{info.data.brokerName}</bdi>
        </span>
      </p>
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
            hint="أقساط القروض والبطاقات الائتمانية شهرياً، أو ٠"
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
          {documentField('salaryDefinitionUrl', 'تعريف الراتب', 'salary')}
          {documentField('creditReportUrl', 'تقرير سمة الائتماني', 'credit')}
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
