import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminBrokerListQuery } from '#contract/admin/brokers';
import type { ADMIN_BROKER_SORTS } from '#contract/admin/lists';
import {
  arabicCount,
  formatDateAr,
  formatNumberAr,
  inGenitive,
  NOUNS,
  NUDGE_INTERVAL_DAYS,
  timeAgoAr,
} from '#domain';
import { useSession } from '#lib/session';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import type { Column } from '#ui/data-table';
import { FormField } from '#ui/input';
import { NativeSelect } from '#ui/native-select';
import { errorToast, toast } from '#ui/toast';
import {
  BROKER_DELETION,
  DeletableList,
  ListToolbar,
  ProtectedAccountNote,
  useAdminList,
  useDeletion,
} from '../shared';
import {
  type AdminBroker,
  adminBrokersQuery,
  brokerTagsQuery,
  officesQuery,
  useBrokerDecision,
  useNudgeBroker,
} from './api';
import { BrokerDetailsDialog } from './BrokerDetailsDialog';
import { FalLicenseBadge } from './FalLicenseSection';
import { ReasonDialog } from './ReasonDialog';

/** Each decision on an account: its words in the dialog and in the toasts. */
const DECIDED = {
  activate: { done: 'تم تفعيل الحساب', failed: 'حدث خطأ في تفعيل الحساب' },
  deactivate: {
    title: 'إلغاء تفعيل',
    description: 'لن يستطيع الوسيط إضافة طلبات جديدة، ويقرأ السبب في إشعاره وفي لوحة التحكم.',
    required: 'يرجى كتابة سبب إلغاء التفعيل',
    confirm: 'إلغاء التفعيل',
    done: 'تم إلغاء تفعيل الحساب',
    failed: 'حدث خطأ في إلغاء تفعيل الحساب',
  },
  refuse: {
    title: 'رفض طلب تفعيل',
    description: 'يقرأ الوسيط السبب في إشعاره وفي لوحة التحكم، ويمكنه طلب التفعيل مرة أخرى.',
    required: 'يرجى كتابة سبب رفض الطلب',
    confirm: 'رفض الطلب',
    done: 'رُفض طلب التفعيل',
    failed: 'حدث خطأ في رفض الطلب',
  },
} as const;

const FILTERS = [
  { value: 'all', label: 'جميع الوسطاء' },
  { value: 'active', label: 'المفعلون' },
  { value: 'inactive', label: 'غير المفعلين' },
  { value: 'pending', label: 'بانتظار التفعيل' },
  { value: 'fal_license', label: 'رخص بانتظار التحقق' },
  { value: 'dormant', label: 'خاملون' },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long ago, in words: «منذ ٣ أيام», and past a month still in days within a year («منذ ٤٥
 * يومًا»); the date beyond.
 */
function sinceAr(at: string, now: number): string {
  const recent = timeAgoAr(at, new Date(now));
  if (recent) return recent;
  const days = Math.floor((now - Date.parse(at)) / DAY_MS);
  return days < 365 ? `منذ ${arabicCount(days, inGenitive(NOUNS.day))}` : formatDateAr(at);
}

/** A reminder sent less than NUDGE_INTERVAL_DAYS ago: no other is sent before then. */
const nudgedLately = (b: AdminBroker, now: number) =>
  b.lastNudgedAt !== null && now - Date.parse(b.lastNudgedAt) < NUDGE_INTERVAL_DAYS * DAY_MS;

type SortKey = (typeof ADMIN_BROKER_SORTS)[number] extends `${infer K}:${string}` ? K : never;

/**
 * Brokers tab: search, filter, sort, 50 a page; details, activation, and deletion for
 * super-admins. Cards on a phone, a dense table sorted by its headers from 1024 px.
 */
export function AdminBrokersTab() {
  const { profile } = useSession();
  const [details, setDetails] = useState<AdminBroker | null>(null);
  const deletion = useDeletion(BROKER_DELETION, {
    nameOf: (b: AdminBroker) => b.fullName || b.phone,
    // Never offered where the server refuses it: one's own account, the protected one.
    deletable: (b) => !b.isProtected && b.id !== profile?.id,
  });
  const filters = useAdminList(adminBrokerListQuery, {
    prefix: 'brokers',
    onChange: deletion.clear,
  });
  const { filter, page, search, sort, tag, office } = filters.query;
  const brokers = useQuery(adminBrokersQuery({ filter, page, search, sort, tag, office }));
  const offices = useQuery(officesQuery());
  const officeChoices = (offices.data?.items ?? []).map((o) => ({
    value: o.id,
    label: `${o.name} (${formatNumberAr(o.members)})`,
  }));
  const tags = useQuery(brokerTagsQuery());
  const tagChoices = (tags.data?.items ?? []).map((t) => ({
    value: t.tag,
    label: `${t.tag} (${formatNumberAr(t.brokers)})`,
  }));
  // A tag from the address that no broker carries any more is still shown as chosen.
  if (tag && !tagChoices.some((choice) => choice.value === tag)) {
    tagChoices.unshift({ value: tag, label: tag });
  }
  const dormant = filter === 'dormant';
  const now = Date.now();
  // The details follow the list as it is read again (a licence changed meanwhile), unless a
  // decision taken in them answered a newer row.
  const listedDetails = details && brokers.data?.items.find((b) => b.id === details.id);
  const shownDetails =
    details && listedDetails && listedDetails.updatedAt > details.updatedAt
      ? listedDetails
      : details;
  // The broker whose deactivation or refused request waits for its reason.
  const [asking, setAsking] = useState<{
    broker: AdminBroker;
    decision: 'deactivate' | 'refuse';
  } | null>(null);
  const toggle = useBrokerDecision({
    onSuccess: (_data, { decision }) => {
      setAsking(null);
      toast({ title: DECIDED[decision].done });
    },
    onError: (error, { decision }) => errorToast('خطأ', DECIDED[decision].failed)(error),
  });
  const nudge = useNudgeBroker({
    onSuccess: () =>
      toast({
        title: 'أُرسل التذكير',
        description: `عبر واتساب أو رسالة نصية، ولا يُرسل تذكير آخر قبل ${arabicCount(NUDGE_INTERVAL_DAYS, inGenitive(NOUNS.day))}`,
      }),
    onError: errorToast('تعذر إرسال التذكير', 'يرجى المحاولة مرة أخرى'),
  });

  const badges = (b: AdminBroker) => (
    <>
      <Badge tone={b.isActive ? 'success' : 'warning'}>{b.isActive ? 'مفعل' : 'غير مفعل'}</Badge>
      {!b.isActive && b.activationRequestedAt ? (
        <Badge tone="info">تم إرسال طلب التفعيل</Badge>
      ) : null}
      {b.falLicenseStanding.state === 'unverified' ? <FalLicenseBadge broker={b} /> : null}
      {b.isSuperAdmin ? <Badge tone="neutral">مشرف عام</Badge> : null}
      {b.id === profile?.id ? <Badge tone="neutral">حسابك</Badge> : null}
    </>
  );
  /** The team's tags on the broker (decision 073). */
  const tagBadges = (b: AdminBroker) =>
    b.tags.length > 0 ? (
      <ul aria-label="وسوم الوسيط" className="flex basis-full flex-wrap gap-1">
        {b.tags.map((t) => (
          <li key={t} className="min-w-0">
            <Badge tone="info" className="max-w-full px-2 text-xs break-words">
              {t}
            </Badge>
          </li>
        ))}
      </ul>
    ) : null;
  /** A dormant broker's last referral, while the list shows the dormant ones. */
  const lastReferral = (b: AdminBroker) =>
    dormant ? (
      <p className="basis-full text-sm text-slate-700">
        {b.lastReferralAt ? `آخر إحالة: ${sinceAr(b.lastReferralAt, now)}` : 'لم يرسل أي إحالة'}
      </p>
    ) : null;
  const actions = (b: AdminBroker) => {
    // Never offered where the server refuses it: one's own account, a super-admin's, the
    // protected one.
    const canDeactivate = b.id !== profile?.id && !b.isSuperAdmin && !b.isProtected;
    const name = b.fullName || b.phone;
    return (
      <>
        <Button variant="outline" onClick={() => setDetails(b)}>
          التفاصيل
        </Button>
        {dormant && b.isActive ? (
          nudgedLately(b, now) && b.lastNudgedAt ? (
            <span className="inline-flex min-h-11 items-center text-sm text-slate-700">
              ذُكّر {sinceAr(b.lastNudgedAt, now)}
            </span>
          ) : (
            <Button
              variant="outline"
              aria-label={`إرسال تذكير إلى ${name}`}
              disabled={nudge.isPending && nudge.variables === b.id}
              onClick={() => nudge.mutate(b.id)}
            >
              إرسال تذكير
            </Button>
          )
        ) : null}
        {!b.isActive ? (
          <Button
            disabled={toggle.isPending}
            onClick={() => toggle.mutate({ id: b.id, decision: 'activate' })}
          >
            تفعيل
          </Button>
        ) : canDeactivate ? (
          <Button
            variant="outline"
            disabled={toggle.isPending}
            onClick={() => setAsking({ broker: b, decision: 'deactivate' })}
          >
            إلغاء التفعيل
          </Button>
        ) : null}
        {!b.isActive && b.activationRequestedAt ? (
          <Button
            variant="outline"
            aria-label={`رفض طلب تفعيل ${name}`}
            disabled={toggle.isPending}
            onClick={() => setAsking({ broker: b, decision: 'refuse' })}
          >
            رفض الطلب
          </Button>
        ) : null}
      </>
    );
  };

  const columns: Column<AdminBroker, SortKey>[] = [
    {
      id: 'name',
      header: 'الاسم',
      cell: (b) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="font-bold">{b.fullName || 'بدون اسم'}</span>
          {badges(b)}
          {b.email ? (
            <bdi dir="ltr" className="basis-full text-xs text-slate-600">
              {b.email}
            </bdi>
          ) : null}
          {b.isProtected ? <ProtectedAccountNote /> : null}
          {tagBadges(b)}
          {lastReferral(b)}
        </div>
      ),
    },
    {
      id: 'phone',
      header: 'الجوال',
      sortKey: 'phone',
      cell: (b) => <bdi dir="ltr">{b.phone}</bdi>,
      className: 'whitespace-nowrap',
    },
    {
      id: 'code',
      header: 'رمز الوسيط',
      sortKey: 'brokerCode',
      cell: (b) => <bdi dir="ltr">{b.brokerCode}</bdi>,
      className: 'whitespace-nowrap',
    },
    {
      id: 'office',
      header: 'المكتب',
      cell: (b) => b.officeName || '—',
    },
    {
      id: 'created',
      header: 'تاريخ التسجيل',
      sortKey: 'createdAt',
      firstDirection: 'desc',
      cell: (b) => formatDateAr(b.createdAt),
      className: 'whitespace-nowrap',
    },
  ];

  return (
    <div className="space-y-4">
      <ListToolbar
        list={filters}
        searchBy="بالاسم أو الجوال أو رمز الوسيط"
        filter={filter}
        onFilter={(value) => filters.set({ filter: value as typeof filter })}
        filterLabel="تصفية الوسطاء"
        filters={FILTERS}
        exportType="brokers"
        exportQuery={{ filter, search, tag }}
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <FormField label="المكتب المسجل">
          {(control) => (
            <NativeSelect
              {...control}
              value={office ?? ''}
              onChange={(e) => filters.set({ office: e.target.value || undefined })}
              options={officeChoices}
              placeholder="جميع المكاتب"
            />
          )}
        </FormField>
        <FormField label="الوسم">
          {(control) => (
            <NativeSelect
              {...control}
              value={tag ?? ''}
              onChange={(e) => filters.set({ tag: e.target.value || undefined })}
              options={tagChoices}
              placeholder="جميع الوسوم"
            />
          )}
        </FormField>
      </div>
      <DeletableList
        deletion={deletion}
        query={brokers}
        list={filters}
        caption="الوسطاء"
        empty="لا يوجد وسطاء مطابقون"
        columns={columns}
        actions={actions}
        heading={(b) => (
          <>
            <span className="font-bold">{b.fullName || 'بدون اسم'}</span>
            {badges(b)}
          </>
        )}
        details={(b) => (
          <>
            <p className="flex flex-wrap gap-x-4 text-sm">
              <bdi dir="ltr">{b.phone}</bdi>
              <bdi dir="ltr">{b.brokerCode}</bdi>
            </p>
            {b.email ? (
              <p className="text-sm" dir="ltr">
                {b.email}
              </p>
            ) : null}
            {b.officeName ? <p className="text-sm">{b.officeName}</p> : null}
            {b.isProtected ? <ProtectedAccountNote /> : null}
            {tagBadges(b)}
            {lastReferral(b)}
          </>
        )}
      />
      {shownDetails ? (
        <BrokerDetailsDialog
          broker={shownDetails}
          onChanged={setDetails}
          onClose={() => setDetails(null)}
        />
      ) : null}
      {asking ? (
        <ReasonDialog
          title={`${DECIDED[asking.decision].title} ${asking.broker.fullName || asking.broker.phone}`}
          description={DECIDED[asking.decision].description}
          required={DECIDED[asking.decision].required}
          confirmLabel={DECIDED[asking.decision].confirm}
          pending={toggle.isPending}
          onConfirm={(reason) =>
            toggle.mutate({ id: asking.broker.id, decision: asking.decision, reason })
          }
          onClose={() => setAsking(null)}
        />
      ) : null}
      {deletion.dialog}
    </div>
  );
}
