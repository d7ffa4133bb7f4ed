import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { EmptyState, Skeleton } from '#ui/feedback';
import { Pagination } from '#ui/pagination';
import { QueryView } from '#ui/query-view';
import { ReferralStatusBadge } from '#ui/status-badge';
import { adminReferralsQuery } from './api';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import {
  BulkDeleteBar,
  DeleteMenu,
  REFERRAL_DELETION,
  SelectBox,
  useDeletion,
  useSelection,
} from './deletion';
import { ListToolbar } from './ListToolbar';
import { ProcessReferralDialog } from './ProcessReferralDialog';
import { ReferralDetailsDialog } from './ReferralDetailsDialog';
import type { AdminReferral } from './types';
import { useAdminList } from './use-admin-list';

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: 'جميع الحالات' },
  ...REFERRAL_STATUSES.map((s) => ({ value: s.key, label: `${s.emoji} ${s.label}` })),
];

/** Referrals tab: searched, filtered and paginated by the server, 50 a page, newest first. */
export function AdminReferralsTab() {
  const { profile } = useSession();
  const canDelete = Boolean(profile?.isSuperAdmin);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const selection = useSelection();
  const remove = useDeletion(REFERRAL_DELETION, () => {
    setDeleting(null);
    selection.clear();
  });
  const filters = useAdminList(ALL, selection.clear);
  const [selected, setSelected] = useState<AdminReferral | null>(null);
  const [processing, setProcessing] = useState<AdminReferral | null>(null);
  const status = filters.filter === ALL ? undefined : filters.filter;
  const list = useQuery(adminReferralsQuery({ page: filters.page, search: filters.term, status }));
  const data = list.data;

  return (
    <div className="space-y-4">
      <ListToolbar
        list={filters}
        searchLabel="البحث بجوال المستأجر أو اسم الوسيط أو رمزه"
        searchPlaceholder="ابحث بجوال المستأجر أو اسم الوسيط أو رمزه"
        filterLabel="تصفية حسب الحالة"
        filters={STATUS_OPTIONS}
        exportType="referrals"
        exportQuery={{ search: filters.term, status }}
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
        {(result) => (
          <ul className="grid gap-3 lg:grid-cols-2">
            {result.items.map((r) => (
              <li key={r.id}>
                <Card className="space-y-2 p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-bold">إحالة رقم {formatNumberAr(r.number)}</span>
                    <ReferralStatusBadge status={r.status} variant="admin" />
                    {canDelete ? (
                      <span className="ms-auto">
                        <DeleteMenu
                          label={`الإحالة ${formatNumberAr(r.number)}`}
                          onDelete={() => setDeleting([r.id])}
                        />
                      </span>
                    ) : null}
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
                  <div className="flex flex-wrap items-center gap-2">
                    <Button variant="outline" onClick={() => setSelected(r)}>
                      التفاصيل
                    </Button>
                    <Button onClick={() => setProcessing(r)}>معالجة</Button>
                    {canDelete ? (
                      <SelectBox
                        label={`تحديد الإحالة ${formatNumberAr(r.number)}`}
                        checked={selection.selected.has(r.id)}
                        onChange={() => selection.toggle(r.id)}
                      />
                    ) : null}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <Pagination label="صفحات الإحالات" page={filters.page} of={data} onPage={filters.setPage} />
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
