import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ADMIN_REFERRAL_SORTS } from '#contract/admin/lists';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import {
  arabicCount,
  formatDateAr,
  formatNumberAr,
  formatSar,
  inGenitive,
  NOUNS,
  REFERRAL_STATUSES,
} from '#domain';
import { useSession } from '#lib/session';
import { useMediaQuery, WIDE_SCREEN } from '#lib/use-media-query';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { type Column, DataTable, sortParam, sortState } from '#ui/data-table';
import { EmptyState, Skeleton } from '#ui/feedback';
import { Pagination } from '#ui/pagination';
import { QueryView } from '#ui/query-view';
import { StageClock } from '#ui/stage-clock';
import { ReferralStatusBadge } from '#ui/status-badge';
import {
  BulkDeleteBar,
  ConfirmDeleteDialog,
  DeleteMenu,
  ListToolbar,
  REFERRAL_DELETION,
  SelectBox,
  useAdminList,
  useDeletion,
  useSelection,
} from '../shared';
import { type AdminReferral, adminReferralsQuery } from './api';
import { ProcessReferralDialog } from './ProcessReferralDialog';
import { ReferralDetailsDialog } from './ReferralDetailsDialog';

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
  const canDelete = Boolean(profile?.isSuperAdmin);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const selection = useSelection();
  const remove = useDeletion(REFERRAL_DELETION, () => {
    setDeleting(null);
    selection.clear();
  });
  const filters = useAdminList(adminReferralEndpoints.list.query, {
    prefix: 'referrals',
    onChange: selection.clear,
  });
  const { page, search, status, sort } = filters.query;
  const overdue = filters.query.overdue === 'true';
  const wide = useMediaQuery(WIDE_SCREEN);
  const [selected, setSelected] = useState<AdminReferral | null>(null);
  const [processing, setProcessing] = useState<AdminReferral | null>(null);
  const list = useQuery(adminReferralsQuery(filters.query));
  const data = list.data;

  const selectBox = (r: AdminReferral, hideLabel?: boolean) => (
    <SelectBox
      label={`تحديد الإحالة ${formatNumberAr(r.number)}`}
      hideLabel={hideLabel}
      checked={selection.selected.has(r.id)}
      onChange={() => selection.toggle(r.id)}
    />
  );
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
  const deleteMenu = (r: AdminReferral) => (
    <DeleteMenu
      label={`الإحالة ${formatNumberAr(r.number)}`}
      onDelete={() => setDeleting([r.id])}
    />
  );

  const columns: Column<AdminReferral, SortKey>[] = [
    ...(canDelete
      ? [{ id: 'select', header: 'تحديد', cell: (r: AdminReferral) => selectBox(r, true) }]
      : []),
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
      cell: (r) => <ReferralStatusBadge status={r.status} variant="admin" />,
    },
    {
      id: 'tenant',
      header: 'جوال المستأجر',
      sortKey: 'tenantPhone',
      cell: (r) => <bdi dir="ltr">{r.tenantPhone}</bdi>,
      className: 'whitespace-nowrap',
    },
    {
      id: 'broker',
      header: 'الوسيط',
      cell: (r) => (
        <>
          {r.brokerName || '—'}{' '}
          <bdi dir="ltr" className="whitespace-nowrap text-slate-600">
            {r.brokerCode}
          </bdi>
        </>
      ),
    },
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
    {
      id: 'actions',
      header: 'الإجراءات',
      cell: (r) => (
        <div className="flex items-center gap-2">
          {actions(r)}
          {canDelete ? deleteMenu(r) : null}
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <ListToolbar
        list={{
          ...filters,
          filter: overdue ? OVERDUE : (status ?? ALL),
          setFilter: (value) =>
            filters.set({
              status: value === ALL || value === OVERDUE ? undefined : (value as typeof status),
              overdue: value === OVERDUE ? 'true' : undefined,
            }),
        }}
        searchLabel="البحث بجوال المستأجر أو اسم الوسيط أو رمزه"
        searchPlaceholder="ابحث بجوال المستأجر أو اسم الوسيط أو رمزه"
        filterLabel="تصفية حسب الحالة"
        filters={STATUS_OPTIONS}
        exportType="referrals"
        exportQuery={{ search, status, overdue: overdue ? 'true' : undefined }}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {data ? (
          <p className="text-sm text-slate-700">{arabicCount(data.total, NOUNS.referral)}</p>
        ) : null}
        {canDelete && data && data.items.length > 0 ? (
          <BulkDeleteBar
            ids={data.items.map((r) => r.id)}
            selection={selection}
            onDelete={setDeleting}
          />
        ) : null}
      </div>
      <QueryView
        query={list}
        loading={<Skeleton className="h-40" />}
        isEmpty={(result) => result.items.length === 0}
        empty={<EmptyState title="لا توجد إحالات مطابقة" />}
      >
        {(result) =>
          wide ? (
            <DataTable
              caption="الإحالات"
              columns={columns}
              rows={result.items}
              rowKey={(r) => r.id}
              sort={sortState<SortKey>(sort)}
              onSort={(next) => filters.set({ sort: sortParam(next) })}
            />
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {result.items.map((r) => (
                <li key={r.id}>
                  <Card className="space-y-2 p-4">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-bold">إحالة رقم {formatNumberAr(r.number)}</span>
                      <ReferralStatusBadge status={r.status} variant="admin" />
                      {canDelete ? <span className="ms-auto">{deleteMenu(r)}</span> : null}
                    </div>
                    <p className="text-sm">
                      المستأجر: <bdi dir="ltr">{r.tenantPhone}</bdi>
                    </p>
                    <p className="text-sm">
                      الوسيط: {r.brokerName || '—'} (<bdi dir="ltr">{r.brokerCode}</bdi>)
                    </p>
                    <p className="text-sm text-slate-700">
                      {formatDateAr(r.submittedAt)} ·{' '}
                      {r.rentAmount ? `${formatSar(r.rentAmount)} سنوياً` : 'الإيجار غير محدد'}
                    </p>
                    <StageClock clock={r.stageClock} />
                    <div className="flex flex-wrap items-center gap-2">
                      {actions(r)}
                      {canDelete ? selectBox(r) : null}
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <Pagination label="صفحات الإحالات" page={page} of={data} onPage={filters.setPage} />
      {deleting ? (
        <ConfirmDeleteDialog
          title={
            deleting.length === 1
              ? 'حذف الإحالة'
              : `حذف ${arabicCount(deleting.length, inGenitive(NOUNS.referral))}`
          }
          description={
            deleting.length === 1
              ? 'ستُحذف الإحالة مع عمولتها ونموذج المستأجر ومستنداته، ولا يمكن التراجع.'
              : 'ستُحذف الإحالات المحددة مع عمولاتها ونماذج المستأجرين ومستنداتهم، ولا يمكن التراجع.'
          }
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
      {processing ? (
        <ProcessReferralDialog referral={processing} onClose={() => setProcessing(null)} />
      ) : null}
      {selected ? (
        <ReferralDetailsDialog referral={selected} onClose={() => setSelected(null)} />
      ) : null}
    </div>
  );
}
