import { z } from 'zod';
import { MAX_HOLDING_DAYS } from './catalogues.js';
import type { CommissionRule } from './commission.js';
import { toLatinDigits } from './digits.js';
import { ruleSummaryAr } from './rule-words.js';
import { singleLineText } from './text.js';

/**
 * Broker groups (decision record 072): each broker belongs to one, and a group's terms (its
 * commission rate and minimum, its holding period, its payout minimum) apply to its brokers.
 * A term a group leaves empty is the program's setting; a per-broker override of the rate or
 * the minimum comes before both.
 */

/** The most a commission rate may be: the whole rent would be an error, not a program. */
const MAX_COMMISSION_RATE = 0.2;
const MAX_MONEY = 9_999_999;
/** The highest level a group may have; levels order groups for promotions. */
const MAX_GROUP_LEVEL = 99;

const MESSAGES = {
  name: 'يرجى كتابة اسم المجموعة',
  rate: 'يرجى إدخال نسبة بين ٠ و٢٠ بحد أقصى منزلتين عشريتين',
  minimum: 'يرجى إدخال مبلغ صحيح لا يقل عن ١',
  holdingDays: 'يرجى إدخال عدد أيام بين ٠ و٣٦٥',
  payoutMinimum: 'يرجى إدخال مبلغ صحيح لا يقل عن ١',
  level: 'يرجى إدخال مستوى بين ٠ و٩٩',
  reason: 'يرجى كتابة السبب (٣ أحرف على الأقل)',
  contracts: 'يرجى إدخال عدد عقود بين ١ و١٠٠٠',
  days: 'يرجى إدخال عدد أيام بين ١ و٣٦٥',
  group: 'يرجى اختيار المجموعة',
} as const;

/**
 * A figure as typed (Arabic-Indic digits and the Arabic decimal sign read as Latin) or sent as a
 * number by an API client: written out, checked against `pattern` and `[least, most]`. Empty is
 * `empty`'s answer: null for an optional term, a refusal for a required one.
 */
const figure = (pattern: RegExp, least: number, most: number, message: string, optional: boolean) =>
  z
    .union([z.string(), z.number()], { error: message })
    .nullish()
    .transform((value, context): number | null => {
      const typed = typeof value === 'string' ? toLatinDigits(value).trim() : value;
      if (typed === '' || typed === null || typed === undefined) {
        if (optional) return null;
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const number = Number(typed);
      if (
        !pattern.test(String(typed)) ||
        !Number.isFinite(number) ||
        number < least ||
        number > most
      ) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number;
    });

/** An optional term: empty is the program's setting (null). */
const optionalFigure = (pattern: RegExp, least: number, most: number, message: string) =>
  figure(pattern, least, most, message, true);

/** A required whole number within `[least, most]`. */
const wholeFigure = (least: number, most: number, message: string) =>
  figure(/^\d{1,7}$/, least, most, message, false).transform((value) => value ?? 0);

/**
 * A commission rate as a percentage («١٫٥» is 1.5), up to two decimals; the server stores the
 * fraction (rateOfPercent). Parsing its own output again gives the same: the form's checked
 * values are the body the server takes.
 */
const ratePercent = optionalFigure(
  /^\d{1,2}(\.\d{1,2})?$/,
  0,
  MAX_COMMISSION_RATE * 100,
  MESSAGES.rate,
);

/** A percentage as the fraction stored (1.5 is 0.015), exact to the fourth decimal. */
export const rateOfPercent = (percent: number | null): number | null =>
  percent === null ? null : Math.round(percent * 100) / 10_000;
const minimum = optionalFigure(/^\d{1,7}(\.\d{1,2})?$/, 1, MAX_MONEY, MESSAGES.minimum);

/**
 * A group as a super-admin creates or edits it: its name, its level (promotions only move a
 * broker to a higher one), and its terms, each left empty for the program's setting. The rate
 * is typed as a percentage.
 */
export const brokerGroupBody = z.object({
  name: singleLineText({ max: 60, min: 2, required: MESSAGES.name }),
  level: wholeFigure(0, MAX_GROUP_LEVEL, MESSAGES.level),
  ratePercent,
  minimum,
  holdingDays: optionalFigure(/^\d{1,3}$/, 0, MAX_HOLDING_DAYS, MESSAGES.holdingDays),
  payoutMinimum: optionalFigure(/^\d{1,7}$/, 1, MAX_MONEY, MESSAGES.payoutMinimum),
});
export type BrokerGroupInput = z.input<typeof brokerGroupBody>;
export type BrokerGroupValues = z.output<typeof brokerGroupBody>;

/** Why something was done to one broker's money terms, as the audit and the broker read it. */
const reason = singleLineText({ max: 300, min: 3, required: MESSAGES.reason });

/**
 * One broker's own rate or minimum, before their group's, with the reason; both empty removes
 * the override (the reason is still asked: it is audited).
 */
export const commissionOverrideBody = z.object({ ratePercent, minimum, reason });
export type CommissionOverrideInput = z.input<typeof commissionOverrideBody>;

/** A broker moved to a group by an admin, with the reason. */
export const groupMoveBody = z.object({
  groupId: z.uuid({ error: MESSAGES.group }),
  reason,
});
export type GroupMoveInput = z.input<typeof groupMoveBody>;

/**
 * A promotion rule: a broker with at least `signedContracts` contracts signed in the last
 * `withinDays` days moves to the group, when it is above theirs.
 */
export const promotionRuleBody = z.object({
  groupId: z.uuid({ error: MESSAGES.group }),
  signedContracts: wholeFigure(1, 1000, MESSAGES.contracts),
  withinDays: wholeFigure(1, 365, MESSAGES.days),
});
export type PromotionRuleInput = z.input<typeof promotionRuleBody>;

/** Where each figure of the rule a commission was made by came from. */
const RULE_SOURCES = ['program', 'group', 'override'] as const;
export type RuleSource = (typeof RULE_SOURCES)[number];

/**
 * The rule that made a commission, stored with it as it was then: the broker's group by id and
 * name, the rate, minimum and holding period applied, where the rate and the minimum came from,
 * and the override's reason when one applied.
 */
export type AppliedRule = CommissionRule & {
  groupId: string | null;
  groupName: string | null;
  holdingDays: number;
  rateSource: RuleSource;
  minimumSource: RuleSource;
  overrideReason: string | null;
};

export const appliedRuleSchema = z.object({
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  rate: z.number(),
  minimum: z.number(),
  holdingDays: z.number().int(),
  rateSource: z.enum(RULE_SOURCES),
  minimumSource: z.enum(RULE_SOURCES),
  overrideReason: z.string().nullable(),
});

/**
 * A commission's rule as the console shows it: the group, the rule in words, and whether an
 * override made it.
 */
export function appliedRuleAr(rule: AppliedRule | null): string {
  if (!rule) return 'القاعدة العامة (قبل المجموعات)';
  const group = rule.groupName ? `مجموعة «${rule.groupName}»` : 'القاعدة العامة';
  const override =
    rule.rateSource === 'override' || rule.minimumSource === 'override'
      ? ` · استثناء خاص${rule.overrideReason ? `: ${rule.overrideReason}` : ''}`
      : '';
  return `${group}: ${ruleSummaryAr(rule)}${override}`;
}

/**
 * How the leaderboard names other brokers (`leaderboard_names`, super-admins): by their
 * initials and the first letters of their office (the default), or by their full names.
 */
export const LEADERBOARD_NAMES = ['initials', 'full'] as const;
export type LeaderboardNames = (typeof LEADERBOARD_NAMES)[number];

/** «ع. ش.» — the first letter of each word of a name. */
const initialsOf = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 3)
    .map((word) => `${Array.from(word)[0] ?? ''}.`)
    .join(' ');

/**
 * Another broker as the leaderboard names them: «ع. ش. (مكت…)» by initials and the first three
 * letters of their office, or their full name; «وسيط» when they gave no name.
 */
export function leaderboardNameAr(
  broker: { fullName: string | null; officeName: string | null },
  mode: LeaderboardNames,
): string {
  const name = broker.fullName?.trim() || 'وسيط';
  if (mode === 'full') return name;
  const office = broker.officeName?.trim();
  const letters = office ? Array.from(office) : [];
  const officePart =
    letters.length === 0
      ? ''
      : ` (${letters.slice(0, 3).join('')}${letters.length > 3 ? '…' : ''})`;
  return `${broker.fullName?.trim() ? initialsOf(name) : name}${officePart}`;
}
