import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  appliedRuleAr,
  contractRentSchema,
  estimateCommission,
  formatNumberAr,
  formatSar,
  REFERRAL_STATUSES,
  statusTakesContract,
} from '#domain';
import { isApiError } from '#lib/api';
import { zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Input, Textarea } from '#ui/input';
import { Select } from '#ui/select';
import { errorToast, toast } from '#ui/toast';
import { AffordabilitySummary } from './AffordabilitySummary';
import { type AdminReferral, adminTenantFormQuery, useChangeReferralStatus } from './api';
import { createsCommission, processReferralSchema } from './process-schema';
import { SignalWarning } from './SignalFlag';

const OPTIONS = REFERRAL_STATUSES.map((s) => ({ value: s.key, label: `${s.emoji} ${s.label}` }));

type Form = z.input<ReturnType<typeof processReferralSchema>>;
type Change = z.output<ReturnType<typeof processReferralSchema>>;

/**
 * Any of the eight statuses, notes, and the contract id when the status concerns a contract.
 * At contract signing the admin confirms the contract's annual rent (prefilled with the rent
 * the broker declared), and sees the commission it gives before saving.
 */
export function ProcessReferralDialog({
  referral,
  onClose,
}: {
  referral: AdminReferral;
  onClose: () => void;
}) {
  const form = useForm<Form, unknown, Change>({
    resolver: zodResolver(processReferralSchema(Boolean(referral.commission))),
    // Checked as the admin types: the rent's message shows once something is typed.
    mode: 'onChange',
    defaultValues: {
      status: referral.status,
      notes: referral.notes ?? '',
      contractId: referral.contractId ?? '',
      contractRent: String(referral.contractRent ?? referral.rentAmount ?? ''),
      contractStartsOn: referral.contractStartsOn ?? '',
      contractEndsOn: referral.contractEndsOn ?? '',
    },
  });
  const status = form.watch('status');
  const contractRent = form.watch('contractRent');
  const { errors, isSubmitted } = form.formState;
  // The tenant's figures, for the affordability summary (404 until the tenant submits).
  const tenant = useQuery({ ...adminTenantFormQuery(referral.id), retry: false });
  const withCommission = createsCommission(status, Boolean(referral.commission));
  const rent = contractRentSchema.safeParse(contractRent);
  // The rent's message once a save was tried, or as soon as something is typed.
  const rentError =
    withCommission && (isSubmitted || contractRent.trim() !== '')
      ? errors.contractRent?.message
      : undefined;
  const save = useChangeReferralStatus(referral.id, {
    onSuccess: () => toast({ title: 'تم تحديث حالة الإحالة' }),
    onRefreshed: onClose,
    onError: errorToast('خطأ', 'حدث خطأ في تحديث حالة الإحالة'),
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`معالجة الإحالة رقم ${formatNumberAr(referral.number)}`}
    >
      <div className="space-y-4">
        {/* Before anything is changed: what the product noticed about this referral. */}
        <SignalWarning signals={referral.openSignals} signing={withCommission} />
        <FormField label="الحالة" error={errors.status?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <Select
                  {...control}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={OPTIONS}
                />
              )}
            />
          )}
        </FormField>
        {statusTakesContract(status) || withCommission ? (
          <FormField
            label="رقم عقد إيجار"
            error={errors.contractId?.message}
            hint="كما في العقد الموثّق على منصة إيجار: ١١ رقماً، وقد يليها رقم النسخة بعد شرطة مائلة"
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('contractId')}
                {...(withCommission ? { required: true, 'aria-required': 'true' as const } : {})}
                maxLength={40}
                inputMode="numeric"
                dir="ltr"
                className="text-end"
              />
            )}
          </FormField>
        ) : null}
        {withCommission ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="تاريخ بداية العقد" error={errors.contractStartsOn?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register('contractStartsOn')}
                  type="date"
                  required
                  aria-required="true"
                />
              )}
            </FormField>
            <FormField label="تاريخ نهاية العقد" error={errors.contractEndsOn?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register('contractEndsOn')}
                  type="date"
                  required
                  aria-required="true"
                />
              )}
            </FormField>
          </div>
        ) : null}
        {withCommission ? (
          <FormField
            label="الإيجار السنوي في العقد"
            error={rentError}
            hint="مطلوب، بالريال وبالأرقام كما في العقد الموقّع، ومنه تُحسب العمولة"
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('contractRent')}
                required
                aria-required="true"
                inputMode="numeric"
                maxLength={12}
                dir="ltr"
                className="text-end"
              />
            )}
          </FormField>
        ) : null}
        <FormField label="ملاحظات" error={errors.notes?.message}>
          {(control) => <Textarea {...control} {...form.register('notes')} />}
        </FormField>
        {tenant.data || isApiError(tenant.error, 404) ? (
          <AffordabilitySummary
            monthlyIncome={tenant.data?.monthlyIncome}
            monthlyObligations={tenant.data?.monthlyObligations}
            annualRent={
              withCommission && rent.success
                ? rent.data
                : (referral.contractRent ?? referral.rentAmount)
            }
          />
        ) : null}
        {withCommission ? (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {rent.success
              ? `سيتم إنشاء عمولة للوسيط تلقائياً بقيمة ${formatSar(estimateCommission(rent.data, referral.commissionRule))}.`
              : 'أدخل الإيجار السنوي في العقد لحساب عمولة الوسيط.'}
            <span className="block">حسب {appliedRuleAr(referral.commissionRule)}</span>
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button
            onClick={form.handleSubmit((change) => save.mutate(change))}
            disabled={save.isPending}
          >
            حفظ التغييرات
          </Button>
          <Button variant="outline" onClick={onClose}>
            إلغاء
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
