import { arabicCount, type CountedNoun, formatNumberAr, NOUNS } from '#domain';
import type { BrokerApp } from '../dashboard';

/** The bell's badge: the count in Arabic-Indic digits, or «٩+» above nine. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? `${formatNumberAr(9)}+` : formatNumberAr(unread);
}

/** «غير مقروء» agrees with the counted noun: مقروء، مقروءين، مقروءة. */
const UNREAD: CountedNoun = {
  one: `${NOUNS.notification.one} غير مقروء`,
  two: `${NOUNS.notification.two} غير مقروءين`,
  few: `${NOUNS.notification.few} غير مقروءة`,
  many: `${NOUNS.notification.many} غير مقروء`,
  other: `${NOUNS.notification.other} غير مقروء`,
};

/** The bell's accessible name: «الإشعارات، ٣ إشعارات غير مقروءة». */
export function bellLabel(unread: number): string {
  return unread > 0 ? `الإشعارات، ${arabicCount(unread, UNREAD)}` : 'الإشعارات';
}

/** The desktop pages that have a page of their own in the phone app. */
const PHONE_PAGES: Record<string, string> = {
  '/dashboard': '/mobile-dashboard',
  '/referrals': '/mobile-referrals',
  '/new-referral': '/mobile-new-referral',
  '/commissions': '/mobile-commissions',
  '/profile': '/mobile-profile',
  '/messages': '/mobile-messages',
  '/office': '/mobile-office',
};

/**
 * Where a notification leads: the page of what it is about, in the app the bell is in. The
 * server stores desktop paths; a notification without one is about the account (activated,
 * deactivated), whose state the dashboard shows.
 */
export function notificationHref(link: string | null, app: BrokerApp): string {
  const target = link ?? '/dashboard';
  if (app === 'desktop') return target;
  const referral = /^\/referral\/([^/?#]+)$/.exec(target);
  if (referral) return `/mobile-referral-details/${referral[1]}`;
  return PHONE_PAGES[target] ?? target;
}
