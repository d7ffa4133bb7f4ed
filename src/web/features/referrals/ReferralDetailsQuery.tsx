import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '#lib/api';
import type { ReferralDetails } from '#lib/types';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { useReferralDetails } from './api';

/**
 * The referral of the page's `:id`, for the desktop and the phone detail pages alike: loading;
 * for another broker's or an unknown id, a heading saying so (`notFound`: «الإحالة غير موجودة»
 * on the desktop, the spec's «الطلب غير موجود» in the phone app); the spec's fallback otherwise.
 */
export function ReferralDetailsQuery({
  notFound,
  children,
}: {
  notFound: string;
  children: (referral: ReferralDetails) => ReactNode;
}) {
  const { id = '' } = useParams();
  const query = useReferralDetails(id);
  if (query.data === undefined && isApiError(query.error, 404)) {
    return (
      <div className="space-y-2">
        <h1 className="text-xl font-bold">{notFound}</h1>
        <p className="text-slate-700">تأكد من الرابط، أو ارجع إلى القائمة واختر منها.</p>
      </div>
    );
  }
  return (
    <QueryView
      query={query}
      loading={<Skeleton className="h-64" />}
      errorFallback="فشل في جلب تفاصيل الإحالة"
    >
      {children}
    </QueryView>
  );
}
