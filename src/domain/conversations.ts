import { z } from 'zod';
import { CITY_KEYS, type City } from './catalogues.js';
import { multiLineText } from './text.js';

/**
 * Conversations between the program team and brokers (issue 35 item 3, decision record 079):
 * each broker has one conversation with the team; a message may concern one of the broker's
 * referrals and carry one private attachment (a PDF or an image). Broadcasts put the same
 * message in the conversation of every broker of an audience.
 */

/** The longest message, after trimming. */
export const MAX_MESSAGE = 2000;

/** The most characters a message search matches on. */
export const MAX_MESSAGE_SEARCH = 100;

/**
 * A message's text as a multipart field: may be empty only when a file goes with it (the
 * service checks that pairing, as the file is not a field).
 */
export const messageText = multiLineText({
  max: MAX_MESSAGE,
  required: 'يرجى كتابة الرسالة',
  tooLong: 'الرسالة أطول من ٢٠٠٠ حرف',
});

/** A message's fields as sent (multipart: body, referralId and an optional file). */
export const messageFields = z.object({
  body: messageText.default(''),
  /** The broker's referral it concerns; empty for none. */
  referralId: z
    .string({ error: 'الإحالة غير صالحة' })
    .max(64, { error: 'الإحالة غير صالحة' })
    .optional()
    .transform((id) => id?.trim() || null),
});
export type MessageFields = z.output<typeof messageFields>;

/** Who a broadcast reaches: the brokers of a group, of a city, or the dormant ones. */
export const BROADCAST_AUDIENCES = ['group', 'city', 'dormant'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

const AUDIENCE_LABELS: Record<BroadcastAudience, string> = {
  group: 'مجموعة',
  city: 'مدينة',
  dormant: 'الوسطاء الخاملون',
};
export const broadcastAudienceLabel = (audience: BroadcastAudience): string =>
  AUDIENCE_LABELS[audience];

const AUDIENCE_MESSAGE = 'يرجى اختيار من تصلهم الرسالة';

/** Who a broadcast reaches, as asked: a group needs its id, a city its key. */
export const broadcastAudience = z
  .object({
    audience: z.enum(BROADCAST_AUDIENCES, { error: AUDIENCE_MESSAGE }),
    groupId: z.string({ error: 'يرجى اختيار المجموعة' }).max(64).nullish(),
    city: z.enum(CITY_KEYS as [City, ...City[]], { error: 'يرجى اختيار المدينة' }).nullish(),
  })
  .superRefine((value, context) => {
    if (value.audience === 'group' && !value.groupId) {
      context.addIssue({ code: 'custom', path: ['groupId'], message: 'يرجى اختيار المجموعة' });
    }
    if (value.audience === 'city' && !value.city) {
      context.addIssue({ code: 'custom', path: ['city'], message: 'يرجى اختيار المدينة' });
    }
  });
export type BroadcastAudienceInput = z.input<typeof broadcastAudience>;

/** A broadcast: its audience and its text (no attachment: a broadcast is an announcement). */
export const broadcastBody = z
  .object({
    body: multiLineText({
      max: 1000,
      min: 2,
      required: 'يرجى كتابة نص الرسالة الجماعية',
      tooLong: 'الرسالة الجماعية أطول من ١٠٠٠ حرف',
    }),
  })
  .and(broadcastAudience);
export type BroadcastInput = z.input<typeof broadcastBody>;

/** A broker's choice to receive broadcasts or not (direct messages always arrive). */
export const broadcastMuteBody = z.object({
  muted: z.boolean({ error: 'يرجى تحديد كتم الرسائل الجماعية' }),
});
