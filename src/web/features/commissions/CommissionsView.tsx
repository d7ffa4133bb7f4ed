import { hasNoMoney, pendingToShow } from '#domain';
import { useSession } from '#lib/session';
import { Alert } from '#ui/alert';
import { EmptyState, Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { type BrokerApp, NewReferralLink } from '../dashboard';
import { useCommissionSummary } from './api';
import { BankAccountCard } from './BankAccountCard';
import { CommissionList, FalLicenseLink } from './CommissionList';
import { CommissionTiles } from './CommissionTiles';
import { DeductionsCard } from './DeductionsCard';
import { DocumentsCard } from './DocumentsCard';
import { EarningsSection } from './EarningsSection';
import { PayoutList, PayoutRequestButton, PayoutRequestCard } from './payouts';

/**
 * A broker who has never earned anything: one sentence on what will appear here and how, with
 * the way to the first referral, instead of tiles and a chart of zeros.
 */
function NoMoneyYet({ app }: { app: BrokerApp }) {
  const { profile } = useSession();
  return (
    <EmptyState
      title="لا توجد عمولات بعد"
      action={profile ? <NewReferralLink profile={profile} app={app} /> : null}
    >
      حين يُوقَّع عقد مستأجر أحلته تُضاف عمولتك هنا، ثم تطلب تحويلها إلى حسابك البنكي من هذه الصفحة.
    </EmptyState>
  );
}

/**
 * While the broker's FAL licence is not verified (decision 070), every new commission waits:
 * why, above the money, with the way to the licence on the profile.
 */
function FalLicenseHoldBanner({ app }: { app: BrokerApp }) {
  const { profile } = useSession();
  const standing = profile?.falLicenseStanding;
  if (!standing?.holdReason) return null;
  return (
    <Alert tone="warning" className="space-y-1">
      <p className="font-bold">عمولاتك الجديدة موقوفة حتى التحقق من رخصة فال</p>
      <p>{standing.holdReason}</p>
      <FalLicenseLink app={app}>
        {standing.state === 'missing' ? 'إضافة رخصة فال في ملفك الشخصي' : 'رخصة فال في ملفك الشخصي'}
      </FalLicenseLink>
    </Alert>
  );
}

/**
 * Everything a broker does with money, the same at every width (issue 32): the money's tiles,
 * a transfer request, the transfer requests, the IBAN, the monthly earnings and the commissions
 * one by one. The desktop lays the request and the requests side by side; the phone puts the
 * request behind one button under the tiles, where a thumb finds it.
 */
export function CommissionsView({ app }: { app: BrokerApp }) {
  const summary = useCommissionSummary();
  const phone = app === 'phone';
  return (
    <>
      <FalLicenseHoldBanner app={app} />
      <QueryView
        query={summary}
        loading={
          <div
            className={phone ? 'grid grid-cols-2 gap-3' : 'grid grid-cols-2 gap-3 lg:grid-cols-4'}
          >
            {[1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
        }
      >
        {(s) =>
          hasNoMoney(s) ? (
            <>
              <NoMoneyYet app={app} />
              <BankAccountCard />
              <CommissionList app={app} quietWhenEmpty />
            </>
          ) : phone ? (
            <>
              <CommissionTiles summary={s} className="grid grid-cols-2 gap-3" />
              <PayoutRequestButton available={pendingToShow(s).available} />
              <PayoutList />
              <DeductionsCard />
              <DocumentsCard />
              <BankAccountCard />
              <EarningsSection />
              <CommissionList app={app} />
            </>
          ) : (
            <>
              <CommissionTiles summary={s} className="grid grid-cols-2 gap-3 lg:grid-cols-4" />
              <EarningsSection />
              <BankAccountCard />
              <div className="grid gap-5 lg:grid-cols-2">
                <PayoutRequestCard available={pendingToShow(s).available} />
                <PayoutList />
              </div>
              <DeductionsCard />
              <DocumentsCard />
              <CommissionList app={app} />
            </>
          )
        }
      </QueryView>
    </>
  );
}
