import { FileText, LogOut, PlusCircle, UserPen, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { useAfterFirstDraw } from '#lib/after-first-draw';
import { type Profile, useLogout, useSession } from '#lib/session';
import { Badge } from '#ui/badge';
import { Button, buttonClasses } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { MOBILE_NAME_FIELD_PATH } from '../profile';
import { ReferralLinkCard } from '../referral-link';
import { useMetrics, useReferrals } from './api';
import { DashboardFigures } from './DashboardFigures';
import { NoReferralsYet, settled } from './empty';
import { LatestReferrals } from './LatestReferrals';
import { NEW_REFERRAL, referralBlocker } from './new-referral';
import { RequestActivationButton } from './RequestActivationButton';
import { StandingCard } from './StandingCard';

/**
 * What stands between a new broker and the first referral, one card per step: the full name
 * (asked first, as after a phone sign-up), then the activation request.
 */
function NextSteps({ profile }: { profile: Profile }) {
  const nameMissing = !profile.fullName?.trim();
  return (
    <>
      {nameMissing ? (
        <Card className="space-y-3 border-brand-700 p-4">
          <CardTitle>أكمل اسمك الكامل</CardTitle>
          <p className="text-sm text-slate-800">
            يظهر اسمك للإدارة وللمستأجرين، ولا يمكن إضافة الطلبات بدونه.
          </p>
          <Link to={MOBILE_NAME_FIELD_PATH} className={buttonClasses('default', 'w-full')}>
            <UserPen aria-hidden="true" className="size-5" />
            إضافة الاسم الكامل
          </Link>
        </Card>
      ) : null}
      {!profile.isActive ? (
        <Card className="space-y-3 border-amber-300 bg-amber-50 p-4">
          <CardTitle>تفعيل الحساب</CardTitle>
          {profile.activationRequestedAt ? (
            <p role="status" className="text-sm text-amber-900">
              حسابك غير مفعل بعد، وطلب التفعيل قيد المراجعة لدى الإدارة.
            </p>
          ) : (
            <>
              <p className="text-sm text-amber-900">
                حسابك غير مفعل. اطلب التفعيل لتتمكن من إضافة طلبات المستأجرين.
              </p>
              {profile.inactiveReason ? (
                <p className="text-sm break-words text-amber-900">
                  سبب الإدارة: <bdi>{profile.inactiveReason}</bdi>
                </p>
              ) : null}
              <RequestActivationButton
                variant={nameMissing ? 'outline' : 'default'}
                className="w-full"
              />
            </>
          )}
        </Card>
      ) : null}
    </>
  );
}

/**
 * «إحالة جديدة»: the main action once the account can refer; until then a disabled button that
 * says what is missing, never a way into a form that refuses.
 */
function AddReferralAction({ profile }: { profile: Profile }) {
  const reason = referralBlocker(profile);
  const { label } = NEW_REFERRAL;
  const to = NEW_REFERRAL.to.phone;
  if (!reason) {
    return (
      <Link to={to} className={buttonClasses('default', 'flex-col text-sm')}>
        <PlusCircle aria-hidden="true" className="size-5" />
        {label}
      </Link>
    );
  }
  return (
    <Button variant="outline" disabled className="h-auto flex-col gap-0.5 text-sm">
      <PlusCircle aria-hidden="true" className="size-5" />
      {label}
      <span className="text-xs font-normal">{reason}</span>
    </Button>
  );
}

/**
 * The phone app's home: «إحالة جديدة» first, then what the broker still has to do, then the
 * same figures as the desktop dashboard, the link card and the latest requests. What depends on
 * the server appears at once, at the end of what is already drawn, so nothing jumps.
 */
export function MobileDashboardPage() {
  const { profile } = useSession();
  const metrics = useMetrics();
  const latest = useReferrals({ page: 1 });
  const logout = useLogout('/mobile');
  const ready = settled(metrics) && settled(latest);
  const belowFold = useAfterFirstDraw(ready);
  if (!profile) return null;

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">
        أهلاً، {profile.fullName || <bdi dir="ltr">{profile.phone}</bdi>}
      </h1>
      <div className="grid grid-cols-3 gap-2">
        <AddReferralAction profile={profile} />
        <Link to="/mobile-referrals" className={buttonClasses('outline', 'flex-col text-sm')}>
          <FileText aria-hidden="true" className="size-5" />
          عرض الإحالات
        </Link>
        <Link to="/mobile-commissions" className={buttonClasses('outline', 'flex-col text-sm')}>
          <Wallet aria-hidden="true" className="size-5" />
          العمولات
        </Link>
      </div>
      <NextSteps profile={profile} />
      {!ready ? (
        <DashboardFigures metrics={metrics} />
      ) : (
        <>
          {metrics.data?.totalReferrals === 0 ? (
            <NoReferralsYet />
          ) : (
            <DashboardFigures metrics={metrics} />
          )}
          {/* Below the first screen: drawn a task after it (docs/decisions/065). */}
          {belowFold ? (
            <>
              {metrics.data?.totalReferrals === 0 ? null : (
                <StandingCard profilePath="/mobile-profile" />
              )}
              <ReferralLinkCard />
              {metrics.data?.totalReferrals === 0 ? null : (
                <LatestReferrals latest={latest} app="phone" />
              )}
              <Card className="space-y-2 p-4">
                <div className="flex items-center justify-between">
                  <span>حالة الحساب</span>
                  <Badge tone={profile.isActive ? 'success' : 'warning'}>
                    {profile.isActive ? 'مفعل' : 'غير مفعل'}
                  </Badge>
                </div>
                <div className="flex items-center justify-between">
                  <span>رمز الوسيط</span>
                  <bdi dir="ltr" className="font-mono font-bold">
                    {profile.brokerCode}
                  </bdi>
                </div>
              </Card>
              <Button variant="outline" className="w-full" onClick={() => void logout()}>
                <LogOut aria-hidden="true" className="size-4" />
                تسجيل الخروج
              </Button>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
