import { describe, expect, it } from 'vitest';
import { badgeText, bellLabel, notificationHref } from './wording';

describe('the notification bell', () => {
  it('counts in Arabic-Indic digits, «٩+» above nine, nothing at zero', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(6)).toBe('٦');
    expect(badgeText(9)).toBe('٩');
    expect(badgeText(10)).toBe('٩+');
  });

  it('names the unread count with Arabic number agreement', () => {
    expect(bellLabel(0)).toBe('الإشعارات');
    expect(bellLabel(1)).toBe('الإشعارات، إشعار واحد غير مقروء');
    expect(bellLabel(2)).toBe('الإشعارات، إشعاران غير مقروءين');
    expect(bellLabel(3)).toBe('الإشعارات، ٣ إشعارات غير مقروءة');
    expect(bellLabel(11)).toBe('الإشعارات، ١١ إشعارًا غير مقروء');
    expect(bellLabel(100)).toBe('الإشعارات، ١٠٠ إشعار غير مقروء');
  });

  it('leads to the page the notification is about, in the app it is read in', () => {
    expect(notificationHref('/referral/abc-1', 'desktop')).toBe('/referral/abc-1');
    expect(notificationHref('/referral/abc-1', 'phone')).toBe('/mobile-referral-details/abc-1');
    expect(notificationHref('/commissions', 'phone')).toBe('/mobile-commissions');
    expect(notificationHref(null, 'desktop')).toBe('/dashboard');
    expect(notificationHref(null, 'phone')).toBe('/mobile-dashboard');
    // An admin's page has no phone version: the desktop page (usable at phone widths).
    expect(notificationHref('/messaging-config', 'phone')).toBe('/messaging-config');
  });
});
