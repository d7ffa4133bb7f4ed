import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import {
  arabicCount,
  type CommissionOverrideInput,
  commissionOverrideBody,
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
  type BrokerProgram,
  brokerProgramQuery,
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
  const program = useQuery(brokerProgramQuery(broker.id));
  return (
    <section aria-labelledby={titleId} className="mt-4 space-y-3 rounded-lg bg-slate-50 p-3">
      <h3 id={titleId} className="font-bold">
        المجموعة والعمولة
      </h3>
      <QueryView
        query={program}
        loading={<Skeleton className="h-20" />}
        errorFallback="تعذر تحميل مجموعة الوسيط"
      >
        {(data) => <ProgramDetails broker={broker} program={data} />}
      </QueryView>
    </section>
  );
}

function ProgramDetails({ broker, program }: { broker: AdminBroker; program: BrokerProgram }) {
  const { profile } = useSession();
  const [editing, setEditing] = useState<'move' | 'override' | null>(null);
  const { rule } = program;
  const mayChange = Boolean(profile?.isSuperAdmin) && profile?.id !== broker.id;
  return (
    <>
      <dl>
        <DetailRow label="المجموعة">{program.groupName}</DetailRow>
        <DetailRow label="العمولة الجديدة">{ruleSummaryAr(rule)}</DetailRow>
        <DetailRow label="فترة الانتظار">
          {rule.holdingDays === 0
            ? 'بلا انتظار'
            : arabicCount(rule.holdingDays, inGenitive(NOUNS.day))}
        </DetailRow>
        {program.overrideReason ? (
          <DetailRow label="سبب العمولة الخاصة">{program.overrideReason}</DetailRow>
        ) : null}
      </dl>
      {mayChange ? (
        editing === 'move' ? (
          <MoveForm broker={broker} program={program} onDone={() => setEditing(null)} />
        ) : editing === 'override' ? (
          <OverrideForm broker={broker} program={program} onDone={() => setEditing(null)} />
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
  program,
  onDone,
}: {
  broker: AdminBroker;
  program: BrokerProgram;
  onDone: () => void;
}) {
  const groups = useQuery(groupChoicesQuery());
  const form = useForm<GroupMoveInput, unknown, MoveValues>({
    resolver: zodResolver(groupMoveBody),
    defaultValues: { groupId: program.groupId ?? '', reason: '' },
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

/** A percentage as the form shows it: 0.015 is «1.5». */
const percentText = (rate: number | null) =>
  rate === null ? '' : String(Math.round(rate * 10_000) / 100);

function OverrideForm({
  broker,
  program,
  onDone,
}: {
  broker: AdminBroker;
  program: BrokerProgram;
  onDone: () => void;
}) {
  const form = useForm<CommissionOverrideInput, unknown, OverrideValues>({
    resolver: zodResolver(commissionOverrideBody),
    defaultValues: {
      ratePercent: percentText(program.rateOverride),
      minimum: program.minimumOverride === null ? '' : String(program.minimumOverride),
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
