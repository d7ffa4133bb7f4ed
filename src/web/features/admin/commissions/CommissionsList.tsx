import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import type { ADMIN_COMMISSION_SORTS } from '#contract/admin/lists';
import { arabicCount, formatDateAr, formatSar, NOUNS } from '#domain';
import { useMediaQuery, WIDE_SCREEN } from '#lib/use-media-query';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { type Column, DataTable, sortParam, sortState } from '#ui/data-table';
import { EmptyState, Skeleton } from '#ui/feedback';
import { Pagination } from '#ui/pagination';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';
import { ListToolbar, type Payment, PaymentDialog, ReasonDialog, useAdminList } from '../shared';
import {
  type AdminCommission,
  adminCommissionsQuery,
  type CommissionAction,
  useCommissionAction,
} from './api';
import { CommissionNotes, CommissionStatusBadge } from './CommissionNotes';
import { paymentDescription } from './payment-description';

const FILTERS = [
  { value: 'all', label: 'جميع العمولات' },
  { value: 'on_hold', label: 'في فترة الانتظار' },
  { value: 'pending', label: 'معلقة' },
  { value: 'requested', label: 'مطلوبة' },
  { value: 'paid', label: 'مدفوعة' },
  { value: 'reversed', label: 'ملغاة' },
];

type SortKey = (typeof ADMIN_COMMISSION_SORTS)[number] extends `${infer K}:${string}` ? K : never;

/**
 * Every commission, searched, filtered and sorted by its date header: payment confirmed (with
 * the bank's reference) or the commission reversed with a reason. Cards on a phone, a dense
 * table from 1024 px.
 */
export function CommissionsList() {
  const filters = useAdminList(adminCommissionEndpoints.list.query, { prefix: 'commissions' });
  const { page, search, status, sort } = filters.query;
  const wide = useMediaQuery(WIDE_SCREEN);
  const list = useQuery(adminCommissionsQuery({ page, search, status, sort }));
  const action = useCommissionAction({
    onSuccess: (_, done: CommissionAction) => toast({ title: done.success }),
    onError: errorToast('خطأ', 'حدث خطأ غير متوقع'),
  });
  const [paying, setPaying] = useState<Payment | null>(null);
  const [reversing, setReversing] = useState<AdminCommission | null>(null);
  const [reversalReason, setReversalReason] = useState('');

  const confirmPayment = (c: AdminCommission) =>
    c.status === 'pending' ? (
      <Button
        onClick={() =>
          setPaying({
            title: 'تأكيد دفع العمولة',
            description: paymentDescription(c),
            confirmLabel: 'تأكيد الدفع',
            id: c.id,
            success: 'تم تأكيد الدفع',
          })
        }
      >
        تأكيد الدفع
      </Button>
    ) : null;
  const commissionActions = (c: AdminCommission) => (
    <div className="flex flex-wrap gap-2">
      {confirmPayment(c)}
      {c.status !== 'reversed' && c.status !== 'requested' ? (
        <Button variant="outline" onClick={() => setReversing(c)}>
          إلغاء العمولة
        </Button>
      ) : null}
    </div>
  );
  const columns: Column<AdminCommission, SortKey>[] = [
    {
      id: 'amount',
      header: 'المبلغ',
      cell: (c) => <strong className="whitespace-nowrap">{formatSar(c.amount)}</strong>,
    },
    { id: 'status', header: 'الحالة', cell: (c) => <CommissionStatusBadge commission={c} /> },
    {
      id: 'broker',
      header: 'الوسيط',
      cell: (c) => (
        <>
          {c.brokerName || '—'}{' '}
          <bdi dir="ltr" className="whitespace-nowrap text-slate-600">
            {c.brokerCode}
          </bdi>
        </>
      ),
    },
    {
      id: 'tenant',
      header: 'جوال المستأجر',
      cell: (c) => <bdi dir="ltr">{c.tenantPhone}</bdi>,
    },
    {
      id: 'created',
      header: 'تاريخ الإنشاء',
      sortKey: 'createdAt',
      firstDirection: 'desc',
      cell: (c) => formatDateAr(c.createdAt),
      className: 'whitespace-nowrap',
    },
    { id: 'notes', header: 'ملاحظات', cell: (c) => <CommissionNotes commission={c} /> },
    { id: 'actions', header: 'الإجراءات', cell: commissionActions },
  ];

  return (
    <>
      {paying ? (
        <PaymentDialog
          title={paying.title}
          description={paying.description}
          confirmLabel={paying.confirmLabel}
          onClose={() => setPaying(null)}
          onConfirm={(transferReference) => {
            action.mutate({
              kind: 'confirm-payment',
              id: paying.id,
              transferReference,
              success: paying.success,
            });
            setPaying(null);
          }}
        />
      ) : null}
      {reversing ? (
        <ReasonDialog
          title="إلغاء العمولة"
          label="سبب الإلغاء"
          confirmLabel="تأكيد إلغاء العمولة"
          reason={reversalReason}
          onReasonChange={setReversalReason}
          pending={action.isPending}
          onClose={() => setReversing(null)}
          onConfirm={() => {
            action.mutate({
              kind: 'reverse',
              id: reversing.id,
              reason: reversalReason,
              success: 'تم إلغاء العمولة',
            });
            setReversing(null);
            setReversalReason('');
          }}
        />
      ) : null}
      <ListToolbar
        list={{
          ...filters,
          filter: status ?? 'all',
          setFilter: (value) =>
            filters.set({ status: value === 'all' ? undefined : (value as typeof status) }),
        }}
        searchLabel="البحث باسم الوسيط أو جواله"
        searchPlaceholder="ابحث باسم الوسيط أو جواله"
        filterLabel="تصفية العمولات"
        filters={FILTERS}
        exportType="commissions"
        exportQuery={{ search, status }}
      />
      {list.data ? (
        <p className="text-sm text-slate-700">{arabicCount(list.data.total, NOUNS.commission)}</p>
      ) : null}
      <QueryView
        query={list}
        loading={<Skeleton className="h-40" />}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title="لا توجد عمولات مطابقة" />}
      >
        {(data) =>
          wide ? (
            <DataTable
              caption="العمولات"
              columns={columns}
              rows={data.items}
              rowKey={(c) => c.id}
              sort={sortState<SortKey>(sort)}
              onSort={(next) => filters.set({ sort: sortParam(next) })}
            />
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {data.items.map((c) => (
                <li key={c.id}>
                  <Card className="space-y-2 p-4">
                    <div className="flex items-center justify-between">
                      <strong className="text-lg">{formatSar(c.amount)}</strong>
                      <CommissionStatusBadge commission={c} />
                    </div>
                    <p className="text-sm">
                      {c.brokerName || '—'} · <bdi dir="ltr">{c.brokerCode}</bdi>
                    </p>
                    <p className="text-sm text-slate-700">
                      المستأجر <bdi dir="ltr">{c.tenantPhone}</bdi> · {formatDateAr(c.createdAt)}
                    </p>
                    <CommissionNotes commission={c} />
                    {commissionActions(c)}
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <Pagination label="صفحات العمولات" page={page} of={list.data} onPage={filters.setPage} />
    </>
  );
}
