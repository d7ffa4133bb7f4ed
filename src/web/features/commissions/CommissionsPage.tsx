import { formatDateAr, formatIban, formatSar } from '../../../domain';
import { Badge } from '../../components/ui/badge';
import { Card, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/feedback';
import { StatTile } from '../../components/ui/stat-tile';
import { useCommissionSummary, useTransferRequests } from '../../lib/queries';
import { CommissionList } from './CommissionList';
import { TransferRequestForm } from './TransferRequestForm';

const REQUEST_STATUS: Record<string, string> = {
  open: 'قيد المراجعة',
  paid: 'تم التحويل',
  rejected: 'مرفوض',
};

export function CommissionsPage() {
  const summary = useCommissionSummary();
  const requests = useTransferRequests();
  const s = summary.data;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">العمولات</h1>
      <section aria-label="ملخص العمولات" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {s ? (
          <>
            <StatTile label="إجمالي العمولات" value={formatSar(s.total)} />
            <StatTile label="المدفوعة" value={formatSar(s.paid)} />
            <StatTile label="المعلقة" value={formatSar(s.pending)} />
          </>
        ) : (
          [1, 2, 3].map((i) => <Skeleton key={i} className="h-24" />)
        )}
      </section>
      <div className="grid gap-5 lg:grid-cols-2">
        <Card>
          <CardTitle className="mb-3">طلب تحويل العمولة</CardTitle>
          {s ? (
            <TransferRequestForm available={Number(s.pending)} />
          ) : (
            <Skeleton className="h-40" />
          )}
        </Card>
        <Card>
          <CardTitle className="mb-3">طلبات التحويل</CardTitle>
          {requests.data && requests.data.length > 0 ? (
            <ul className="divide-y divide-slate-100">
              {requests.data.map((r) => (
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
                      r.status === 'paid' ? 'success' : r.status === 'rejected' ? 'danger' : 'info'
                    }
                  >
                    {REQUEST_STATUS[r.status] ?? r.status}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700">لم ترسل أي طلب تحويل بعد.</p>
          )}
        </Card>
      </div>
      <section className="space-y-3">
        <h2 className="text-lg font-bold">سجل العمولات</h2>
        <CommissionList />
      </section>
    </div>
  );
}
