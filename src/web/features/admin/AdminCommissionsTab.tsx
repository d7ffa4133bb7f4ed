import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ADMIN_COMMISSION_SORTS } from '#contract/admin/lists';
import {
  arabicCount,
  commissionStatusLabel,
  formatDateAr,
  formatIban,
  formatSar,
  NOUNS,
  toCents,
} from '#domain';
import { useMediaQuery, WIDE_SCREEN } from '#lib/use-media-query';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { type Column, DataTable, sortParam } from '#ui/data-table';
import { EmptyState, Skeleton } from '#ui/feedback';
import { Pagination } from '#ui/pagination';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';
import { AdminPayoutsCard, announce } from './AdminPayoutsCard';
import {
  type AdminCommission,
  type AdminPayout,
  adminCommissionsQuery,
  type PayoutAction,
  payoutsQuery,
  useMarkPayouts,
  usePayoutAction,
} from './api';
import { ListToolbar } from './ListToolbar';
import { type Payment, PaymentDialog } from './PaymentDialog';
import { ReasonDialog } from './ReasonDialog';
import { useAdminList } from './use-admin-list';

const FILTERS = [
  { value: 'all', label: 'جميع العمولات' },
  { value: 'on_hold', label: 'في فترة الانتظار' },
  { value: 'pending', label: 'معلقة' },
  { value: 'requested', label: 'مطلوبة' },
  { value: 'paid', label: 'مدفوعة' },
  { value: 'reversed', label: 'ملغاة' },
];

type SortKey = (typeof ADMIN_COMMISSION_SORTS)[number] extends `${infer K}:${string}` ? K : never;

/** A payout call of the console, with its own success toast. */
type AdminAction = PayoutAction & { success: string };

function useAdminAction() {
  return usePayoutAction<AdminAction>({
    onSuccess: (_, action) => toast({ title: action.success }),
    onError: errorToast('خطأ', 'حدث خطأ غير متوقع'),
  });
}

/** Left-to-right text (an IBAN, a phone) isolated inside an Arabic sentence, kept on one line. */
const ltr = (text: string) => `\u2066${text.replaceAll(' ', '\u00a0')}\u2069`;

/**
 * What confirming a commission's payment does, said before it is done: when the broker owes
 * money for reversed commissions, it is deducted and only the rest is to be transferred.
 */
function paymentDescription(c: AdminCommission): string {
  const broker = c.brokerName || ltr(c.brokerPhone);
  const outstanding = toCents(c.amount) - toCents(c.paidAmount);
  const deducted = Math.min(toCents(c.brokerOwes), outstanding);
  if (deducted <= 0) {
    return `ستُسجَّل عمولة ${formatSar(c.amount)} للوسيط ${broker} مدفوعة ويُبلَّغ الوسيط بذلك.`;
  }
  return `ستُسجَّل عمولة ${formatSar(c.amount)} للوسيط ${broker} مدفوعة، ويُخصم منها ${formatSar(deducted / 100)} مقابل عمولات ملغاة، فيُحوَّل ${formatSar((outstanding - deducted) / 100)} فقط. ويُبلَّغ الوسيط بذلك.`;
}

// The open transfer requests' empty state, also shown while they load.
const NO_OPEN_REQUESTS = <p className="text-sm text-slate-700">لا توجد طلبات تحويل مفتوحة.</p>;

/**
 * Commissions with payment confirmation, and the brokers' open transfer requests. Commissions
 * are cards on a phone and a dense table, sorted by its date header, from 1024 px.
 */
export function AdminCommissionsTab() {
  const filters = useAdminList<SortKey>('all', undefined, { key: 'createdAt', direction: 'desc' });
  const wide = useMediaQuery(WIDE_SCREEN);
  const status = filters.filter === 'all' ? undefined : filters.filter;
  const list = useQuery(
    adminCommissionsQuery({
      page: filters.page,
      search: filters.term,
      status,
      sort: filters.sort && sortParam(filters.sort),
    }),
  );
  const [requestsPage, setRequestsPage] = useState(1);
  const requests = useQuery(payoutsQuery('draft', requestsPage));
  const action = useAdminAction();
  const [rejecting, setRejecting] = useState<AdminPayout | null>(null);
  const [reason, setReason] = useState('');
  const [reversing, setReversing] = useState<AdminCommission | null>(null);
  const [reversalReason, setReversalReason] = useState('');
  const [paying, setPaying] = useState<Payment | null>(null);
  const requestsTitleId = useId();
  const approve = useMarkPayouts({
    onSuccess: announce,
    onError: errorToast('خطأ', 'فشل في اعتماد الدفعات'),
  });

  const requester = (r: AdminPayout) => r.brokerName || <bdi dir="ltr">{r.brokerPhone}</bdi>;
  const requestActions = (r: AdminPayout) => (
    <>
      <Button
        variant="outline"
        disabled={approve.isPending}
        aria-label={`اعتماد طلب ${formatSar(r.amount)} للوسيط ${r.brokerName || r.brokerPhone}`}
        onClick={() => approve.mutate({ ids: [r.id], status: 'approved' })}
      >
        اعتماد
      </Button>
      <Button
        onClick={() =>
          setPaying({
            title: 'تأكيد تنفيذ طلب التحويل',
            description: `سيُسجَّل تحويل ${formatSar(r.amount)} إلى الآيبان ${ltr(formatIban(r.iban))} للوسيط ${r.brokerName || ltr(r.brokerPhone)}، وتُسدَّد به عمولاته المعلقة الأقدم فالأحدث، ويُبلَّغ الوسيط بذلك.`,
            confirmLabel: 'تم التحويل',
            action: { kind: 'pay-request', id: r.id },
            success: 'تم تنفيذ طلب التحويل',
          })
        }
      >
        تم التحويل
      </Button>
      <Button variant="outline" onClick={() => setRejecting(r)}>
        رفض
      </Button>
    </>
  );
  // Open requests, newest first as the server lists them (they are few; no sort asked).
  const requestColumns: Column<AdminPayout>[] = [
    {
      id: 'amount',
      header: 'المبلغ',
      cell: (r) => <strong className="whitespace-nowrap">{formatSar(r.amount)}</strong>,
    },
    { id: 'broker', header: 'الوسيط', cell: requester },
    {
      id: 'iban',
      header: 'الآيبان',
      cell: (r) => (
        <bdi dir="ltr" className="font-mono text-xs whitespace-nowrap">
          {formatIban(r.iban)}
        </bdi>
      ),
    },
    {
      id: 'created',
      header: 'تاريخ الطلب',
      cell: (r) => formatDateAr(r.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      id: 'actions',
      header: 'الإجراءات',
      cell: (r) => <div className="flex gap-2">{requestActions(r)}</div>,
    },
  ];

  const statusBadge = (c: AdminCommission) => (
    <Badge tone={c.status === 'paid' ? 'success' : c.status === 'reversed' ? 'neutral' : 'warning'}>
      {commissionStatusLabel(c.status)}
    </Badge>
  );
  const notes = (c: AdminCommission) => (
    <>
      {c.status !== 'paid' && Number(c.paidAmount) > 0 ? (
        <p className="text-sm text-slate-700">دُفع منها {formatSar(c.paidAmount)} عبر طلب تحويل</p>
      ) : null}
      {c.status === 'requested' ? (
        <p className="text-sm text-amber-900">
          محجوزة لطلب تحويل مفتوح، تُعالَج من طلبات التحويل أعلاه.
        </p>
      ) : null}
      {c.status === 'reversed' ? (
        <p className="text-sm text-slate-700">
          أُلغيت: {c.reversalReason}
          {Number(c.paidAmount) > Number(c.recoveredAmount)
            ? ` · يُخصم ${formatSar(Number(c.paidAmount) - Number(c.recoveredAmount))} من دفعته القادمة`
            : null}
        </p>
      ) : null}
      {c.signalHold && c.status === 'on_hold' ? (
        <p className="text-sm text-red-800">موقوفة بسبب تنبيه مفتوح في تبويب التنبيهات</p>
      ) : c.status === 'on_hold' ? (
        <p className="text-sm text-slate-700">
          في فترة الانتظار، تصبح قابلة للدفع في {formatDateAr(c.payableAt)}
        </p>
      ) : null}
    </>
  );
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
  const confirmPayment = (c: AdminCommission) =>
    c.status === 'pending' ? (
      <Button
        onClick={() =>
          setPaying({
            title: 'تأكيد دفع العمولة',
            description: paymentDescription(c),
            confirmLabel: 'تأكيد الدفع',
            action: { kind: 'confirm-payment', id: c.id },
            success: 'تم تأكيد الدفع',
          })
        }
      >
        تأكيد الدفع
      </Button>
    ) : null;
  const columns: Column<AdminCommission, SortKey>[] = [
    {
      id: 'amount',
      header: 'المبلغ',
      cell: (c) => <strong className="whitespace-nowrap">{formatSar(c.amount)}</strong>,
    },
    { id: 'status', header: 'الحالة', cell: statusBadge },
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
    { id: 'notes', header: 'ملاحظات', cell: notes },
    { id: 'actions', header: 'الإجراءات', cell: commissionActions },
  ];

  return (
    <div className="space-y-6">
      <AdminPayoutsCard />
      {paying ? (
        <PaymentDialog
          title={paying.title}
          description={paying.description}
          confirmLabel={paying.confirmLabel}
          onClose={() => setPaying(null)}
          onConfirm={(transferReference) => {
            action.mutate({ ...paying.action, transferReference, success: paying.success });
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
      {rejecting ? (
        <ReasonDialog
          title="رفض طلب التحويل"
          label="سبب الرفض"
          confirmLabel="تأكيد الرفض"
          reason={reason}
          onReasonChange={setReason}
          pending={action.isPending}
          onClose={() => setRejecting(null)}
          onConfirm={() => {
            action.mutate({
              kind: 'reject-request',
              id: rejecting.id,
              reason,
              success: 'تم رفض طلب التحويل',
            });
            setRejecting(null);
            setReason('');
          }}
        />
      ) : null}
      <Card className="space-y-3" role="region" aria-labelledby={requestsTitleId}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle id={requestsTitleId}>طلبات التحويل المفتوحة</CardTitle>
          {requests.data && requests.data.items.length > 1 ? (
            <Button
              variant="outline"
              disabled={approve.isPending}
              onClick={() =>
                approve.mutate({
                  ids: requests.data.items.map((r) => r.id),
                  status: 'approved',
                })
              }
            >
              اعتماد الكل في هذه الصفحة
            </Button>
          ) : null}
        </div>
        <QueryView
          query={requests}
          loading={NO_OPEN_REQUESTS}
          isEmpty={(data) => data.items.length === 0}
          empty={NO_OPEN_REQUESTS}
        >
          {(data) =>
            wide ? (
              <DataTable
                caption="طلبات التحويل المفتوحة"
                columns={requestColumns}
                rows={data.items}
                rowKey={(r) => r.id}
              />
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.items.map((r) => (
                  <li
                    key={r.id}
                    className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm"
                  >
                    <span className="font-bold">{formatSar(r.amount)}</span>
                    <span>{requester(r)}</span>
                    <bdi dir="ltr" className="font-mono text-xs">
                      {formatIban(r.iban)}
                    </bdi>
                    <span>{formatDateAr(r.createdAt)}</span>
                    <div className="flex gap-2">{requestActions(r)}</div>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
        <Pagination
          label="صفحات طلبات التحويل"
          page={requestsPage}
          of={requests.data}
          onPage={setRequestsPage}
        />
      </Card>
      <ListToolbar
        list={filters}
        searchLabel="البحث باسم الوسيط أو جواله"
        searchPlaceholder="ابحث باسم الوسيط أو جواله"
        filterLabel="تصفية العمولات"
        filters={FILTERS}
        exportType="commissions"
        exportQuery={{ search: filters.term, status }}
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
              sort={filters.sort}
              onSort={filters.setSort}
            />
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {data.items.map((c) => (
                <li key={c.id}>
                  <Card className="space-y-2 p-4">
                    <div className="flex items-center justify-between">
                      <strong className="text-lg">{formatSar(c.amount)}</strong>
                      {statusBadge(c)}
                    </div>
                    <p className="text-sm">
                      {c.brokerName || '—'} · <bdi dir="ltr">{c.brokerCode}</bdi>
                    </p>
                    <p className="text-sm text-slate-700">
                      المستأجر <bdi dir="ltr">{c.tenantPhone}</bdi> · {formatDateAr(c.createdAt)}
                    </p>
                    {notes(c)}
                    {commissionActions(c)}
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <Pagination
        label="صفحات العمولات"
        page={filters.page}
        of={list.data}
        onPage={filters.setPage}
      />
    </div>
  );
}
