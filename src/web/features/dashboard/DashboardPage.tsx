import { FileText, PlusCircle, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { useAfterFirstDraw } from '#lib/after-first-draw';
import { useSession } from '#lib/session';
import { Alert } from '#ui/alert';
import { Button, buttonClasses } from '#ui/button';
import { ReferralLinkCard } from '../referral-link';
import { useMetrics, useReferrals } from './api';
import { DashboardFigures } from './DashboardFigures';
import { NoReferralsYet, settled } from './empty';
import { LatestReferrals } from './LatestReferrals';
import { NEW_REFERRAL, referralBlocker } from './new-referral';
import { RequestActivationButton } from './RequestActivationButton';
import { StandingCard } from './StandingCard';

/**
 * The broker's desktop dashboard: the new referral first, then the figures, the link card and
 * the latest referrals. What depends on the server appears at once, below what the profile
 * already gives, so the page does not jump while it loads (issue 32).
 */
export function DashboardPage() {
  const { profile } = useSession();
  const metrics = useMetrics();
  const latest = useReferrals({ page: 1 });
  const ready = settled(metrics) && settled(latest);
  const belowFold = useAfterFirstDraw(ready);
  if (!profile) return null;
  const blocked = referralBlocker(profile) !== null;

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

      <div className="flex flex-wrap gap-3">
        {blocked ? (
          <Button disabled>
            <PlusCircle aria-hidden="true" className="size-5" />
            {NEW_REFERRAL.label}
          </Button>
        ) : (
          <Link to={NEW_REFERRAL.to.desktop} className={buttonClasses('default')}>
            <PlusCircle aria-hidden="true" className="size-5" />
            {NEW_REFERRAL.label}
          </Link>
        )}
        <Link to="/referrals" className={buttonClasses('outline')}>
          <FileText aria-hidden="true" className="size-5" />
          عرض الإحالات
        </Link>
        <Link to="/commissions" className={buttonClasses('outline')}>
          <Wallet aria-hidden="true" className="size-5" />
          طلب تحويل العمولة
        </Link>
      </div>

      {!profile.isActive ? (
        <Alert tone="warning" className="flex flex-wrap items-center justify-between gap-3">
          <span>
            {profile.activationRequestedAt
              ? 'حسابك غير مفعل بعد، وطلب التفعيل قيد المراجعة لدى الإدارة.'
              : 'حسابك غير مفعل. اطلب التفعيل لتتمكن من إضافة طلبات المستأجرين.'}
            {profile.inactiveReason && !profile.activationRequestedAt ? (
              <span className="block break-words">
                سبب الإدارة: <bdi>{profile.inactiveReason}</bdi>
              </span>
            ) : null}
          </span>
          {profile.activationRequestedAt ? null : <RequestActivationButton />}
        </Alert>
      ) : null}

      {!ready ? (
        <DashboardFigures metrics={metrics} className="lg:grid-cols-4" />
      ) : metrics.data?.totalReferrals === 0 ? (
        <>
          <NoReferralsYet />
          {belowFold ? <ReferralLinkCard /> : null}
        </>
      ) : (
        <>
          <DashboardFigures metrics={metrics} className="lg:grid-cols-4" />
          {/* Below the first screen: drawn a task after it (docs/decisions/065). */}
          {belowFold ? (
            <>
              <StandingCard profilePath="/profile" />
              <ReferralLinkCard />
              <LatestReferrals latest={latest} app="desktop" />
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
