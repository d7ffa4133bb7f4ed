import { z } from 'zod';
import { multiLineText } from './text.js';

/**
 * The partner program's terms (issue 34 item 3): versioned Arabic text super-admins publish,
 * which each broker accepts before referring (decision record 075). The text is written in a
 * small plain-text form (program-terms-blocks.ts) and never read as HTML.
 */

/** The most a version of the terms may be: a long contract, not a book. */
export const MAX_TERMS_LENGTH = 20_000;

export const programTermsBody = z.object({
  body: multiLineText({
    max: MAX_TERMS_LENGTH,
    min: 50,
    required: 'يرجى كتابة نص الشروط (٥٠ حرفاً على الأقل)',
  }),
});
export type ProgramTermsInput = z.input<typeof programTermsBody>;

/** A broker's acceptance names the version they read: a newer one is read first (409). */
export const programTermsAcceptBody = z.object({
  version: z.number({ error: 'رقم نسخة الشروط غير صالح' }).int().min(1).max(1_000_000),
});
