import { CheckCircle2, FileText, Percent, PlusCircle, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateAr, formatNumberAr, formatPercentAr, formatSar } from '#domain';
import { useSession } from '#lib/session';
import { Alert } from '#ui/alert';
import { Button, buttonClasses } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { EmptyState, Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { StatTile } from '#ui/stat-tile';
import { ReferralStatusBadge } from '#ui/status-badge';
import { ReferralLinkCard } from '../referral-link';
import { useMetrics, useReferrals } from './api';
import { useRequestActivation } from './use-request-activation';

export function DashboardPage() {
  const { profile } = useSession();
  const metrics = useMetrics();
  const latest = useReferrals({ page: 1 });
  const requestActivation = useRequestActivation();
  if (!profile) return null;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">
          مرحباً، {profile.fullName || <bdi dir="ltr">{profile.phone}</bdi>}
        </h1>
        <p className="mt-1 text-slate-700">
          رمز الوسيط:{' '}
          <bdi className="font-mono font-bold" dir="ltr">
            {profile.brokerCode}
          </bdi>
        </p>
      </div>

      {!profile.isActive ? (
        <Alert tone="warning" className="flex flex-wrap items-center justify-between gap-3">
          <span>
            {profile.activationRequestedAt
              ? 'حسابك غير مفعل بعد، وطلب التفعيل قيد المراجعة لدى الإدارة.'
              : 'حسابك غير مفعل. اطلب التفعيل لتتمكن من إضافة طلبات المستأجرين.'}
          </span>
          {profile.activationRequestedAt ? null : (
            <Button
              onClick={() => requestActivation.mutate()}
              disabled={requestActivation.isPending}
            >
              طلب تفعيل الحساب
            </Button>
          )}
        </Alert>
      ) : null}

      <section aria-label="ملخص الأداء" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <QueryView
          query={metrics}
          loading={[1, 2, 3, 4].map((i) => <Skeleton key={i} className="h-24" />)}
        >
          {(m) =>
            [
              { label: 'الطلبات النشطة', value: formatNumberAr(m.activeReferrals), Icon: FileText },
              { label: 'إجمالي العمولات', value: formatSar(m.totalCommission), Icon: Wallet },
              {
                label: 'العقود المكتملة',
                value: formatNumberAr(m.completedContracts),
                Icon: CheckCircle2,
              },
              { label: 'نسبة النجاح', value: formatPercentAr(m.successRate), Icon: Percent },
            ].map(({ label, value, Icon }) => (
              <StatTile
                key={label}
                label={label}
                value={value}
                icon={<Icon aria-hidden="true" className="size-5" />}
              />
            ))
          }
        </QueryView>
      </section>

      <ReferralLinkCard />

      <Card>
        <CardTitle className="mb-3">إجراءات سريعة</CardTitle>
        <div className="flex flex-wrap gap-3">
          {profile.isActive ? (
            <Link to="/new-referral" className={buttonClasses('default')}>
              <PlusCircle aria-hidden="true" className="size-5" />
              إحالة جديدة
            </Link>
          ) : (
            <Button disabled>
              <PlusCircle aria-hidden="true" className="size-5" />
              إحالة جديدة
            </Button>
          )}
          <Link to="/referrals" className={buttonClasses('outline')}>
            عرض الإحالات
          </Link>
          <Link to="/commissions" className={buttonClasses('outline')}>
            طلب تحويل العمولة
          </Link>
        </div>
      </Card>

      <Card>
        <CardTitle className="mb-3">أحدث الإحالات</CardTitle>
        <QueryView
          query={latest}
          loading={null}
          isEmpty={(data) => data.items.length === 0}
          empty={
            <EmptyState title="لا توجد إحالات بعد">
              ابدأ بإضافة أول إحالة لمستأجر يرغب في الدفع الشهري.
            </EmptyState>
          }
        >
          {(data) => (
            <ul className="divide-y divide-slate-100">
              {data.items.slice(0, 3).map((r) => (
                <li key={r.id}>
                  <Link
                    to={`/referral/${r.id}`}
                    className="flex min-h-14 flex-wrap items-center justify-between gap-2 py-2 hover:bg-slate-50"
                  >
                    <bdi dir="ltr" className="font-medium">
                      {r.tenantPhone}
                    </bdi>
                    <span className="text-sm text-slate-700">{formatDateAr(r.submittedAt)}</span>
                    <ReferralStatusBadge status={r.status} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
    </div>
  );
}
