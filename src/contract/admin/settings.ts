import { z } from 'zod';
import {
  DORMANCY_DAYS,
  LEADERBOARD_NAMES,
  MAX_HOLDING_DAYS,
  parseAddressRanges,
  singleLineText,
} from '../../domain/index.js';
import { endpoint } from '../common.js';

// ---------- settings ----------

const HOLDING_DAYS_MESSAGE = 'يرجى إدخال عدد أيام بين ٠ و٣٦٥';
const OTP_CEILING_MESSAGE = 'يرجى إدخال عدد بين ١ و٩٩٩٩٩٩';

/**
 * How many days after a referral closes (rejected, cancelled or its contract signed) its
 * tenant's documents are erased (decision record 068): at least a week, so a referral closed by
 * mistake can be reopened with them; at most ten years; 90 days where nothing is set.
 */
export const DOCUMENT_RETENTION_DAYS = { default: 90, least: 7, most: 3650 } as const;
const RETENTION_DAYS_MESSAGE = 'يرجى إدخال عدد أيام بين ٧ و٣٦٥٠';
const DORMANCY_DAYS_MESSAGE = 'يرجى إدخال عدد أيام بين ٧ و٣٦٥';

/** A retention period as the settings call takes it: whole days, Latin digits, no leading zero. */
export const documentRetentionDaysValue = z
  .string()
  .regex(/^[1-9]\d{0,3}$/, { error: RETENTION_DAYS_MESSAGE })
  .refine(
    (value) =>
      Number(value) >= DOCUMENT_RETENTION_DAYS.least &&
      Number(value) <= DOCUMENT_RETENTION_DAYS.most,
    { error: RETENTION_DAYS_MESSAGE },
  );

/** A dormancy period as the settings call takes it (decision 073): whole days, Latin digits. */
export const dormancyDaysValue = z
  .string()
  .regex(/^[1-9]\d{0,2}$/, { error: DORMANCY_DAYS_MESSAGE })
  .refine((value) => Number(value) >= DORMANCY_DAYS.least && Number(value) <= DORMANCY_DAYS.most, {
    error: DORMANCY_DAYS_MESSAGE,
  });

/** Settings an admin may read and change, with what each value may be. */
const SETTINGS = {
  sms_notifications_enabled: z.enum(['true', 'false'], {
    error: 'القيمة يجب أن تكون true أو false',
  }),
  commission_minimum: z
    .string()
    .regex(/^[1-9]\d{0,6}(\.\d{1,2})?$/, { error: 'يرجى إدخال مبلغ صحيح لا يقل عن ١' }),
  commission_rate: z.string().regex(/^0(\.\d{1,4})?$/, { error: 'يرجى إدخال نسبة بين ٠ و١' }),
  commission_holding_days: z
    .string()
    .regex(/^\d{1,3}$/, { error: HOLDING_DAYS_MESSAGE })
    .refine((value) => Number(value) <= MAX_HOLDING_DAYS, { error: HOLDING_DAYS_MESSAGE }),
  /** Referrals one broker may send in a Riyadh day before each further one is a signal. */
  signal_daily_referrals: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, { error: 'يرجى إدخال عدد بين ١ و٩٩٩٩' }),
  /** «دفع كل المستحق» leaves out brokers with less than this payable (riyals). */
  payout_minimum: z.string().regex(/^[1-9]\d{0,6}$/, { error: 'يرجى إدخال مبلغ صحيح لا يقل عن ١' }),
  /** A payout of at least this many riyals is marked sent and paid by someone other than its approver. */
  payout_dual_control_amount: z
    .string()
    .regex(/^\d{1,7}$/, { error: 'يرجى إدخال مبلغ صحيح من ٠ إلى ٩٩٩٩٩٩٩' }),
  /** One-time codes sent across the platform in an hour, and in a day (SMS cost ceilings). */
  otp_hourly_ceiling: z.string().regex(/^[1-9]\d{0,5}$/, { error: OTP_CEILING_MESSAGE }),
  otp_daily_ceiling: z.string().regex(/^[1-9]\d{0,5}$/, { error: OTP_CEILING_MESSAGE }),
  /** One-time codes one broker's referral link may send in a day, from every address. */
  link_otp_daily_ceiling: z.string().regex(/^[1-9]\d{0,5}$/, { error: OTP_CEILING_MESSAGE }),
  /** Days without a referral after which an active broker is dormant («خامل»; super-admins). */
  dormancy_days: dormancyDaysValue,
  /** How the brokers' leaderboard names the others: initials (the default) or full names. */
  leaderboard_names: z.enum(LEADERBOARD_NAMES, { error: 'القيمة يجب أن تكون initials أو full' }),
  /** Days after a referral closes before its tenant's documents are erased (super-admins). */
  document_retention_days: documentRetentionDaysValue,
  /**
   * Private address ranges webhooks may reach on purpose (CIDR, separated by commas); empty: the
   * outside world only.
   */
  webhook_private_ranges: z
    .string()
    .max(500, { error: 'النص أطول من المسموح' })
    .refine((value) => parseAddressRanges(value) !== null, {
      error: 'يرجى إدخال نطاقات عناوين صحيحة مفصولة بفواصل',
    }),
} as const;
const SETTING_KEYS = Object.keys(SETTINGS) as [keyof typeof SETTINGS, ...(keyof typeof SETTINGS)[]];
const settingKey = z.enum(SETTING_KEYS, { error: 'إعداد غير معروف' });

export const adminSettingsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/admin/config/:key',
    access: 'admin',
    summary: 'one setting; null when never set',
    params: z.object({ key: settingKey }),
    response: z.object({ key: settingKey, value: z.string().nullable() }),
  }),
  set: endpoint({
    method: 'POST',
    path: '/api/admin/config',
    access: 'admin',
    summary: 'change a setting (audited); the commission rule only by super-admins',
    body: z
      .object({
        key: settingKey,
        // Each setting bounds its own value; none is longer than this.
        value: z.string({ error: 'يرجى إدخال القيمة' }).max(500, { error: 'النص أطول من المسموح' }),
        description: singleLineText({ max: 500 }).nullish(),
      })
      .superRefine((body, issue) => {
        const check = SETTINGS[body.key].safeParse(body.value);
        if (!check.success) {
          issue.addIssue({
            code: 'custom',
            path: ['value'],
            message: check.error.issues[0]?.message ?? '',
          });
        }
      }),
    response: z.object({ key: settingKey, value: z.string() }),
  }),
};
