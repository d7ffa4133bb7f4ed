import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { commissionListQuery } from '#contract/commissions';
import { commissionKindAr, commissionStatusLabel, formatDateAr, formatSar } from '#domain';
import { useSession } from '#lib/session';
import { useListParams } from '#lib/use-list-params';
import { Badge } from '#ui/badge';
import { EmptyState, Skeleton } from '#ui/feedback';
import { VatOnTop } from '#ui/money-with-vat';
import { Pagination } from '#ui/pagination';
import { QueryView } from '#ui/query-view';
import type { BrokerApp } from '../dashboard';
import { FAL_LICENSE_PATH } from '../profile';
import { useCommissions } from './api';

const TONE: Record<string, 'success' | 'warning' | 'info' | 'neutral'> = {
  on_hold: 'neutral',
  paid: 'success',
  reversed: 'neutral',
  pending: 'warning',
  requested: 'info',
  potential: 'neutral',
};

/** A commission held for the broker's FAL licence (decision 070), as its badge says. */
export const LICENSE_HOLD_LABEL = 'موقوفة حتى التحقق من رخصة فال';

const linkClass =
  'inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-4';

/** The way to the licence card on the profile page of the app the broker is in. */
export function FalLicenseLink({ app, children }: { app: BrokerApp; children: string }) {
  return (
    <Link to={FAL_LICENSE_PATH[app]} className={linkClass}>
      {children}
    </Link>
  );
}

/** The page, in the URL (`?page=2`). */
const PAGE = commissionListQuery.pick({ page: true });

/**
 * «سجل العمولات»: amount, date, status badge, contract number and paid date of each
 * commission; for one in its holding period, the day it becomes payable; for one held for the
 * FAL licence, why, with the way to the licence on the profile. `quietWhenEmpty` leaves the
 * whole section out when there is nothing, for a page that already says so.
 */
export function CommissionList({
  app,
  quietWhenEmpty = false,
}: {
  app: BrokerApp;
  quietWhenEmpty?: boolean;
}) {
  const titleId = useId();
  const holdReason = useSession().profile?.falLicenseStanding.holdReason ?? null;
  const { values, set } = useListParams(PAGE);
  const { page } = values;
  const commissions = useCommissions(page);
  // A list that shrank (a referral rejected, a deletion) leaves no one past its last page.
  const loaded = commissions.data;
  const lastPage = loaded ? Math.max(1, Math.ceil(loaded.total / loaded.pageSize)) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) set({ page: lastPage }, { replace: true });
  }, [page, lastPage, set]);
  if (quietWhenEmpty && loaded?.total === 0) return null;
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-lg font-bold">
        سجل العمولات
      </h2>
      <QueryView
        query={commissions}
        loading={<Skeleton className="h-32" />}
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState title="لا توجد عمولات بعد">
            تظهر عمولاتك هنا بعد توقيع عقود المستأجرين الذين أحلتهم.
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <ul className="space-y-3">
              {data.items.map((c) => {
                const licenseHeld = c.licenseHold && c.status === 'on_hold';
                return (
                  <li key={c.id} className="rounded-xl border border-slate-200 bg-white p-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <strong className="text-lg">{formatSar(c.amount)}</strong>
                      {licenseHeld ? (
                        <Badge tone="warning">{LICENSE_HOLD_LABEL}</Badge>
                      ) : (
                        <Badge tone={TONE[c.status] ?? 'neutral'}>
                          {commissionStatusLabel(c.status)}
                        </Badge>
                      )}
                    </div>
                    <VatOnTop amount={c.amount} vatAmount={c.vatAmount} className="block text-sm" />
                    <p className="mt-1 text-sm text-slate-700">
                      {formatDateAr(c.createdAt)}،{' '}
                      {c.kind === 'referral' ? (
                        <>
                          المستأجر <bdi dir="ltr">{c.tenantPhone}</bdi>
                        </>
                      ) : (
                        `${commissionKindAr(c.kind)}: ${c.reason ?? ''}`
                      )}
                    </p>
                    {c.contractNumber ? (
                      <p className="text-sm">
                        رقم عقد إيجار: <bdi dir="ltr">{c.contractNumber}</bdi>
                      </p>
                    ) : null}
                    {c.paidAt ? (
                      <p className="text-sm">تاريخ الدفع: {formatDateAr(c.paidAt)}</p>
                    ) : null}
                    {c.status === 'reversed' ? (
                      <p className="text-sm">
                        {c.kind === 'referral' ? 'أُلغيت لإلغاء العقد' : 'أُلغيت'}: {c.reversalReason}
                      </p>
                    ) : null}
                    {licenseHeld ? (
                      <div className="mt-1 text-sm">
                        {holdReason ? <p className="text-amber-900">{holdReason}</p> : null}
                        <FalLicenseLink app={app}>رخصة فال في ملفك الشخصي</FalLicenseLink>
                      </div>
                    ) : c.status === 'on_hold' && c.payableAt ? (
                      <p className="text-sm">
                        {new Date(c.payableAt) > new Date()
                          ? `تصبح قابلة للتحويل في ${formatDateAr(c.payableAt)}`
                          : 'قيد المراجعة لدى فريق العمليات'}
                      </p>
                    ) : null}
                    {c.status === 'potential' ? (
                      <p className="mt-1 text-sm text-slate-700">
                        عمولة متوقعة بعد توقيع العقد، ولا تُحتسب في الإجمالي.
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <Pagination
              label="صفحات العمولات"
              page={page}
              of={data}
              onPage={(next) => set({ page: next })}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
