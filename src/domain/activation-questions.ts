import { z } from 'zod';
import { MAX_ACTIVATION_ANSWER, MAX_ACTIVATION_QUESTIONS } from './activation-limits.js';
import { multiLineText, singleLineText } from './text.js';

/**
 * Questions super-admins ask every broker who requests activation (issue 34 item 3, decision
 * record 076): a short prompt, answered in free text, required or not. The answers travel with
 * the request and the team reads them in the broker's details.
 */

export const activationQuestionBody = z.object({
  prompt: singleLineText({
    max: 200,
    min: 3,
    required: 'يرجى كتابة نص السؤال',
    tooLong: 'السؤال أطول من ٢٠٠ حرف',
  }),
  required: z.boolean({ error: 'يرجى تحديد إن كانت الإجابة مطلوبة' }),
});
export type ActivationQuestionInput = z.input<typeof activationQuestionBody>;

/**
 * One answer: the question it answers (by id), that question's text as the broker read it (a
 * question changed since is asked again), and what the broker wrote; empty means skipped.
 */
const activationAnswer = z.object({
  questionId: z.string({ error: 'السؤال غير صالح' }).max(64, { error: 'السؤال غير صالح' }),
  prompt: z.string({ error: 'السؤال غير صالح' }).max(200, { error: 'السؤال غير صالح' }),
  answer: multiLineText({
    max: MAX_ACTIVATION_ANSWER,
    required: 'الإجابة غير صالحة',
    tooLong: 'الإجابة أطول من ١٠٠٠ حرف',
  }),
});

/**
 * An activation request's body: an answer, empty or not, to every question in force, none when
 * none are.
 */
export const activationRequestBody = z.object({
  answers: z
    .array(activationAnswer, { error: 'يرجى الإجابة عن أسئلة التفعيل' })
    .max(MAX_ACTIVATION_QUESTIONS, { error: 'عدد الإجابات أكثر من عدد الأسئلة' }),
});
export type ActivationRequestInput = z.input<typeof activationRequestBody>;
