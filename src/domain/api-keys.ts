import { z } from 'zod';
import { boundedDaySchema } from './dates.js';
import { currentPassword } from './schemas.js';
import { singleLineText } from './text.js';

/**
 * Keys for the provider's own systems to call the inbound API (issue 35 item 1, decision record
 * 077): each with a name, the scopes it may use and an expiry, created by super-admins and shown
 * once.
 */

/** What a key may do: each inbound endpoint names the one scope it needs. */
export const API_SCOPES = [
  'referrals:read',
  'referrals:tenant-data',
  'referrals:status',
  'commissions:read',
  'payouts:read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

const SCOPE_LABELS: Record<ApiScope, string> = {
  'referrals:read': 'قراءة الإحالات',
  'referrals:tenant-data': 'قراءة بيانات نموذج المستأجر',
  'referrals:status': 'تغيير حالة الإحالة',
  'commissions:read': 'قراءة العمولات',
  'payouts:read': 'قراءة طلبات التحويل',
};
export const apiScopeLabel = (scope: ApiScope): string => SCOPE_LABELS[scope];

/** The longest a key lives: a year, then a new one is made. */
export const MAX_API_KEY_DAYS = 366;

export const apiKeyBody = z.object({
  name: singleLineText({
    max: 60,
    min: 2,
    required: 'يرجى كتابة اسم المفتاح',
    tooLong: 'اسم المفتاح أطول من ٦٠ حرفاً',
  }),
  scopes: z
    .array(z.enum(API_SCOPES, { error: 'صلاحية غير معروفة' }), {
      error: 'يرجى اختيار صلاحية واحدة على الأقل',
    })
    .min(1, { error: 'يرجى اختيار صلاحية واحدة على الأقل' })
    .max(API_SCOPES.length, { error: 'صلاحية مكررة' })
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: 'صلاحية مكررة' }),
  /** The last Riyadh day the key works, within a year from today (the server checks the range). */
  expiresOn: boundedDaySchema,
  /** The super-admin's password again: a stolen session cannot make a long-lived key alone. */
  password: currentPassword,
});
export type ApiKeyInput = z.input<typeof apiKeyBody>;
