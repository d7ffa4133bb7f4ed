import { eq } from 'drizzle-orm';
import { type CommissionRule, DEFAULT_COMMISSION_RULE } from '#domain';
import type { Database } from '../db/client.js';
import { systemConfig } from '../db/schema.js';

export const SMS_NOTIFICATIONS_KEY = 'sms_notifications_enabled';

export async function getSetting(
  db: Pick<Database, 'select'>,
  key: string,
): Promise<string | null> {
  const [row] = await db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.key, key))
    .limit(1);
  return row?.value ?? null;
}

/** Spec section 4: the SMS to tenants is on unless the stored value is 'false'. */
export async function smsNotificationsEnabled(db: Database): Promise<boolean> {
  return (await getSetting(db, SMS_NOTIFICATIONS_KEY)) !== 'false';
}

/**
 * The commission rule in force: minimum and rate from system_config, the landing page's
 * 500 riyals and 1% where nothing (or nothing usable) is stored.
 */
export async function commissionRule(db: Database): Promise<CommissionRule> {
  const [minimum, rate] = await Promise.all([
    getSetting(db, 'commission_minimum'),
    getSetting(db, 'commission_rate'),
  ]);
  const number = (value: string | null, fallback: number, floor: number) =>
    value !== null && Number.isFinite(Number(value)) && Number(value) >= floor
      ? Number(value)
      : fallback;
  return {
    // A commission is never zero (the database refuses one), so the minimum is at least 1.
    minimum: number(minimum, DEFAULT_COMMISSION_RULE.minimum, 1),
    rate: number(rate, DEFAULT_COMMISSION_RULE.rate, 0),
  };
}
