import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  ADMIN_ADJUSTMENT_LIMIT,
  ADMIN_CREDIT_DAYS,
  type AdjustmentInput,
  adjustmentBody,
  arabicCount,
  commissionStatusLabel,
  formatDateTimeAr,
  formatSar,
  NOUNS,
} from '#domain';
import { errorMessage, fieldErrors } from '#lib/api';
import { useSession } from '#lib/session';
import { type z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { NativeSelect } from '#ui/native-select';
import { QueryView } from '#ui/query-view';
import { toast } from '#ui/toast';
import { type AdminBroker, brokerAdjustmentsQuery, useAddAdjustment } from './api';

type Values = z.output<typeof adjustmentBody>;

const DIRECTIONS = [
  { value: 'credit', label: 'إضافة إلى مستحقاته' },
  { value: 'debit', label: 'خصم من مستحقاته' },
];
const EMPTY: AdjustmentInput = { direction: 'credit', amount: '', reason: '' };

/**
 * «التسويات المالية» in a broker's details (decision 074): an amount added to the broker's money
 * (payable at once) or deducted from it (taken from their next payments), with the reason the
 * broker reads; and the broker's adjustments, newest first. Never on the admin's own account;
 * beyond an admin's limit (ADMIN_ADJUSTMENT_LIMIT) it is a super-admin's.
 */
export function AdjustmentsSection({ broker }: { broker: AdminBroker }) {
  const titleId = useId();
  const { profile } = useSession();
  const adjustments = useQuery(brokerAdjustmentsQuery(broker.id));
  const form = useForm<AdjustmentInput, unknown, Values>({
    resolver: zodResolver(adjustmentBody),
    defaultValues: EMPTY,
  });
  const add = useAddAdjustment({
    onSuccess: (made) => {
      form.reset(EMPTY);
      toast({
        title:
          made.direction === 'credit'
            ? `أُضيف ${formatSar(made.amount)} إلى مستحقات الوسيط`
            : `خُصم ${formatSar(made.amount)} من مستحقات الوسيط`,
      });
    },
  });
  if (profile?.id === broker.id) return null;
  const server = fieldErrors(add.error);
  const errors = form.formState.errors;
  return (
    <section aria-labelledby={titleId} className="mt-4 space-y-3 rounded-lg bg-slate-50 p-3">
      <div className="space-y-1">
        <h3 id={titleId} className="font-bold">
          التسويات المالية
        </h3>
        <p className="text-sm text-slate-700">
          يقرأ الوسيط السبب في إشعاره. الإضافة قابلة للتحويل فوراً، والخصم يُقتطع من دفعاته القادمة.
          {profile?.isSuperAdmin
            ? null
            : ` ما زاد على ${formatSar(ADMIN_ADJUSTMENT_LIMIT)} في خصم واحد، أو في إضافاتك خلال ${arabicCount(ADMIN_CREDIT_DAYS, NOUNS.day)}، يتولاه مشرف عام.`}
        </p>
      </div>
      <form
        noValidate
        aria-label="تسوية مالية"
        className="space-y-2"
        onSubmit={form.handleSubmit((values) => add.mutate({ id: broker.id, ...values }))}
      >
        <FormField label="نوع التسوية" error={errors.direction?.message ?? server.direction}>
          {(control) => (
            <NativeSelect
              {...control}
              {...form.register('direction')}
              value={String(form.watch('direction'))}
              options={DIRECTIONS}
            />
          )}
        </FormField>
        <FormField label="المبلغ (ر.س)" error={errors.amount?.message ?? server.amount}>
          {(control) => <Input {...control} {...form.register('amount')} inputMode="decimal" />}
        </FormField>
        <FormField label="السبب" error={errors.reason?.message ?? server.reason}>
          {(control) => <Input {...control} {...form.register('reason')} maxLength={300} />}
        </FormField>
        {add.error && !server.amount && !server.reason && !server.direction ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(add.error, 'تعذر حفظ التسوية')}
          </p>
        ) : null}
        <Button type="submit" variant="outline" disabled={add.isPending}>
          {add.isPending ? 'جاري الحفظ...' : 'حفظ التسوية'}
        </Button>
      </form>
      <QueryView
        query={adjustments}
        loading={<Skeleton className="h-16" />}
        errorFallback="تعذر تحميل التسويات"
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-sm text-slate-700">لا توجد تسويات بعد.</p>}
      >
        {(data) => (
          <ul aria-label="التسويات" className="divide-y divide-slate-200">
            {data.items.map((item) => (
              <li key={item.id} className="space-y-1 py-2 text-sm">
                <p className="flex flex-wrap justify-between gap-2">
                  <strong>
                    {item.direction === 'credit' ? 'إضافة' : 'خصم'} {formatSar(item.amount)}
                  </strong>
                  <span className="text-slate-700">
                    {item.direction === 'credit'
                      ? commissionStatusLabel(item.status ?? '')
                      : `اقتُطع ${formatSar(item.settled)}`}
                  </span>
                </p>
                <p className="break-words">{item.reason}</p>
                <p className="flex flex-wrap gap-x-2 text-xs text-slate-600">
                  <bdi>{item.createdBy || 'مشرف'}</bdi>
                  <span>{formatDateTimeAr(item.createdAt)}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
