import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from '#ui/feedback';
import { NEW_REFERRAL } from './new-referral';

/** A read that has answered, either way: the dashboard draws what depends on it only then. */
export const settled = (query: UseQueryResult<unknown>) =>
  query.data !== undefined || query.isError;

/**
 * A broker without a referral yet: one card that says what the dashboard will show and how to
 * get there (the new-referral action just above it), instead of figures of zero and an empty
 * list.
 */
export function NoReferralsYet() {
  return (
    <EmptyState title="لا توجد طلبات بعد">
      ابدأ بـ«{NEW_REFERRAL.label}» لمستأجر يرغب في دفع إيجاره شهرياً، أو شارك رابطك الخاص معه. تظهر
      هنا بعدها طلباتك النشطة والعقود المكتملة وعمولاتك.
    </EmptyState>
  );
}
