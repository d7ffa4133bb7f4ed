import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  arabicCount,
  type BonusInput,
  type BonusValues,
  bonusBody,
  formatDateAr,
  formatSar,
  NOUNS,
  riyadhIsoDate,
} from '#domain';
import { errorMessage, fieldErrors } from '#lib/api';
import { zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';
import {
  type Bonus,
  bonusesQuery,
  useCloseBonus,
  useCreateBonus,
  useRemoveBonus,
} from './bonuses-api';

const emptyBonus = (): BonusInput => ({
  name: '',
  signedContracts: '',
  startsOn: riyadhIsoDate(new Date()),
  endsOn: '',
  amount: '',
});

/**
 * «المكافآت» on /groups (decision record 074): each bonus with its target, period, amount and
 * how many brokers were paid it; a new one defined; one nobody reached deleted. A broker is paid
 * a bonus once, in the signing that reaches it or by the hourly housekeeping.
 */
export function BonusesCard() {
  const titleId = useId();
  const bonuses = useQuery(bonusesQuery());
  return (
    <Card role="region" aria-labelledby={titleId} className="space-y-4">
      <div className="space-y-1">
        <CardTitle id={titleId}>المكافآت</CardTitle>
        <p className="text-sm text-slate-700">
          مبلغ ثابت يُصرف مرة واحدة لكل وسيط يوقّع العدد المطلوب من العقود بين تاريخين. لا تُحتسب
          العقود الموقوفة بتنبيه أو لرخصة فال، ولا تُصرف لحسابات المشرفين. المكافأة التي صُرفت لا تُعدَّل
          ولا تُحذف.
        </p>
      </div>
      <QueryView
        query={bonuses}
        loading={<Skeleton className="h-16" />}
        errorFallback="تعذر تحميل المكافآت"
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-sm text-slate-700">لا توجد مكافآت بعد.</p>}
      >
        {(data) => (
          <ul aria-label="المكافآت" className="divide-y divide-slate-100">
            {data.items.map((bonus) => (
              <BonusRow key={bonus.id} bonus={bonus} />
            ))}
          </ul>
        )}
      </QueryView>
      <NewBonusForm />
    </Card>
  );
}

function BonusRow({ bonus }: { bonus: Bonus }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveBonus({
    onSuccess: () => toast({ title: 'حُذفت المكافأة', description: bonus.name }),
    onError: errorToast('تعذر حذف المكافأة', 'يرجى المحاولة مرة أخرى'),
  });
  const close = useCloseBonus({
    onSuccess: () => toast({ title: 'أُوقفت المكافأة', description: bonus.name }),
    onError: errorToast('تعذر إيقاف المكافأة', 'يرجى المحاولة مرة أخرى'),
  });
  // Nobody paid: it may be deleted; paid to some: only stopped, and those paid keep it.
  const removable = bonus.awarded === 0;
  const pending = remove.isPending || close.isPending;
  return (
    <li className="space-y-2 py-3">
      <p className="font-bold break-words">{bonus.name}</p>
      <p className="text-sm">
        {formatSar(bonus.amount)} عند توقيع {arabicCount(bonus.signedContracts, NOUNS.contract)} من{' '}
        {formatDateAr(bonus.startsOn)} إلى {formatDateAr(bonus.endsOn)}
      </p>
      <p className="text-sm text-slate-700">
        {bonus.awarded === 0
          ? 'لم يحققها أحد بعد'
          : `صُرفت لـ${arabicCount(bonus.awarded, NOUNS.broker)}`}
        {bonus.closedAt ? `، وأُوقفت في ${formatDateAr(bonus.closedAt)}` : null}
      </p>
      {bonus.closedAt && !removable ? null : confirming ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="destructive"
            disabled={pending}
            onClick={() => (removable ? remove.mutate(bonus.id) : close.mutate(bonus.id))}
          >
            {removable ? 'تأكيد الحذف' : 'تأكيد الإيقاف'}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            إلغاء
          </Button>
        </div>
      ) : (
        <Button
          variant="outline"
          aria-label={`${removable ? 'حذف' : 'إيقاف'} مكافأة ${bonus.name}`}
          onClick={() => setConfirming(true)}
        >
          {removable ? 'حذف' : 'إيقاف المكافأة'}
        </Button>
      )}
    </li>
  );
}

function NewBonusForm() {
  const form = useForm<BonusInput, unknown, BonusValues>({
    resolver: zodResolver(bonusBody),
    defaultValues: emptyBonus(),
  });
  const create = useCreateBonus({
    onSuccess: (created) => {
      form.reset(emptyBonus());
      toast({ title: 'أُضيفت المكافأة', description: created.name });
    },
  });
  const server = fieldErrors(create.error);
  const errors = form.formState.errors;
  const fieldError = (name: keyof BonusInput) => errors[name]?.message ?? server[name];
  return (
    <form
      noValidate
      aria-label="إضافة مكافأة"
      className="space-y-3 rounded-lg bg-slate-50 p-3"
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
    >
      <h3 className="font-bold">إضافة مكافأة</h3>
      <FormField label="اسم المكافأة" error={fieldError('name')}>
        {(control) => <Input {...control} {...form.register('name')} maxLength={60} />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="عدد العقود الموقعة" error={fieldError('signedContracts')}>
          {(control) => (
            <Input {...control} {...form.register('signedContracts')} inputMode="numeric" />
          )}
        </FormField>
        <FormField label="المبلغ (ر.س)" error={fieldError('amount')}>
          {(control) => <Input {...control} {...form.register('amount')} inputMode="decimal" />}
        </FormField>
        <FormField label="من تاريخ" error={fieldError('startsOn')}>
          {(control) => <Input {...control} {...form.register('startsOn')} type="date" />}
        </FormField>
        <FormField label="إلى تاريخ" error={fieldError('endsOn')}>
          {(control) => <Input {...control} {...form.register('endsOn')} type="date" />}
        </FormField>
      </div>
      {create.error && Object.keys(server).length === 0 ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(create.error, 'تعذر إضافة المكافأة')}
        </p>
      ) : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'جاري الحفظ...' : 'إضافة المكافأة'}
      </Button>
    </form>
  );
}
