import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '#lib/api';
import type { ReferralDetails } from '#lib/types';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { useReferralDetails } from './api';

/**
 * The referral of the page's `:id`, for the desktop and the phone detail pages alike: loading,
 * «الطلب غير موجود» for another broker's or an unknown id, the spec's fallback otherwise.
 */
export function ReferralDetailsQuery({
  children,
}: {
  children: (referral: ReferralDetails) => ReactNode;
}) {
  const { id = '' } = useParams();
  return (
    <QueryView
      query={useReferralDetails(id)}
      loading={<Skeleton className="h-64" />}
      errorText={(error) => (isApiError(error, 404) ? 'الطلب غير موجود' : null)}
      errorFallback="فشل في جلب تفاصيل الإحالة"
    >
      {children}
    </QueryView>
  );
}
