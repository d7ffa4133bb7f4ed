import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  contractRentSchema,
  estimateCommission,
  formatNumberAr,
  formatSar,
  REFERRAL_STATUSES,
  statusMentionsContract,
} from '#domain';
import { isApiError } from '#lib/api';
import { Button } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { FormField, Input, Textarea } from '#ui/input';
import { Select } from '#ui/select';
import { errorToast, toast } from '#ui/toast';
import { AffordabilitySummary } from './AffordabilitySummary';
import { adminTenantFormQuery, useChangeReferralStatus } from './api';
import type { AdminReferral } from './types';

const OPTIONS = REFERRAL_STATUSES.map((s) => ({ value: s.key, label: `${s.emoji} ${s.label}` }));

/**
 * Any of the eight statuses, notes, and the contract id when the status mentions a contract.
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
  const [status, setStatus] = useState<string>(referral.status);
  const [notes, setNotes] = useState(referral.notes ?? '');
  const [contractId, setContractId] = useState(referral.contractId ?? '');
  const [contractRent, setContractRent] = useState(
    String(referral.contractRent ?? referral.rentAmount ?? ''),
  );
  const [attempted, setAttempted] = useState(false);
  // The tenant's figures, for the affordability summary (404 until the tenant submits).
  const tenant = useQuery({ ...adminTenantFormQuery(referral.id), retry: false });
  const createsCommission =
    (status === 'contract_signed' || status === 'commission_added') && !referral.commission;
  const rent = contractRentSchema.safeParse(contractRent);
  const rentError =
    createsCommission && !rent.success && (attempted || contractRent.trim() !== '')
      ? rent.error.issues[0]?.message
      : undefined;
  const save = useChangeReferralStatus(referral.id, {
    onSuccess: () => toast({ title: 'تم تحديث حالة الإحالة' }),
    onRefreshed: onClose,
    onError: errorToast('خطأ', 'حدث خطأ في تحديث حالة الإحالة'),
  });
  const submit = () => {
    setAttempted(true);
    // The commission is computed from this rent: never saved without one.
    if (createsCommission && !rent.success) return;
    save.mutate({
      status,
      notes,
      ...(statusMentionsContract(status) ? { contractId } : {}),
      ...(createsCommission && rent.success ? { contractRent: rent.data } : {}),
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`معالجة الإحالة رقم ${formatNumberAr(referral.number)}`}
    >
      <div className="space-y-4">
        <FormField label="الحالة">
          {(control) => (
            <Select {...control} value={status} onValueChange={setStatus} options={OPTIONS} />
          )}
        </FormField>
        {statusMentionsContract(status) ? (
          <FormField label="رقم العقد">
            {(control) => (
              <Input
                {...control}
                value={contractId}
                maxLength={100}
                onChange={(e) => setContractId(e.target.value)}
                dir="ltr"
                className="text-end"
              />
            )}
          </FormField>
        ) : null}
        {createsCommission ? (
          <FormField
            label="الإيجار السنوي في العقد"
            error={rentError}
            hint="مطلوب، بالريال وبالأرقام كما في العقد الموقّع، ومنه تُحسب العمولة"
          >
            {(control) => (
              <Input
                {...control}
                value={contractRent}
                required
                aria-required="true"
                inputMode="numeric"
                maxLength={12}
                onChange={(e) => setContractRent(e.target.value)}
                dir="ltr"
                className="text-end"
              />
            )}
          </FormField>
        ) : null}
        <FormField label="ملاحظات">
          {(control) => (
            <Textarea {...control} value={notes} onChange={(e) => setNotes(e.target.value)} />
          )}
        </FormField>
        {tenant.data || isApiError(tenant.error, 404) ? (
          <AffordabilitySummary
            monthlyIncome={tenant.data?.monthlyIncome}
            monthlyObligations={tenant.data?.monthlyObligations}
            annualRent={
              createsCommission && rent.success
                ? rent.data
                : (referral.contractRent ?? referral.rentAmount)
            }
          />
        ) : null}
        {createsCommission ? (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {rent.success
              ? `سيتم إنشاء عمولة للوسيط تلقائياً بقيمة ${formatSar(estimateCommission(rent.data, referral.commissionRule))}.`
              : 'أدخل الإيجار السنوي في العقد لحساب عمولة الوسيط.'}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button onClick={submit} disabled={save.isPending}>
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
