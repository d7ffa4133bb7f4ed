import { formatDateAr, formatSar, type PayoutStatus } from '#domain';
import { Badge } from '#ui/badge';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { useBankAccount, useCommissionSummary, usePayouts } from './api';
import { BankAccountCard } from './BankAccountCard';
import { CommissionList } from './CommissionList';
import { CommissionTiles } from './CommissionTiles';
import { EarningsSection } from './EarningsSection';
import { MaskedIban } from './masked-iban';
import { PayoutRequestForm } from './PayoutRequestForm';

/** The broker's words for a payout's state: a draft is simply under review. */
const REQUEST_STATUS: Record<PayoutStatus, string> = {
  draft: 'قيد المراجعة',
  approved: 'معتمد للتحويل',
  sent: 'أُرسل إلى البنك',
  paid: 'تم التحويل',
  failed: 'فشل التحويل',
  rejected: 'مرفوض',
};
const REQUEST_TONE: Record<PayoutStatus, 'success' | 'danger' | 'info'> = {
  draft: 'info',
  approved: 'info',
  sent: 'info',
  paid: 'success',
  failed: 'danger',
  rejected: 'danger',
};

// The transfer requests' empty state, also shown while they load.
const NO_REQUESTS = <p className="text-sm text-slate-700">لم ترسل أي طلب تحويل بعد.</p>;

export function CommissionsPage() {
  const summary = useCommissionSummary();
  const requests = usePayouts();
  const account = useBankAccount();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">العمولات</h1>
      <CommissionTiles className="grid grid-cols-2 gap-3 lg:grid-cols-4" />
      <EarningsSection />
      <BankAccountCard />
      <div className="grid gap-5 lg:grid-cols-2">
        <Card>
          <CardTitle className="mb-3">طلب تحويل العمولة</CardTitle>
          <QueryView query={summary} loading={<Skeleton className="h-40" />} quietOnError>
            {(s) =>
              account.isPending ? (
                <Skeleton className="h-40" />
              ) : (
                <PayoutRequestForm
                  key={account.data?.iban ?? 'none'}
                  available={Number(s.pending)}
                  iban={account.data?.iban ?? null}
                />
              )
            }
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
                    <Badge tone={REQUEST_TONE[r.status]}>{REQUEST_STATUS[r.status]}</Badge>
                    {r.failureReason ? (
                      <p className="w-full text-red-800">سبب الفشل: {r.failureReason}</p>
                    ) : null}
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
