import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { formatDateAr, formatIban, formatSar } from '#domain';
import { useListParams } from '#lib/use-list-params';
import { useMediaQuery, WIDE_SCREEN } from '#lib/use-media-query';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { type Column, DataTable } from '#ui/data-table';
import { Pagination } from '#ui/pagination';
import { QueryView } from '#ui/query-view';
import { errorToast, toast } from '#ui/toast';
import { ltr, type Payment, PaymentDialog, ReasonDialog } from '../shared';
import { announce } from './announce';
import {
  type AdminPayout,
  payoutsQuery,
  type RequestAction,
  useMarkPayouts,
  useRequestAction,
} from './api';

/** The open requests' page (their state is always draft). */
const REQUESTS_LIST = adminPayoutEndpoints.list.query.pick({ page: true });

// The open transfer requests' empty state, also shown while they load.
const NO_OPEN_REQUESTS = <p className="text-sm text-slate-700">لا توجد طلبات تحويل مفتوحة.</p>;

/**
 * The brokers' open transfer requests (draft payouts), newest first as the server lists them:
 * each approved, paid with the bank's reference, or rejected with a reason; all of a page
 * approved at once.
 */
export function OpenRequestsCard() {
  const titleId = useId();
  const wide = useMediaQuery(WIDE_SCREEN);
  const { values, set } = useListParams(REQUESTS_LIST, 'requests');
  const { page } = values;
  const requests = useQuery(payoutsQuery('draft', page));
  const [paying, setPaying] = useState<Payment | null>(null);
  const [rejecting, setRejecting] = useState<AdminPayout | null>(null);
  const [reason, setReason] = useState('');
  const action = useRequestAction({
    onSuccess: (_, done: RequestAction) => toast({ title: done.success }),
    onError: errorToast('خطأ', 'حدث خطأ غير متوقع'),
  });
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
            id: r.id,
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
  const columns: Column<AdminPayout>[] = [
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
              kind: 'pay-request',
              id: paying.id,
              transferReference,
              success: paying.success,
            });
            setPaying(null);
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
      <Card className="space-y-3" role="region" aria-labelledby={titleId}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle id={titleId}>طلبات التحويل المفتوحة</CardTitle>
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
                columns={columns}
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
          page={page}
          of={requests.data}
          onPage={(next) => set({ page: next })}
        />
      </Card>
    </>
  );
}
