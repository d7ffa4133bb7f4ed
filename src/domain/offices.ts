import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { currentPassword, saudiIban, saudiMobile } from './schemas.js';
import { singleLineText } from './text.js';
import { COMMERCIAL_REGISTRATION_MESSAGE, normalizeCommercialRegistration } from './vat.js';

/**
 * Brokerage offices and their agents (issue 35 item 4, decision record 080): a broker registers
 * an establishment by its commercial registration and invites agents by phone; the owner sees
 * the team's referrals and earnings and chooses where the members' commissions are paid (the
 * agent's IBAN or the office's), with an optional share of each commission for the office,
 * recorded on the commission when it is made.
 */

/** Where the members' commissions are transferred. */
export const OFFICE_PAYEES = ['agent', 'office'] as const;
export type OfficePayee = (typeof OFFICE_PAYEES)[number];

const PAYEE_LABELS: Record<OfficePayee, string> = {
  agent: 'إلى آيبان الوسيط',
  office: 'إلى آيبان المكتب',
};
export const officePayeeLabel = (payee: OfficePayee): string => PAYEE_LABELS[payee];

/** A member's place in the office. */
export const OFFICE_ROLES = ['owner', 'agent'] as const;
export type OfficeRole = (typeof OFFICE_ROLES)[number];

/**
 * A membership's life: `invited` (waiting for the invitee), `active`, or ended: `declined` by the
 * invitee, `left` by the agent, `removed` by the owner, `cancelled` by the owner before it was
 * answered.
 */
export const OFFICE_MEMBER_STATUSES = [
  'invited',
  'active',
  'declined',
  'left',
  'removed',
  'cancelled',
] as const;
export type OfficeMemberStatus = (typeof OFFICE_MEMBER_STATUSES)[number];

const STATUS_LABELS: Record<OfficeMemberStatus, string> = {
  invited: 'بانتظار القبول',
  active: 'عضو',
  declined: 'رفض الدعوة',
  left: 'غادر المكتب',
  removed: 'أُزيل من المكتب',
  cancelled: 'أُلغيت الدعوة',
};
export const officeMemberStatusLabel = (status: OfficeMemberStatus): string =>
  STATUS_LABELS[status];

/** The most agents (invited or active) one office holds. */
export const MAX_OFFICE_MEMBERS = 100;

const CR_REQUIRED = 'يرجى إدخال رقم السجل التجاري';

/** Registering an office: its name and its commercial registration (10 digits). */
export const officeBody = z.object({
  name: singleLineText({
    max: 100,
    min: 2,
    required: 'يرجى كتابة اسم المكتب',
    tooLong: 'اسم المكتب أطول من ١٠٠ حرف',
  }),
  crNumber: z
    .string({ error: CR_REQUIRED })
    .max(40, { error: COMMERCIAL_REGISTRATION_MESSAGE })
    .transform((value, ctx) => {
      if (value.trim() === '') {
        ctx.addIssue({ code: 'custom', message: CR_REQUIRED });
        return z.NEVER;
      }
      const cr = normalizeCommercialRegistration(value);
      if (!cr) {
        ctx.addIssue({ code: 'custom', message: COMMERCIAL_REGISTRATION_MESSAGE });
        return z.NEVER;
      }
      return cr;
    }),
});
export type OfficeInput = z.input<typeof officeBody>;

const SHARE_MESSAGE = 'يرجى إدخال حصة المكتب بين ٠ و١٠٠';

/**
 * Where the members' commissions go and the office's share of each (none, or 1 to 100 percent),
 * with the office's IBAN (required to pay to it) and the owner's password: money goes somewhere
 * new only on the owner's word.
 */
export const officePayoutBody = z
  .object({
    payoutTo: z.enum(OFFICE_PAYEES, { error: 'يرجى اختيار جهة تحويل العمولات' }),
    sharePercent: z
      .number({ error: SHARE_MESSAGE })
      .int({ error: SHARE_MESSAGE })
      .min(0, { error: SHARE_MESSAGE })
      .max(100, { error: SHARE_MESSAGE })
      .nullable(),
    iban: saudiIban.nullable(),
    password: currentPassword,
  })
  .superRefine((value, context) => {
    if (value.payoutTo === 'office' && !value.iban) {
      context.addIssue({
        code: 'custom',
        path: ['iban'],
        message: 'يرجى إدخال آيبان المكتب لتحويل العمولات إليه',
      });
    }
  });
export type OfficePayoutInput = z.input<typeof officePayoutBody>;

/** An invitation: the agent's Saudi mobile number. */
export const officeInvitationBody = z.object({ phone: saudiMobile(MESSAGES.mobilePhone) });

/** The office's part of a commission of `amount` at `percent`: to the halala, never more. */
export function officeShareOf(amount: string, percent: number | null): string | null {
  if (percent === null || percent === 0) return null;
  const halalas = Math.round(Number(amount) * 100);
  return (Math.floor((halalas * percent) / 100) / 100).toFixed(2);
}
