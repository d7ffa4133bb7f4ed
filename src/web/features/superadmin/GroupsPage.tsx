import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { arabicCount, formatNumberAr, formatRateAr, formatSar, NOUNS } from '#domain';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { Dialog } from '#ui/dialog';
import { EmptyState, Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';
import { ActivationQuestionsCard } from './ActivationQuestionsCard';
import { BonusesCard } from './BonusesCard';
import { DormancyCard } from './DormancyCard';
import {
  EMPTY_GROUP,
  GroupForm,
  groupFields,
  holdingDaysAr,
  NewRuleCard,
  ruleText,
} from './GroupForm';
import {
  type Group,
  groupsQuery,
  type ProgramTerms,
  useCreateGroup,
  useMakeDefaultGroup,
  useRemoveGroup,
  useRemovePromotionRule,
  useUpdateGroup,
} from './groups-api';
import { ProgramTermsCard } from './ProgramTermsCard';

/**
 * /groups (super-admins, decision record 072): the broker groups by level with their terms,
 * brokers and promotion rules; adding, changing, deleting a group, making one the default, and
 * adding or deleting a promotion rule.
 */
export function GroupsPage() {
  const groups = useQuery(groupsQuery());
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">مجموعات الوسطاء</h1>
        <p className="text-slate-700">
          ينتمي كل وسيط إلى مجموعة واحدة، وتُحسب عمولاته بشروط مجموعته. الشرط الذي تتركه المجموعة
          فارغاً يتبع إعداد البرنامج. لا تسري التعديلات إلا على العمولات التي تُنشأ بعدها.
        </p>
        <p className="text-slate-700">
          تنقل قواعد الترقية الوسيط إلى مجموعة أعلى مستوى من مجموعته، ولا تنقله إلى مستوى أدنى.
        </p>
      </div>
      <QueryView
        query={groups}
        loading={<Skeleton className="h-40" />}
        errorFallback="تعذر تحميل المجموعات"
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title="لا توجد مجموعات" />}
      >
        {(data) => (
          <div className="space-y-4">
            {data.items.map((group) => (
              <GroupCard key={group.id} group={group} program={data.program} />
            ))}
          </div>
        )}
      </QueryView>
      <NewGroupCard program={groups.data?.program} />
      <NewRuleCard groups={groups.data?.items ?? []} />
      <BonusesCard />
      <ProgramTermsCard />
      <ActivationQuestionsCard />
      <DormancyCard />
    </div>
  );
}

/** One term of a group: its own value, or the program's when it leaves the term empty. */
function Term({ label, own, program }: { label: string; own: string | null; program: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="font-bold">
        {own ?? (
          <>
            {program} <span className="text-sm font-normal text-slate-700">(إعداد البرنامج)</span>
          </>
        )}
      </dd>
    </div>
  );
}

const orNull = <T,>(value: T | null, format: (value: T) => string) =>
  value === null ? null : format(value);

function GroupCard({ group, program }: { group: Group; program: ProgramTerms }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateGroup({
    onSuccess: (saved) => {
      setEditing(false);
      toast({ title: 'حُفظت المجموعة', description: saved.name });
    },
  });
  const makeDefault = useMakeDefaultGroup({
    onSuccess: (made) => toast({ title: 'أصبحت المجموعة افتراضية', description: made.name }),
    onError: errorToast('تعذر جعل المجموعة افتراضية', 'يرجى المحاولة مرة أخرى'),
  });
  const remove = useRemoveGroup({
    onSuccess: () => toast({ title: 'حُذفت المجموعة', description: group.name }),
    onError: errorToast('تعذر حذف المجموعة', 'يرجى المحاولة مرة أخرى'),
  });
  const [confirming, setConfirming] = useState(false);
  const busy = makeDefault.isPending || remove.isPending;
  return (
    <section
      aria-label={group.name}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="min-w-0 text-lg font-bold break-words text-slate-900">{group.name}</h2>
        {group.isDefault ? <Badge tone="info">افتراضية</Badge> : null}
        <span className="text-slate-700">المستوى {formatNumberAr(group.level)}</span>
        <span className="text-slate-700">
          {group.brokerCount === 0 ? 'لا وسطاء فيها' : arabicCount(group.brokerCount, NOUNS.broker)}
        </span>
      </div>
      <dl className="grid gap-2 sm:grid-cols-2">
        <Term
          label="نسبة العمولة"
          own={orNull(group.rate, formatRateAr)}
          program={formatRateAr(program.rate)}
        />
        <Term
          label="الحد الأدنى للعمولة"
          own={orNull(group.minimum, formatSar)}
          program={formatSar(program.minimum)}
        />
        <Term
          label="فترة الانتظار"
          own={orNull(group.holdingDays, holdingDaysAr)}
          program={holdingDaysAr(program.holdingDays)}
        />
        <Term
          label="الحد الأدنى للدفعة"
          own={orNull(group.payoutMinimum, formatSar)}
          program={formatSar(program.payoutMinimum)}
        />
      </dl>
      <Rules group={group} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setEditing(true)}>
          تعديل
        </Button>
        {group.isDefault ? null : (
          <>
            <Button variant="outline" disabled={busy} onClick={() => makeDefault.mutate(group.id)}>
              جعلها افتراضية
            </Button>
            {group.brokerCount > 0 ? null : confirming ? (
              <>
                <Button
                  variant="destructive"
                  disabled={busy}
                  aria-label={`تأكيد حذف مجموعة ${group.name} وقواعد ترقيتها`}
                  onClick={() => remove.mutate(group.id)}
                >
                  تأكيد الحذف
                </Button>
                <Button variant="outline" onClick={() => setConfirming(false)}>
                  إلغاء
                </Button>
              </>
            ) : (
              <Button
                variant="outline"
                disabled={busy}
                aria-label={`حذف مجموعة ${group.name}`}
                onClick={() => setConfirming(true)}
              >
                حذف
              </Button>
            )}
          </>
        )}
      </div>
      {editing ? (
        <Dialog
          title={`تعديل مجموعة ${group.name}`}
          description="تسري الشروط الجديدة على العمولات التي تُنشأ بعد الحفظ فقط."
          onClose={() => {
            setEditing(false);
            update.reset();
          }}
        >
          <GroupForm
            label="تعديل المجموعة"
            defaults={groupFields(group)}
            program={program}
            submit="حفظ المجموعة"
            pending={update.isPending}
            error={update.error}
            errorFallback="تعذر حفظ المجموعة"
            onSubmit={(body) => update.mutate({ id: group.id, body })}
            onCancel={() => {
              setEditing(false);
              update.reset();
            }}
          />
        </Dialog>
      ) : null}
    </section>
  );
}

/** A group's promotion rules, each with its delete button. */
function Rules({ group }: { group: Group }) {
  const remove = useRemovePromotionRule({
    onSuccess: () => toast({ title: 'حُذفت قاعدة الترقية' }),
    onError: errorToast('تعذر حذف قاعدة الترقية', 'يرجى المحاولة مرة أخرى'),
  });
  if (group.rules.length === 0) {
    return <p className="text-sm text-slate-700">لا توجد قواعد ترقية إلى هذه المجموعة.</p>;
  }
  return (
    <div className="space-y-1">
      <h3 className="font-bold">قواعد الترقية</h3>
      <ul className="divide-y divide-slate-100">
        {group.rules.map((rule) => {
          const text = ruleText(rule);
          return (
            <li key={rule.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">{text}</span>
              <Button
                variant="outline"
                disabled={remove.isPending}
                aria-label={`حذف قاعدة: ${text}`}
                onClick={() => remove.mutate(rule.id)}
              >
                حذف
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** «إضافة مجموعة»: the group form, empty again after each group added. */
function NewGroupCard({ program }: { program: ProgramTerms | undefined }) {
  const [round, setRound] = useState(0);
  const create = useCreateGroup({
    onSuccess: (created) => {
      setRound((n) => n + 1);
      toast({ title: 'أُضيفت المجموعة', description: created.name });
    },
  });
  return (
    <Card className="space-y-4">
      <CardTitle>إضافة مجموعة</CardTitle>
      <GroupForm
        key={round}
        label="إضافة مجموعة"
        defaults={EMPTY_GROUP}
        program={program}
        submit="إضافة المجموعة"
        pending={create.isPending}
        error={create.error}
        errorFallback="تعذر إضافة المجموعة"
        onSubmit={(body) => create.mutate(body)}
      />
    </Card>
  );
}
