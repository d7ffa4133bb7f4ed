import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z as zod } from 'zod';
import {
  formatDateAr,
  formatNumberAr,
  SELF_BILLING_VERSION,
  TAX_ENTITIES,
  TAX_PROFILE_MESSAGES,
  taxEntityLabel,
  taxProfileBody,
  type VatState,
  vatStateLabel,
} from '#domain';
import { fieldErrors } from '#lib/api';
import { cn } from '#lib/cn';
import type { Profile } from '#lib/session';
import { z, zodResolver } from '#lib/validation';
import { Alert } from '#ui/alert';
import { Badge, type BadgeTone } from '#ui/badge';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { FormField, Input } from '#ui/input';
import { errorToast, toast } from '#ui/toast';
import { useSetTaxProfile } from './api';
import { BrokerFileField, type BrokerFileWords } from './BrokerFileField';

const TONE: Record<VatState, BadgeTone> = { none: 'info', unverified: 'info', verified: 'success' };

/**
 * The form as typed: the agreement is a checkbox, sent as the version read; the domain's rule
 * then checks it all (the same words as the server's).
 */
const taxFormSchema = z
  .object({
    entity: z.enum(TAX_ENTITIES),
    legalName: z.string(),
    crNumber: z.string(),
    vatNumber: z.string(),
    acceptedAgreement: z.boolean(),
  })
  .transform(
    (form): zod.input<typeof taxProfileBody> => ({
      ...form,
      acceptedAgreement: form.acceptedAgreement ? SELF_BILLING_VERSION : null,
    }),
  )
  .pipe(taxProfileBody);
type TaxForm = zod.input<typeof taxFormSchema>;
type TaxValues = zod.output<typeof taxFormSchema>;

const savedTax = (profile: Profile): TaxForm => ({
  entity: profile.taxProfile.entity,
  legalName: profile.taxProfile.legalName ?? '',
  crNumber: profile.taxProfile.crNumber ?? '',
  vatNumber: profile.taxProfile.vatNumber ?? '',
  acceptedAgreement: profile.taxProfile.acceptedAgreement === SELF_BILLING_VERSION,
});

const CERTIFICATE_WORDS: BrokerFileWords = {
  title: 'شهادة التسجيل في ضريبة القيمة المضافة',
  onFile: 'الشهادة مرفوعة، وتراها الإدارة عند التحقق.',
  none: 'لم ترفع شهادة التسجيل الضريبي بعد.',
  upload: 'رفع الشهادة',
  replace: 'استبدال الشهادة',
  open: 'فتح الشهادة',
  uploaded: 'تم رفع شهادة التسجيل الضريبي',
  hint: 'ملف بي دي إف أو صورة واضحة للشهادة الصادرة من هيئة الزكاة والضريبة والجمارك، حتى ٥ ميجابايت',
  refusal: TAX_PROFILE_MESSAGES.certificate,
};

/**
 * «الملف الضريبي» (decision 071), on both profile pages: a person or an establishment, the
 * VAT registration and its certificate, and the self-billing agreement the provider's invoices
 * on the broker's behalf rest on.
 */
export function TaxProfileCard({ profile, className }: { profile: Profile; className?: string }) {
  const titleId = useId();
  const tax = profile.taxProfile;
  return (
    <Card className={cn('space-y-4', className)} role="region" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id={titleId}>الملف الضريبي</CardTitle>
        <Badge tone={TONE[tax.vatState]}>
          {tax.vatState === 'verified' && tax.vatVerifiedAt
            ? `مسجّل في الضريبة، تم التحقق في ${formatDateAr(tax.vatVerifiedAt)}`
            : vatStateLabel(tax.vatState)}
        </Badge>
      </div>
      <p className="text-sm text-slate-700">
        إن كنت مسجّلاً في ضريبة القيمة المضافة تُضاف ١٥٪ إلى عمولاتك وتصدر لك فاتورة ضريبية ذاتية مع كل
        دفعة، وإلا يصلك إشعار دفع.
      </p>
      {tax.vatState === 'unverified' ? (
        <Alert tone="info">
          تُضاف الضريبة إلى عمولاتك بعد أن تتحقق الإدارة من رقم التسجيل وشهادته.
        </Alert>
      ) : null}
      <TaxForm profile={profile} />
      {tax.vatNumber ? (
        <BrokerFileField
          kind="vatCertificate"
          present={tax.certificate}
          words={CERTIFICATE_WORDS}
        />
      ) : null}
    </Card>
  );
}

function TaxForm({ profile }: { profile: Profile }) {
  const agreementId = useId();
  const form = useForm<TaxForm, unknown, TaxValues>({
    resolver: zodResolver(taxFormSchema),
    values: savedTax(profile),
    resetOptions: { keepDirtyValues: true },
  });
  const save = useSetTaxProfile({
    onSuccess: (saved) => {
      form.reset(savedTax(saved), { keepDirtyValues: false });
      toast({
        title: 'تم حفظ الملف الضريبي',
        description: saved.taxProfile.vatNumber
          ? 'تتحقق الإدارة من التسجيل الضريبي، ثم تُضاف الضريبة إلى عمولاتك.'
          : undefined,
      });
    },
    onError: errorToast('خطأ', 'حدث خطأ في حفظ الملف الضريبي'),
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  const entity = form.watch('entity');
  const vatNumber = form.watch('vatNumber');
  const accepted = form.watch('acceptedAgreement');
  const agreement = profile.taxProfile.agreement;
  const agreementError = errors.acceptedAgreement?.message ?? server.acceptedAgreement;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">نوع الوسيط</legend>
        {TAX_ENTITIES.map((option) => (
          <label key={option} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              value={option}
              {...form.register('entity')}
              className="size-5 shrink-0 accent-brand-700"
            />
            {taxEntityLabel(option)}
          </label>
        ))}
      </fieldset>
      {entity === 'establishment' ? (
        <>
          <FormField
            label="الاسم المسجّل للمنشأة"
            error={errors.legalName?.message ?? server.legalName}
            hint="كما في السجل التجاري، ويظهر على الفواتير"
          >
            {(control) => <Input {...control} {...form.register('legalName')} />}
          </FormField>
          <FormField
            label="رقم السجل التجاري"
            error={errors.crNumber?.message ?? server.crNumber}
            hint="١٠ أرقام، أو الرقم الوطني الموحد للمنشأة"
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('crNumber')}
                inputMode="numeric"
                autoComplete="off"
                dir="ltr"
                className="text-end"
              />
            )}
          </FormField>
        </>
      ) : null}
      <FormField
        label="رقم التسجيل في ضريبة القيمة المضافة"
        error={errors.vatNumber?.message ?? server.vatNumber}
        hint="١٥ رقماً يبدأ وينتهي بالرقم ٣؛ اتركه فارغاً إن لم تكن مسجّلاً"
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('vatNumber')}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            className="text-end"
          />
        )}
      </FormField>
      {vatNumber.trim() !== '' ? (
        <div className="space-y-2">
          <h3 className="font-bold" id={`${agreementId}-title`}>
            اتفاقية الفوترة الذاتية (الإصدار {formatNumberAr(agreement.version)})
          </h3>
          <section
            aria-labelledby={`${agreementId}-title`}
            className="whitespace-pre-line rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm leading-7"
          >
            {agreement.text}
          </section>
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={accepted}
              onChange={(event) =>
                form.setValue('acceptedAgreement', event.target.checked, { shouldDirty: true })
              }
              aria-describedby={agreementError ? `${agreementId}-error` : undefined}
              className="size-5 shrink-0 accent-brand-700"
            />
            قرأت اتفاقية الفوترة الذاتية وأوافق عليها
          </label>
          {agreementError ? (
            <p id={`${agreementId}-error`} role="alert" className="text-sm text-red-700">
              {agreementError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="space-y-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'جاري الحفظ...' : 'حفظ الملف الضريبي'}
        </Button>
        {profile.taxProfile.vatState === 'verified' ? (
          <p className="text-sm text-slate-700">
            تغيير الملف الضريبي يعيده إلى انتظار تحقق الإدارة.
          </p>
        ) : null}
      </div>
    </form>
  );
}
