import { z } from 'zod';
import { multiLineText, singleLineText } from './text.js';

/**
 * What the program team keeps on a broker (issue 34 item 4): notes and tags, read by the team
 * only, and dormancy: a broker who has sent no referral in a number of days super-admins set,
 * reminded at most once in NUDGE_INTERVAL_DAYS.
 */

/** A note the team writes on a broker: kept for good, read by admins only. */
export const brokerNoteBody = z.object({
  body: multiLineText({
    max: 2000,
    min: 2,
    required: 'يرجى كتابة الملاحظة',
    tooLong: 'الملاحظة أطول من ٢٠٠٠ حرف',
  }),
});
export type BrokerNoteInput = z.input<typeof brokerNoteBody>;

/** The most tags one broker carries. */
export const MAX_BROKER_TAGS = 10;

/**
 * One tag: a short label, on one line, in one form (NFC, no zero-width characters, single
 * spaces), so two tags that look alike are one.
 */
export const brokerTag = singleLineText({
  max: 30,
  min: 1,
  required: 'يرجى كتابة الوسم',
  tooLong: 'الوسم أطول من ٣٠ حرفاً',
  normalise: (text) =>
    text
      .normalize('NFC')
      .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
      .replace(/\s+/g, ' '),
});

/** A broker's tags, as a whole: repeated ones kept once, at most MAX_BROKER_TAGS. */
export const brokerTagsBody = z.object({
  tags: z
    .array(brokerTag, { error: 'يرجى إرسال الوسوم' })
    .transform((tags) => [...new Set(tags)])
    .refine((tags) => tags.length <= MAX_BROKER_TAGS, {
      error: 'لا يزيد عدد الوسوم على ١٠',
    }),
});

/** Days without a referral after which an active broker is dormant («خامل»). */
export const DORMANCY_DAYS = { default: 30, least: 7, most: 365 } as const;

/** A dormant broker is reminded at most once in this many days. */
export const NUDGE_INTERVAL_DAYS = 30;

/** Reminders to dormant brokers sent across the platform in a Riyadh day, at most (SMS cost). */
export const NUDGES_PER_DAY = 500;

/** Reminders one admin sends in a Riyadh day, at most: one session cannot spend the day's. */
export const NUDGES_PER_ADMIN_PER_DAY = 100;
