import { z } from 'zod';
import { boundedDaySchema } from './dates.js';
import { toLatinDigits } from './digits.js';
import { MESSAGES as COMMON_MESSAGES } from './messages.js';
import { singleLineText } from './text.js';

/**
 * Adjustments and bonuses (decision record 074). A commission is made by a signed contract
 * (`referral`), by an admin's positive adjustment (`adjustment`) or by a bonus a broker reached
 * (`bonus`): all three are payable money and go through the same ledger, payouts, bank files and
 * documents. A negative adjustment is a deduction: money the broker owes, taken from their next
 * payments.
 */
export const COMMISSION_KINDS = ['referral', 'adjustment', 'bonus'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

const KIND_LABELS: Record<CommissionKind, string> = {
  referral: 'عمولة إحالة',
  adjustment: 'تسوية',
  bonus: 'مكافأة',
};
export const commissionKindAr = (kind: CommissionKind): string => KIND_LABELS[kind];

/** An adjustment adds to the broker's money (credit) or deducts from it (debit). */
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

/** The most any adjustment or bonus may be, whoever makes it. */
export const MAX_ADJUSTMENT = 100_000;
/**
 * What an admin who is not a super-admin may adjust: a deduction of at most this much at a time,
 * and credits of at most this much in all over ADMIN_CREDIT_DAYS (an insider cannot mint a
 * salary for an accomplice, however they split it). More is a super-admin's decision.
 */
export const ADMIN_ADJUSTMENT_LIMIT = 5_000;
export const ADMIN_CREDIT_DAYS = 30;

const MESSAGES = {
  direction: 'يرجى اختيار نوع التسوية: إضافة أو خصم',
  amount: 'يرجى إدخال مبلغ بين ١ و١٠٠٬٠٠٠ ر.س بحد أقصى منزلتين عشريتين',
  reason: 'يرجى كتابة السبب (٣ أحرف على الأقل)',
  name: 'يرجى كتابة اسم المكافأة',
  contracts: 'يرجى إدخال عدد عقود بين ١ و١٠٠٠',
  period: 'يجب ألا يسبق تاريخ النهاية تاريخ البداية، وألا تزيد المدة على سنة',
} as const;

/** An amount in riyals as typed (Arabic-Indic digits and the Arabic decimal sign read as Latin). */
const amount = z
  .union([z.string(), z.number()], { error: MESSAGES.amount })
  .transform((value, context): number => {
    const typed = typeof value === 'string' ? toLatinDigits(value).trim() : String(value);
    const number = Number(typed);
    if (
      !/^\d{1,6}(\.\d{1,2})?$/.test(typed) ||
      !Number.isFinite(number) ||
      number < 1 ||
      number > MAX_ADJUSTMENT
    ) {
      context.addIssue({ code: 'custom', message: MESSAGES.amount });
      return z.NEVER;
    }
    return number;
  });

/** An admin's adjustment to one broker's money, with the reason the broker reads. */
export const adjustmentBody = z.object({
  direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: MESSAGES.direction }),
  amount,
  reason: singleLineText({ max: 300, min: 3, required: MESSAGES.reason }),
});
export type AdjustmentInput = z.input<typeof adjustmentBody>;

/** A calendar day as `YYYY-MM-DD` (a date input's value; Arabic-Indic digits read as Latin). */
const day = z
  .string({ error: COMMON_MESSAGES.invalidDate })
  .transform((value) => toLatinDigits(value).trim())
  .pipe(boundedDaySchema);

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * A bonus as a super-admin defines it: a fixed amount paid once to each broker who signs the
 * target number of contracts between two Riyadh days, both included.
 */
export const bonusBody = z
  .object({
    name: singleLineText({ max: 60, min: 2, required: MESSAGES.name }),
    signedContracts: z
      .union([z.string(), z.number()], { error: MESSAGES.contracts })
      .transform((value, context): number => {
        const typed = typeof value === 'string' ? toLatinDigits(value).trim() : String(value);
        const number = Number(typed);
        if (!/^\d{1,4}$/.test(typed) || number < 1 || number > 1000) {
          context.addIssue({ code: 'custom', message: MESSAGES.contracts });
          return z.NEVER;
        }
        return number;
      }),
    startsOn: day,
    endsOn: day,
    amount,
  })
  .refine(
    ({ startsOn, endsOn }) => {
      const span = Date.parse(endsOn) - Date.parse(startsOn);
      return span >= 0 && span <= YEAR_MS;
    },
    { message: MESSAGES.period, path: ['endsOn'] },
  );
export type BonusInput = z.input<typeof bonusBody>;
export type BonusValues = z.output<typeof bonusBody>;
