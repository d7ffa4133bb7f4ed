import { PlusCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { Profile } from '#lib/session';
import { buttonClasses } from '#ui/button';

/** Which of the broker's two apps a screen is in: the desktop pages or the phone's. */
export type BrokerApp = 'desktop' | 'phone';

/** The new-referral action: one name in both apps, and its page in each. */
export const NEW_REFERRAL = {
  label: 'إحالة جديدة',
  to: { desktop: '/new-referral', phone: '/mobile-new-referral' } satisfies Record<
    BrokerApp,
    string
  >,
};

/**
 * What keeps a broker from referring, in a few words; null when nothing does. The domain's one
 * rule (`brokerRequestBlock`), as the server applied it to the profile (the name's check is the
 * server's, so the page carries no validation library), the name said first as the dashboards
 * ask it first.
 */
export function referralBlocker(profile: Profile): string | null {
  if (!profile.nameShownToTenants) return 'بعد إكمال الاسم';
  return profile.isActive ? null : 'بعد تفعيل الحساب';
}

/**
 * The new-referral action as a link, for an empty state: nothing while the broker cannot refer
 * yet (the dashboard says why).
 */
export function NewReferralLink({ profile, app }: { profile: Profile; app: BrokerApp }) {
  if (referralBlocker(profile)) return null;
  return (
    <Link to={NEW_REFERRAL.to[app]} className={buttonClasses('default')}>
      <PlusCircle aria-hidden="true" className="size-5" />
      {NEW_REFERRAL.label}
    </Link>
  );
}
