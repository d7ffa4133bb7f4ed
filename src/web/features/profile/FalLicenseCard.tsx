import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import type { z as zod } from 'zod';
import {
  boundedDaySchema,
  FAL_LICENSE_MESSAGES,
  FAL_LICENSE_TYPES,
  type FalLicenseState,
  falLicenseBodySchema,
  falLicenseStateLabel,
  falLicenseTypeLabel,
  formatDateAr,
  formatDayAr,
  riyadhIsoDate,
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
import { NativeSelect } from '#ui/native-select';
import { errorToast, toast } from '#ui/toast';
import { useSetFalLicense } from './api';
import { BrokerFileField, type BrokerFileWords } from './BrokerFileField';
import { FAL_LICENSE_ANCHOR } from './name-field';

const TYPE_OPTIONS = FAL_LICENSE_TYPES.map((type) => ({
  value: type,
  label: falLicenseTypeLabel(type),
}));

const TONE: Record<FalLicenseState, BadgeTone> = {
  missing: 'warning',
  not_brokerage: 'danger',
  expired: 'danger',
  refused: 'danger',
  unverified: 'info',
  verified: 'success',
};

/**
 * The licence as the broker enters it: the domain's rule, with the words of an empty type or
 * expiry, and an expiry already past refused before it is sent (the server refuses it too).
 */
const falLicenseFormSchema = falLicenseBodySchema.extend({
  falLicenseType: z.string().pipe(falLicenseBodySchema.shape.falLicenseType),
  falLicenseExpiresOn: z
    .string()
    .refine((day) => day !== '', { error: FAL_LICENSE_MESSAGES.expiresOn, abort: true })
    .pipe(boundedDaySchema)
    .refine((day) => day >= riyadhIsoDate(new Date()), { error: FAL_LICENSE_MESSAGES.expired }),
});
type FalLicenseForm = zod.input<typeof falLicenseFormSchema>;
type FalLicenseValues = zod.output<typeof falLicenseFormSchema>;

const savedLicence = (profile: Profile): FalLicenseForm => ({
  falLicense: profile.falLicense ?? '',
  falLicenseType: profile.falLicenseType ?? '',
  falLicenseExpiresOn: profile.falLicenseExpiresOn ?? '',
});

/**
 * «رخصة فال» (decision 070), on both profile pages: where the licence stands and why
 * commissions wait while it is not verified, its number, type and expiry, and its copy.
 */
export function FalLicenseCard({ profile, className }: { profile: Profile; className?: string }) {
  const titleId = useId();
  const { hash } = useLocation();
  // Opened from a held commission's link: straight to the card.
  useEffect(() => {
    if (hash === `#${FAL_LICENSE_ANCHOR}`) {
      document.getElementById(FAL_LICENSE_ANCHOR)?.scrollIntoView({ block: 'start' });
    }
  }, [hash]);
  const standing = profile.falLicenseStanding;
  const verified = standing.state === 'verified';
  return (
    <Card
      id={FAL_LICENSE_ANCHOR}
      className={cn('scroll-mt-20 space-y-4', className)}
      role="region"
      aria-labelledby={titleId}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id={titleId}>رخصة فال</CardTitle>
        <Badge tone={TONE[standing.state]}>
          {verified && standing.verifiedAt
            ? `تم التحقق في ${formatDateAr(standing.verifiedAt)}`
            : falLicenseStateLabel(standing.state)}
        </Badge>
      </div>
      <p className="text-sm text-slate-700">
        تُصرف العمولات لمن تحققت الإدارة من رخصة فال للوساطة والتسويق العقاري لديه وكانت سارية.
      </p>
      {profile.falLicenseExpiresOn ? (
        <p className="text-sm">تنتهي الرخصة في {formatDayAr(profile.falLicenseExpiresOn)}</p>
      ) : null}
      {standing.state === 'refused' && standing.refusal ? (
        <Alert>
          <p className="font-bold">سبب عدم قبول الرخصة</p>
          <p>{standing.refusal}</p>
        </Alert>
      ) : null}
      {standing.holdReason ? <Alert tone="warning">{standing.holdReason}</Alert> : null}
      <LicenceForm profile={profile} />
      <BrokerFileField kind="falLicense" present={profile.falLicenseCopy} words={COPY_WORDS} />
    </Card>
  );
}

/** The number, the type and the expiry, saved together. */
function LicenceForm({ profile }: { profile: Profile }) {
  const form = useForm<FalLicenseForm, unknown, FalLicenseValues>({
    resolver: zodResolver(falLicenseFormSchema),
    values: savedLicence(profile),
    // A profile read again while the broker types keeps what they typed.
    resetOptions: { keepDirtyValues: true },
  });
  const save = useSetFalLicense({
    onSuccess: (saved) => {
      // As the server keeps it: the number in Latin digits, whatever digits were typed (what
      // was typed is not kept, as a profile read again while typing keeps it).
      form.reset(savedLicence(saved), { keepDirtyValues: false });
      toast({
        title: 'تم حفظ رخصة فال',
        description: 'تتحقق الإدارة من الرخصة، ثم تُصرف عمولاتك الموقوفة بسببها.',
      });
    },
    onError: errorToast('خطأ', 'حدث خطأ في حفظ رخصة فال'),
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <FormField
        label="رقم رخصة فال"
        error={errors.falLicense?.message ?? server.falLicense}
        hint="كما في الرخصة الصادرة من الهيئة العامة للعقار"
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('falLicense')}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            className="text-end"
          />
        )}
      </FormField>
      <FormField label="نوع الرخصة" error={errors.falLicenseType?.message ?? server.falLicenseType}>
        {(control) => (
          <NativeSelect
            {...control}
            {...form.register('falLicenseType')}
            value={form.watch('falLicenseType')}
            options={TYPE_OPTIONS}
            placeholder="اختر نوع الرخصة"
          />
        )}
      </FormField>
      <FormField
        label="تاريخ انتهاء الرخصة"
        error={errors.falLicenseExpiresOn?.message ?? server.falLicenseExpiresOn}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('falLicenseExpiresOn')}
            type="date"
            min={riyadhIsoDate(new Date())}
          />
        )}
      </FormField>
      <div className="space-y-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'جاري الحفظ...' : 'حفظ بيانات الرخصة'}
        </Button>
        {profile.falLicenseStanding.state === 'verified' ? (
          <p className="text-sm text-slate-700">
            تغيير بيانات الرخصة يعيدها إلى انتظار تحقق الإدارة.
          </p>
        ) : null}
      </div>
    </form>
  );
}

const COPY_WORDS: BrokerFileWords = {
  title: 'نسخة الرخصة',
  onFile: 'نسخة الرخصة مرفوعة، وتراها الإدارة عند التحقق.',
  none: 'لم ترفع نسخة من الرخصة بعد.',
  upload: 'رفع نسخة الرخصة',
  replace: 'استبدال نسخة الرخصة',
  open: 'فتح نسخة الرخصة',
  uploaded: 'تم رفع نسخة الرخصة',
  hint: 'ملف بي دي إف أو صورة واضحة للرخصة، حتى ٥ ميجابايت',
  refusal: FAL_LICENSE_MESSAGES.copy,
};
