import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { formatNumberAr, formatSar } from '#domain';
import { useSession } from '#lib/session';
import { useListParams } from '#lib/use-list-params';
import { z } from '#lib/validation';
import { Alert } from '#ui/alert';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { StatTile } from '#ui/stat-tile';
import { Tabs } from '#ui/tabs';
import { AdminBrokersTab } from './brokers';
import { AdminCommissionsTab } from './commissions';
import { AdminDataRequestsTab } from './data-requests';
import { AdminMessagingTab } from './messaging';
import { adminSummaryQuery } from './operations';
import { AdminReferralsTab } from './referrals';
import { AdminSignalsTab } from './signals';

// The charts library is loaded only when the analytics tab is opened.
const AdminAnalyticsTab = lazy(() => import('./analytics/AdminAnalyticsTab'));
// The conversations (their thread, composer and broadcasts) only when their tab is.
const AdminConversationsTab = lazy(() =>
  import('./conversations/AdminConversationsTab').then((m) => ({
    default: m.AdminConversationsTab,
  })),
);

const TABS = [
  'brokers',
  'referrals',
  'commissions',
  'signals',
  'conversations',
  'data-requests',
  'messaging',
  'analytics',
] as const;
/** The open tab in the URL (`?tab=`), the referrals unless asked; an unknown one is that too. */
const TAB_PARAM = z.object({ tab: z.enum(TABS).default('referrals') });

/** /admin: the operations console. */
export function AdminPage() {
  const { profile } = useSession();
  const { values, set } = useListParams(TAB_PARAM);
  const summary = useQuery({
    ...adminSummaryQuery(),
    enabled: Boolean(profile?.isAdmin || profile?.isSuperAdmin),
  });
  if (!profile?.isAdmin && !profile?.isSuperAdmin) {
    return (
      <div className="space-y-5">
        <h1 className="text-2xl font-bold">لوحة الإدارة</h1>
        <Alert>غير مخول للوصول لهذه الصفحة</Alert>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">لوحة الإدارة</h1>
      <section aria-label="ملخص المنصة" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <QueryView
          query={summary}
          loading={[1, 2, 3, 4].map((i) => <Skeleton key={i} className="h-24" />)}
        >
          {(s) => (
            <>
              <StatTile label="إجمالي الوسطاء" value={formatNumberAr(s.totalBrokers)} />
              <StatTile label="الوسطاء المفعلون" value={formatNumberAr(s.activeBrokers)} />
              <StatTile
                label="إجمالي الإحالات"
                value={s.totalReferrals > 0 ? formatNumberAr(s.totalReferrals) : 'لا إحالات بعد'}
              />
              <StatTile
                label="إجمالي العمولات"
                value={
                  Number(s.totalCommissions) > 0 ? formatSar(s.totalCommissions) : 'لا عمولات بعد'
                }
              />
            </>
          )}
        </QueryView>
      </section>
      <Tabs
        label="أقسام لوحة الإدارة"
        value={values.tab}
        onValueChange={(tab) => set({ tab: tab as (typeof TABS)[number] })}
        items={[
          { value: 'brokers', label: 'الوسطاء', content: <AdminBrokersTab /> },
          { value: 'referrals', label: 'الإحالات', content: <AdminReferralsTab /> },
          { value: 'commissions', label: 'العمولات', content: <AdminCommissionsTab /> },
          { value: 'signals', label: 'التنبيهات', content: <AdminSignalsTab /> },
          {
            value: 'conversations',
            label: 'المحادثات',
            content: (
              <Suspense fallback={<Skeleton className="h-80" />}>
                <AdminConversationsTab />
              </Suspense>
            ),
          },
          { value: 'data-requests', label: 'طلبات البيانات', content: <AdminDataRequestsTab /> },
          { value: 'messaging', label: 'إعدادات الرسائل', content: <AdminMessagingTab /> },
          {
            value: 'analytics',
            label: 'التحليلات',
            content: (
              <Suspense fallback={<Skeleton className="h-80" />}>
                <AdminAnalyticsTab />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}
