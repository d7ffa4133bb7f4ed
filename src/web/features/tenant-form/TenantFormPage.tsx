import { CheckCircle2, UserRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Controller, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { CONSENT_VERSION, type ConsentSegments, consentSegments, tenantFormSchema } from '#domain';
import { errorMessage, isApiError } from '#lib/api';
import { BRAND } from '#lib/brand';
import { zodResolver } from '#lib/validation';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { PageLoading } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { QueryError } from '#ui/query-view';
import { DEVICE_DATA, FalLicence, type PrivacySummary, REVIEW_TEAM, TenantShell } from '../privacy';
import { type TenantFormBody, useSubmitTenantForm, useTenantForm } from './api';
import { DocumentField } from './DocumentField';

type Form = z.input<typeof tenantFormSchema>;
type Values = z.output<typeof tenantFormSchema>;

/** What the form asks for, why, on what basis and who sees it (decision record 059). */
const FORM_PRIVACY: PrivacySummary = {
  collected: `اسمك الكامل، ودخلك الشهري، والتزاماتك الشهرية، وتعريف الراتب، وتقرير سمة الائتماني، و${DEVICE_DATA}.`,
  purpose:
    'لدراسة طلب دفع إيجارك شهرياً والتواصل معك بشأنه، ولحماية الخدمة من إساءة الاستخدام، ولا تُستخدم لأي غرض آخر.',
  basis: 'موافقتك التي تمنحها بالإشارة على خانة الموافقة قبل إرسال النموذج، ولك أن تسحبها متى شئت.',
  sharedWith: `${REVIEW_TEAM}؛ والوسيط العقاري الذي أحالك لمتابعة طلبك (اسمك ومدى تناسب الإيجار مع دخلك، دون دخلك أو مستنداتك)؛ وخدمة التخزين التي تُحفظ فيها المستندات، والأنظمة المرتبطة بنا آلياً (يصلها رقمك حين ترسل النموذج).`,
};

/**
 * The brand on top, the page, then who asks for the tenant's salary and credit report: the
 * company, its registration and licence, the privacy notice and how to reach support. Shown in
 * every state, the invalid link included, so a tenant can check the request is genuine.
 */
function Shell({ children }: { children: ReactNode }) {
  return (
    <TenantShell
      intro={
        <>
          تطلب <strong>{BRAND.productName}</strong> تعريف الراتب وتقرير سمة الائتماني لدراسة طلب دفع
          الإيجار شهرياً.
        </>
      }
      privacy={FORM_PRIVACY}
    >
      {children}
    </TenantShell>
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
        {/* A closed or old request: the form is gone, the tenant's rights are not. */}
        {isApiError(info.error, 410) ? <DataRightsLink token={token} /> : null}
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
        <DataRightsLink token={token} />
      </Shell>
    );
  }

  const errors = form.formState.errors;
  // The wording the server records with the submission (decision 068).
  const consents = consentSegments(CONSENT_VERSION, {
    productName: BRAND.productName,
    brokerName: info.data.brokerName,
  });
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
      <div className="flex items-center gap-3 rounded-lg bg-brand-50 p-3 text-slate-800">
        <UserRound aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
        <div>
          {/* A name a tenant may see, or none: never the broker code. */}
          <p>
            {info.data.brokerName ? (
              <>
                أحالك إلينا الوسيط العقاري <bdi className="font-bold">{info.data.brokerName}</bdi>
              </>
            ) : (
              'أحالك إلينا وسيط عقاري'
            )}
          </p>
          {info.data.brokerFalLicense ? <FalLicence licence={info.data.brokerFalLicense} /> : null}
        </div>
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
              consentVersion: CONSENT_VERSION,
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
          <ConsentBox
            segments={consents.data_sharing}
            error={errors.consent?.message}
            field={form.register('consent')}
          />
          <ConsentBox
            segments={consents.credit_enquiry}
            error={errors.creditConsent?.message}
            field={form.register('creditConsent')}
          />
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
      <DataRightsLink token={token} />
    </Shell>
  );
}

/** The way to the tenant's rights over their data, through the same link (decision 068). */
function DataRightsLink({ token }: { token: string }) {
  return (
    <p className="text-sm">
      <Link
        to={`/tenant-form/${token}/my-data`}
        className="inline-flex min-h-11 items-center font-medium text-brand-800 underline"
      >
        بياناتك لدينا: اطلع عليها أو اطلب تصحيحها أو حذفها
      </Link>
    </p>
  );
}

/**
 * One consent, its own checkbox: who receives what, the broker's commission, the credit enquiry.
 * The broker's name is isolated so a Latin or numbered name keeps its order.
 */
function ConsentBox({
  segments,
  error,
  field,
}: {
  segments: ConsentSegments;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  return (
    <div className="space-y-1">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          {...field}
          aria-invalid={Boolean(error)}
        />
        <span>
          {segments.before}
          {segments.broker ? (
            <>
              {' '}
              <bdi>{segments.broker}</bdi>
            </>
          ) : null}
          {segments.after ? ` ${segments.after}` : null}
        </span>
      </label>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
