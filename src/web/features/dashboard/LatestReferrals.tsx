import { Link } from 'react-router';
import { formatDateAr, formatSar } from '#domain';
import { Card, CardTitle } from '#ui/card';
import { QueryView } from '#ui/query-view';
import { ReferralStatusBadge } from '#ui/status-badge';
import type { useReferrals } from './api';
import type { BrokerApp } from './new-referral';

/** Where each app opens a referral. */
const DETAILS: Record<BrokerApp, (id: string) => string> = {
  desktop: (id) => `/referral/${id}`,
  phone: (id) => `/mobile-referral-details/${id}`,
};

/**
 * The dashboard's three latest referrals, the same rows in both apps: the tenant's phone and
 * status, the rent and the day it was sent; each opens the referral in the app it is in.
 */
export function LatestReferrals({
  latest,
  app,
}: {
  latest: ReturnType<typeof useReferrals>;
  app: BrokerApp;
}) {
  return (
    <Card className="p-4">
      <CardTitle className="mb-2">أحدث الإحالات</CardTitle>
      <QueryView query={latest} loading={null}>
        {(data) => (
          <ul className="divide-y divide-slate-100">
            {data.items.slice(0, 3).map((r) => (
              <li key={r.id}>
                <Link
                  to={DETAILS[app](r.id)}
                  className="block min-h-14 space-y-1 py-2 hover:bg-slate-50"
                >
                  <div className="flex items-center justify-between gap-2">
                    <bdi dir="ltr" className="font-medium">
                      {r.tenantPhone}
                    </bdi>
                    <ReferralStatusBadge status={r.status} />
                  </div>
                  <p className="text-sm text-slate-700">
                    {r.rentAmount ? formatSar(r.rentAmount) : 'الإيجار غير محدد'}،{' '}
                    {formatDateAr(r.submittedAt)}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}
