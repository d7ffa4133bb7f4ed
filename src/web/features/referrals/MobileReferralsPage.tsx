import { Link } from 'react-router';
import {
  arabicCount,
  formatDateAr,
  formatSar,
  NOUNS,
  referralStatusLabel,
  toLatinDigits,
} from '#domain';
import { useSession } from '#lib/session';
import { useListParams, useSettledText } from '#lib/use-list-params';
import { z } from '#lib/validation';
import { buttonClasses } from '#ui/button';
import { Card } from '#ui/card';
import { CallLink, WhatsappLink } from '#ui/contact-links';
import { EmptyState, Skeleton } from '#ui/feedback';
import { SearchInput } from '#ui/input';
import { QueryView } from '#ui/query-view';
import { ReferralStatusBadge } from '#ui/status-badge';
import { NewReferralLink } from '../dashboard';
import { ReferralSourceBadge } from '../referral-link';
import { useReferrals } from './api';

/** The search, in the URL (`?search=`): the list is searched here, not by the server. */
const SEARCH = z.object({ search: z.string().max(100).optional() });

/** /mobile-referrals: cards with call and WhatsApp; search by phone or status text. */
export function MobileReferralsPage() {
  const { profile } = useSession();
  const { set, raw } = useListParams(SEARCH);
  const [search, setSearch] = useSettledText(
    raw('search'),
    (text) => set({ search: text || undefined }, { replace: true }),
    0,
  );
  const referrals = useReferrals({ page: 1, pageSize: 100 });
  const term = toLatinDigits(search.trim());
  const all = referrals.data?.items ?? [];
  const items = all.filter(
    (r) => !term || r.tenantPhone.includes(term) || referralStatusLabel(r.status).includes(term),
  );

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-bold">طلباتي</h1>
        {/* A count once there is something to count: never «٠ طلب». */}
        {all.length > 0 ? (
          <p className="text-sm text-slate-700">{arabicCount(items.length, NOUNS.request)}</p>
        ) : null}
      </div>
      <SearchInput by="برقم الجوال أو الحالة" value={search} onSearch={setSearch} />
      {/* Empty and listed by the search's matches (`items`), not by the whole answer. */}
      <QueryView
        query={referrals}
        loading={<Skeleton className="h-32" />}
        isEmpty={() => items.length === 0}
        empty={
          all.length > 0 ? (
            <EmptyState title="لا توجد طلبات">
              لا يطابق بحثك أي طلب؛ جرّب رقماً أو حالة أخرى.
            </EmptyState>
          ) : (
            <EmptyState
              title="لا توجد طلبات"
              action={profile ? <NewReferralLink profile={profile} app="phone" /> : null}
            >
              تظهر هنا كل إحالة ترسلها، بحالتها ووسائل الاتصال بالمستأجر.
            </EmptyState>
          )
        }
      >
        {() => (
          <ul className="space-y-3">
            {items.map((r) => (
              <li key={r.id}>
                <Card className="space-y-3 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div>
                      <bdi dir="ltr" className="font-bold">
                        {r.tenantPhone}
                      </bdi>
                      <p className="text-sm text-slate-700">
                        {r.submittedAt ? formatDateAr(r.submittedAt) : 'غير محدد'}
                      </p>
                    </div>
                    <ReferralStatusBadge status={r.status} />
                    <ReferralSourceBadge source={r.source} />
                  </div>
                  <p className="text-sm">
                    {r.rentAmount ? `الإيجار: ${formatSar(r.rentAmount)}` : 'الإيجار غير محدد'}
                  </p>
                  <div className="grid grid-cols-3 gap-2">
                    <Link
                      to={`/mobile-referral-details/${r.id}`}
                      className={buttonClasses('outline')}
                    >
                      التفاصيل
                    </Link>
                    <CallLink phone={r.tenantPhone}>اتصال</CallLink>
                    <WhatsappLink phone={r.tenantPhone}>واتساب</WhatsappLink>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
