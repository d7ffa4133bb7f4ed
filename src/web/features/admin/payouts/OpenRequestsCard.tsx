import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { adminPayoutListQuery } from '#contract/admin/payouts';
import { formatDateAr, formatIban, formatSar } from '#domain';
import { useListParams } from '#lib/use-list-params';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { type Column, TableOrCards } from '#ui/data-table';
import { PagedList } from '#ui/paged-list';
import { errorToast } from '#ui/toast';
import {
  ACTION_TOASTS,
  ltr,
  usePaymentDialog,
  useReasonDialog,
  VatOnTop,
  withVat,
} from '../shared';
import { announce } from './announce';
import { type AdminPayout, payoutsQuery, useMarkPayouts, useRequestAction } from './api';
import { useCancelDialog } from './cancel-dialog';

/** The open requests' page (their state is always draft). */
const REQUESTS_LIST = adminPayoutListQuery.pick({ page: true });

// The open transfer requests' empty state, also shown while they load.
const NO_OPEN_REQUESTS = <p className="text-sm text-slate-700">لا توجد طلبات تحويل مفتوحة.</p>;

/** Rejecting a transfer request asks why: the broker reads the reason. */
const REJECTION = {
  title: 'رفض طلب التحويل',
  label: 'سبب الرفض',
  confirmLabel: 'تأكيد الرفض',
};

/**
 * The brokers' open transfer requests and the drafts «دفع كل المستحق» made (draft payouts),
 * newest first as the server lists them: each approved or paid with the bank's reference; a
 * broker's request rejected with a reason, a draft the team made cancelled (the broker never
 * asked for it, so is never told it was refused); all of a page approved at once.
 */
export function OpenRequestsCard() {
  const titleId = useId();
  const { values, set } = useListParams(REQUESTS_LIST, 'requests');
  const { page } = values;
  const requests = useQuery(payoutsQuery('draft', page));
  const action = useRequestAction(ACTION_TOASTS);
  const payment = usePaymentDialog((paid) => action.mutate({ kind: 'pay-request', ...paid }));
  const rejection = useReasonDialog(REJECTION, action.isPending, (r: AdminPayout, reason) =>
    action.mutate({ kind: 'reject-request', id: r.id, reason, success: 'تم رفض طلب التحويل' }),
  );
  const cancelling = useCancelDialog();
  const approve = useMarkPayouts({
    onSuccess: announce,
    onError: errorToast('خطأ', 'فشل في اعتماد الدفعات'),
  });

  const requester = (r: AdminPayout) => (
    <>
      {r.brokerName || <bdi dir="ltr">{r.brokerPhone}</bdi>}
      {r.source === 'bulk' ? (
        <Badge tone="neutral" className="ms-2">
          دفع المستحق
        </Badge>
      ) : null}
    </>
  );
  const requestActions = (r: AdminPayout) => (
    <>
      <Button
        variant="outline"
        disabled={approve.isPending}
        aria-label={`اعتماد ${r.source === 'bulk' ? 'دفعة' : 'طلب'} ${formatSar(r.amount)} للوسيط ${r.brokerName || r.brokerPhone}`}
        onClick={() => approve.mutate({ ids: [r.id], status: 'approved' })}
      >
        اعتماد
      </Button>
      <Button
        onClick={() =>
          payment.ask({
            title: 'تأكيد تنفيذ طلب التحويل',
            description: `سيُسجَّل تحويل ${withVat(r.amount, r.vatAmount)} إلى الآيبان ${ltr(formatIban(r.iban))} للوسيط ${r.brokerName || ltr(r.brokerPhone)}، وتُسدَّد به عمولاته المعلقة الأقدم فالأحدث، ويُبلَّغ الوسيط بذلك.`,
            confirmLabel: 'تم التحويل',
            id: r.id,
            success: 'تم تنفيذ طلب التحويل',
          })
        }
      >
        تم التحويل
      </Button>
      {r.source === 'bulk' ? (
        <Button
          variant="outline"
          aria-label={`إلغاء دفعة ${formatSar(r.amount)} للوسيط ${r.brokerName || r.brokerPhone}`}
          onClick={() => cancelling.ask(r)}
        >
          إلغاء الدفعة
        </Button>
      ) : (
        <Button variant="outline" onClick={() => rejection.ask(r)}>
          رفض
        </Button>
      )}
    </>
  );
  // Open requests, newest first as the server lists them (they are few; no sort asked).
  const columns: Column<AdminPayout>[] = [
    {
      id: 'amount',
      header: 'المبلغ',
      cell: (r) => (
        <>
          <strong className="whitespace-nowrap">{formatSar(r.amount)}</strong>
          <VatOnTop amount={r.amount} vatAmount={r.vatAmount} className="text-slate-700" />
        </>
      ),
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
      {payment.dialog}
      {rejection.dialog}
      {cancelling.dialog}
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
        <PagedList
          query={requests}
          loading={NO_OPEN_REQUESTS}
          empty={NO_OPEN_REQUESTS}
          pages={{ label: 'صفحات طلبات التحويل', page, onPage: (next) => set({ page: next }) }}
        >
          {(data) => (
            <TableOrCards
              caption="طلبات التحويل المفتوحة"
              columns={columns}
              rows={data.items}
              rowKey={(r) => r.id}
              listClassName="divide-y divide-slate-100"
              itemClassName="flex flex-wrap items-center justify-between gap-2 py-3 text-sm"
              card={(r) => (
                <>
                  <span>
                    <span className="font-bold">{formatSar(r.amount)}</span>
                    <VatOnTop amount={r.amount} vatAmount={r.vatAmount} />
                  </span>
                  <span>{requester(r)}</span>
                  <bdi dir="ltr" className="font-mono text-xs">
                    {formatIban(r.iban)}
                  </bdi>
                  <span>{formatDateAr(r.createdAt)}</span>
                  <div className="flex gap-2">{requestActions(r)}</div>
                </>
              )}
            />
          )}
        </PagedList>
      </Card>
    </>
  );
}
