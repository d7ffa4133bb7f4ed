import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ADMIN_REFERRAL_SORTS } from '#contract/admin/lists';
import { adminReferralListQuery } from '#contract/admin/referrals';
import { formatDateAr, formatNumberAr, formatSar, REFERRAL_STATUSES } from '#domain';
import { useSession } from '#lib/session';
import { Button } from '#ui/button';
import type { Column } from '#ui/data-table';
import { StageClock } from '#ui/stage-clock';
import { ReferralStatusBadge } from '#ui/status-badge';
import {
  brokerColumn,
  DeletableList,
  ListToolbar,
  REFERRAL_DELETION,
  useAdminList,
  useDeletion,
} from '../shared';
import { type AdminReferral, adminReferralsQuery } from './api';
import { ProcessReferralDialog } from './ProcessReferralDialog';
import { ReferralDetailsDialog } from './ReferralDetailsDialog';
import { SignalFlag } from './SignalFlag';

const ALL = 'all';
/** Not a status: the referrals past their stage's service deadline, the most overdue first. */
const OVERDUE = 'overdue';
type SortKey = (typeof ADMIN_REFERRAL_SORTS)[number] extends `${infer K}:${string}` ? K : never;
const STATUS_OPTIONS = [
  { value: ALL, label: 'جميع الحالات' },
  { value: OVERDUE, label: '⏰ المتأخرة عن مهلة الخدمة' },
  ...REFERRAL_STATUSES.map((s) => ({ value: s.key, label: `${s.emoji} ${s.label}` })),
];

/**
 * Referrals tab: searched, filtered, sorted and paginated by the server, 50 a page, newest
 * first unless a column header asks otherwise. Cards on a phone, a dense table from 1024 px.
 */
export function AdminReferralsTab() {
  const { profile } = useSession();
  const deletion = useDeletion(REFERRAL_DELETION, {
    nameOf: (r: AdminReferral) => `الإحالة ${formatNumberAr(r.number)}`,
  });
  const filters = useAdminList(adminReferralListQuery, {
    prefix: 'referrals',
    onChange: deletion.clear,
  });
  const { search, status } = filters.query;
  const overdue = filters.query.overdue === 'true';
  const [selected, setSelected] = useState<AdminReferral | null>(null);
  const [processing, setProcessing] = useState<AdminReferral | null>(null);
  const referrals = useQuery(adminReferralsQuery(filters.query));

  const actions = (r: AdminReferral) => (
    <>
      <Button variant="outline" onClick={() => setSelected(r)}>
        التفاصيل
      </Button>
      {/* The server refuses anyone processing their own referral; said before it is tried. */}
      {r.brokerPhone === profile?.phone ? (
        <span className="text-sm text-slate-700">إحالتك: يعالجها مشرف آخر</span>
      ) : (
        <Button onClick={() => setProcessing(r)}>معالجة</Button>
      )}
    </>
  );

  const columns: Column<AdminReferral, SortKey>[] = [
    {
      id: 'number',
      header: 'الرقم',
      sortKey: 'number',
      firstDirection: 'desc',
      cell: (r) => <span className="font-bold">{formatNumberAr(r.number)}</span>,
    },
    {
      id: 'status',
      header: 'الحالة',
      // An open signal beside the status: seen before «معالجة» is chosen.
      cell: (r) => (
        <div className="space-y-1">
          <ReferralStatusBadge status={r.status} variant="admin" />
          <SignalFlag signals={r.openSignals} />
        </div>
      ),
    },
    {
      id: 'tenant',
      header: 'جوال المستأجر',
      sortKey: 'tenantPhone',
      cell: (r) => <bdi dir="ltr">{r.tenantPhone}</bdi>,
      className: 'whitespace-nowrap',
    },
    brokerColumn(),
    {
      id: 'submitted',
      header: 'تاريخ التقديم',
      sortKey: 'submittedAt',
      firstDirection: 'desc',
      cell: (r) => formatDateAr(r.submittedAt),
      className: 'whitespace-nowrap',
    },
    {
      id: 'stage',
      header: 'في المرحلة',
      sortKey: 'stageDueAt',
      cell: (r) => <StageClock clock={r.stageClock} />,
    },
    {
      id: 'rent',
      header: 'الإيجار السنوي',
      cell: (r) => (r.rentAmount ? formatSar(r.rentAmount) : 'غير محدد'),
      className: 'whitespace-nowrap',
    },
  ];

  return (
    <div className="space-y-4">
      <ListToolbar
        list={filters}
        searchBy="بجوال المستأجر أو اسم الوسيط أو رمزه"
        filter={overdue ? OVERDUE : (status ?? ALL)}
        onFilter={(value) =>
          filters.set({
            status: value === ALL || value === OVERDUE ? undefined : (value as typeof status),
            overdue: value === OVERDUE ? 'true' : undefined,
          })
        }
        filterLabel="تصفية حسب الحالة"
        filters={STATUS_OPTIONS}
        exportType="referrals"
        exportQuery={{ search, status, overdue: overdue ? 'true' : undefined }}
      />
      <DeletableList
        deletion={deletion}
        query={referrals}
        list={filters}
        caption="الإحالات"
        empty="لا توجد إحالات مطابقة"
        columns={columns}
        actions={actions}
        heading={(r) => (
          <>
            <span className="font-bold">إحالة رقم {formatNumberAr(r.number)}</span>
            <ReferralStatusBadge status={r.status} variant="admin" />
          </>
        )}
        details={(r) => (
          <>
            <SignalFlag signals={r.openSignals} />
            <p className="text-sm">
              المستأجر: <bdi dir="ltr">{r.tenantPhone}</bdi>
            </p>
            <p className="text-sm">
              الوسيط: {r.brokerName || '—'} (<bdi dir="ltr">{r.brokerCode}</bdi>)
            </p>
            <p className="flex flex-wrap gap-x-4 text-sm text-slate-700">
              <span>{formatDateAr(r.submittedAt)}</span>
              <span>{r.rentAmount ? `${formatSar(r.rentAmount)} سنوياً` : 'الإيجار غير محدد'}</span>
            </p>
            <StageClock clock={r.stageClock} />
          </>
        )}
      />
      {deletion.dialog}
      {processing ? (
        <ProcessReferralDialog referral={processing} onClose={() => setProcessing(null)} />
      ) : null}
      {selected ? (
        <ReferralDetailsDialog referral={selected} onClose={() => setSelected(null)} />
      ) : null}
    </div>
  );
}
