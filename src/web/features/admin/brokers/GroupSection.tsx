import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import {
  arabicCount,
  type CommissionOverrideInput,
  commissionOverrideBody,
  formatNumberAr,
  type GroupMoveInput,
  groupMoveBody,
  inGenitive,
  NOUNS,
  ruleSummaryAr,
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
import {
  type AdminBroker,
  type BrokerTermsView,
  brokerTermsQuery,
  groupChoicesQuery,
  useMoveBroker,
  useSetCommissionOverride,
} from './api';
import { DetailRow } from './DetailRow';

/**
 * «المجموعة والعمولة» in a broker's details (decision record 072): the broker's group, the rule
 * their next commission is made by and where it comes from, and their override with its reason.
 * Super-admins move the broker to another group or set their own rate and minimum, each with a
 * reason; never on their own account (the server refuses it too).
 */
export function GroupSection({ broker }: { broker: AdminBroker }) {
  const titleId = useId();
  const terms = useQuery(brokerTermsQuery(broker.id));
  return (
    <section aria-labelledby={titleId} className="mt-4 space-y-3 rounded-lg bg-slate-50 p-3">
      <h3 id={titleId} className="font-bold">
        المجموعة والعمولة
      </h3>
      <QueryView
        query={terms}
        loading={<Skeleton className="h-20" />}
        errorFallback="تعذر تحميل مجموعة الوسيط"
      >
        {(data) => <TermsDetails broker={broker} terms={data} />}
      </QueryView>
    </section>
  );
}

function TermsDetails({ broker, terms }: { broker: AdminBroker; terms: BrokerTermsView }) {
  const { profile } = useSession();
  const [editing, setEditing] = useState<'move' | 'override' | null>(null);
  const { rule } = terms;
  const mayChange = Boolean(profile?.isSuperAdmin) && profile?.id !== broker.id;
  return (
    <>
      <dl>
        <DetailRow label="المجموعة">{terms.groupName}</DetailRow>
        <DetailRow label="العمولة الجديدة">{ruleSummaryAr(rule)}</DetailRow>
        <DetailRow label="فترة الانتظار">
          {rule.holdingDays === 0
            ? 'بلا انتظار'
            : arabicCount(rule.holdingDays, inGenitive(NOUNS.day))}
        </DetailRow>
        {terms.overrideReason ? (
          <DetailRow label="سبب العمولة الخاصة">{terms.overrideReason}</DetailRow>
        ) : null}
      </dl>
      {mayChange ? (
        editing === 'move' ? (
          <MoveForm broker={broker} terms={terms} onDone={() => setEditing(null)} />
        ) : editing === 'override' ? (
          <OverrideForm broker={broker} terms={terms} onDone={() => setEditing(null)} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setEditing('move')}>
              نقل إلى مجموعة
            </Button>
            <Button variant="outline" onClick={() => setEditing('override')}>
              عمولة خاصة
            </Button>
          </div>
        )
      ) : null}
    </>
  );
}

type MoveValues = z.output<typeof groupMoveBody>;

function MoveForm({
  broker,
  terms,
  onDone,
}: {
  broker: AdminBroker;
  terms: BrokerTermsView;
  onDone: () => void;
}) {
  const groups = useQuery(groupChoicesQuery());
  const form = useForm<GroupMoveInput, unknown, MoveValues>({
    resolver: zodResolver(groupMoveBody),
    defaultValues: { groupId: terms.groupId ?? '', reason: '' },
  });
  const move = useMoveBroker({
    onSuccess: (moved) => {
      toast({ title: `نُقل الوسيط إلى مجموعة «${moved.groupName ?? ''}»` });
      onDone();
    },
  });
  const server = fieldErrors(move.error);
  const choices = (groups.data?.items ?? []).map((group) => ({
    value: group.id,
    label: group.name,
  }));
  if (groups.data && choices.length === 0) {
    return (
      <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm">
        <p>لا توجد مجموعات بعد؛ أنشئها من صفحة «مجموعات الوسطاء».</p>
        <Button variant="outline" onClick={onDone}>
          رجوع
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      aria-label="نقل إلى مجموعة"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-3"
      onSubmit={form.handleSubmit((values) => move.mutate({ id: broker.id, ...values }))}
    >
      <FormField
        label="المجموعة الجديدة"
        error={form.formState.errors.groupId?.message ?? server.groupId}
      >
        {(control) => (
          <NativeSelect
            {...control}
            {...form.register('groupId')}
            value={form.watch('groupId')}
            options={choices}
            placeholder="اختر المجموعة"
          />
        )}
      </FormField>
      <ReasonField
        field={form.register('reason')}
        error={form.formState.errors.reason?.message ?? server.reason}
      />
      {move.error && !server.groupId && !server.reason ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(move.error, 'تعذر نقل الوسيط')}
        </p>
      ) : null}
      <FormButtons pending={move.isPending} submit="تأكيد النقل" onCancel={onDone} />
    </form>
  );
}

type OverrideValues = z.output<typeof commissionOverrideBody>;

/** A percentage as the form shows it, in Arabic-Indic digits: 0.015 is «١٫٥». */
const percentText = (rate: number | null) =>
  rate === null ? '' : formatNumberAr(Math.round(rate * 10_000) / 100, 2);

function OverrideForm({
  broker,
  terms,
  onDone,
}: {
  broker: AdminBroker;
  terms: BrokerTermsView;
  onDone: () => void;
}) {
  const form = useForm<CommissionOverrideInput, unknown, OverrideValues>({
    resolver: zodResolver(commissionOverrideBody),
    defaultValues: {
      ratePercent: percentText(terms.rateOverride),
      minimum: terms.minimumOverride === null ? '' : formatNumberAr(terms.minimumOverride, 2),
      reason: '',
    },
  });
  const save = useSetCommissionOverride({
    onSuccess: (saved) => {
      toast({
        title:
          saved.rateOverride === null && saved.minimumOverride === null
            ? 'أُلغيت العمولة الخاصة'
            : 'حُفظت العمولة الخاصة',
        description: `العمولات الجديدة: ${ruleSummaryAr(saved.rule)}`,
      });
      onDone();
    },
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      aria-label="عمولة خاصة"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-3"
      onSubmit={form.handleSubmit((values) => save.mutate({ id: broker.id, ...values }))}
    >
      <p className="text-sm text-slate-700">
        تسبق شروط مجموعة الوسيط في عمولاته الجديدة. اترك الحقلين فارغين لإلغائها.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="نسبة العمولة الخاصة (٪)"
          error={errors.ratePercent?.message ?? server.ratePercent}
        >
          {(control) => (
            <Input {...control} {...form.register('ratePercent')} inputMode="decimal" />
          )}
        </FormField>
        <FormField
          label="الحد الأدنى الخاص (ر.س)"
          error={errors.minimum?.message ?? server.minimum}
        >
          {(control) => <Input {...control} {...form.register('minimum')} inputMode="decimal" />}
        </FormField>
      </div>
      <ReasonField
        field={form.register('reason')}
        error={errors.reason?.message ?? server.reason}
      />
      {save.error && !server.ratePercent && !server.minimum && !server.reason ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(save.error, 'تعذر حفظ العمولة الخاصة')}
        </p>
      ) : null}
      <FormButtons pending={save.isPending} submit="حفظ العمولة الخاصة" onCancel={onDone} />
    </form>
  );
}

/** The reason every change of a broker's terms carries: audited, and read by the team. */
function ReasonField({
  field,
  error,
}: {
  field: UseFormRegisterReturn<'reason'>;
  error: string | undefined;
}) {
  return (
    <FormField label="السبب" error={error} hint="يُحفظ في سجل التدقيق">
      {(control) => <Input {...control} {...field} />}
    </FormField>
  );
}

function FormButtons({
  pending,
  submit,
  onCancel,
}: {
  pending: boolean;
  submit: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={pending}>
        {pending ? 'جاري الحفظ...' : submit}
      </Button>
      <Button variant="outline" onClick={onCancel}>
        إلغاء
      </Button>
    </div>
  );
}
