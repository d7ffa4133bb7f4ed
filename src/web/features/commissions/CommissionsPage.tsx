import { formatDateAr, formatIban, formatSar } from '#domain';
import { Badge } from '#ui/badge';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { StatTile } from '#ui/stat-tile';
import { useCommissionSummary, useTransferRequests } from './api';
import { CommissionList } from './CommissionList';
import { TransferRequestForm } from './TransferRequestForm';

const REQUEST_STATUS: Record<string, string> = {
  open: 'قيد المراجعة',
  paid: 'تم التحويل',
  rejected: 'مرفوض',
};

// The transfer requests' empty state, also shown while they load.
const NO_REQUESTS = <p className="text-sm text-slate-700">لم ترسل أي طلب تحويل بعد.</p>;

export function CommissionsPage() {
  const summary = useCommissionSummary();
  const requests = useTransferRequests();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">العمولات</h1>
      <section aria-label="ملخص العمولات" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <QueryView
          query={summary}
          loading={[1, 2, 3].map((i) => <Skeleton key={i} className="h-24" />)}
        >
          {(s) => (
            <>
              <StatTile label="إجمالي العمولات" value={formatSar(s.total)} />
              <StatTile label="المدفوعة" value={formatSar(s.paid)} />
              <StatTile label="المعلقة" value={formatSar(s.pending)} />
            </>
          )}
        </QueryView>
      </section>
      <div className="grid gap-5 lg:grid-cols-2">
        <Card>
          <CardTitle className="mb-3">طلب تحويل العمولة</CardTitle>
          <QueryView query={summary} loading={<Skeleton className="h-40" />} quietOnError>
            {(s) => <TransferRequestForm available={Number(s.pending)} />}
          </QueryView>
        </Card>
        <Card>
          <CardTitle className="mb-3">طلبات التحويل</CardTitle>
          <QueryView
            query={requests}
            loading={NO_REQUESTS}
            isEmpty={(data) => data.length === 0}
            empty={NO_REQUESTS}
          >
            {(data) => (
              <ul className="divide-y divide-slate-100">
                {data.map((r) => (
                  <li
                    key={r.id}
                    className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                  >
                    <span className="font-bold">{formatSar(r.amount)}</span>
                    <bdi dir="ltr" className="font-mono text-xs">
                      {formatIban(r.iban)}
                    </bdi>
                    <span>{formatDateAr(r.createdAt)}</span>
                    <Badge
                      tone={
                        r.status === 'paid'
                          ? 'success'
                          : r.status === 'rejected'
                            ? 'danger'
                            : 'info'
                      }
                    >
                      {REQUEST_STATUS[r.status] ?? r.status}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        </Card>
      </div>
      <section className="space-y-3">
        <h2 className="text-lg font-bold">سجل العمولات</h2>
        <CommissionList />
      </section>
    </div>
  );
}
