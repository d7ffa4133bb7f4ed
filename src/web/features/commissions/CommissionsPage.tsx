import { formatDateAr, formatSar } from '#domain';
import { Badge } from '#ui/badge';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { useCommissionSummary, useTransferRequests } from './api';
import { CommissionList } from './CommissionList';
import { CommissionTiles } from './CommissionTiles';
import { EarningsSection } from './EarningsSection';
import { MaskedIban } from './masked-iban';
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
      <CommissionTiles className="grid grid-cols-2 gap-3 lg:grid-cols-4" />
      <EarningsSection />
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
                    <MaskedIban iban={r.iban} />
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
