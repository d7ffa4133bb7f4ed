import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { fourDigitCode, monthlyAmount } from './schemas.js';
import { multiLineText, singleLineText } from './text.js';

/**
 * A tenant's request about the data held on them (PDPL art. 4: to be informed, to access, to
 * correct, to have destroyed), made through their form link once the phone's code is confirmed,
 * answered by the operations team within 30 days (Implementing Regulation art. 4 and 5;
 * decision 068). Seeing the data needs no request: it is shown at once.
 */
export const DATA_REQUEST_KINDS = ['correction', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

export const DATA_REQUEST_STATUSES = ['open', 'done', 'refused'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/** The days a request may wait for its answer. */
export const DATA_REQUEST_DAYS = 30;

/** How long the tenant's view of their data stays open after the code, in minutes. */
export const DATA_ACCESS_MINUTES = 15;

export const DATA_REQUEST_KIND_LABELS: Record<DataRequestKind, string> = {
  correction: 'تصحيح البيانات',
  erasure: 'حذف البيانات',
};

export const DATA_REQUEST_STATUS_LABELS: Record<DataRequestStatus, string> = {
  open: 'قيد المعالجة',
  done: 'نُفّذ',
  refused: 'رُفض',
};

/**
 * An erased tenant's referral keeps its row for the ledger with this in place of the phone:
 * no phone, nothing dials or texts it, and the real number is free for a new request.
 */
const ERASED_PHONE_PREFIX = 'erased:';
export const erasedTenantPhone = (referralId: string) => `${ERASED_PHONE_PREFIX}${referralId}`;
export const isErasedTenantPhone = (phone: string) => phone.startsWith(ERASED_PHONE_PREFIX);

export const dataAccessCodeBodySchema = z.object({
  otp: fourDigitCode(MESSAGES.fourDigitCode),
});

const note = multiLineText({ max: 500 }).optional();

/** What a tenant may ask to have corrected: what they typed in their form. */
export const dataCorrectionSchema = z
  .object({
    name: singleLineText({ max: 100, min: 2, required: MESSAGES.tenantName }).optional(),
    income: monthlyAmount(MESSAGES.income).optional(),
    monthlyObligations: monthlyAmount(MESSAGES.obligations).optional(),
  })
  .refine((c) => Object.values(c).some((value) => value !== undefined), {
    error: 'يرجى إدخال ما تريد تصحيحه',
  });

export type DataCorrection = {
  name?: string;
  income?: number;
  monthlyObligations?: number;
};

export const dataRequestBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('correction'), correction: dataCorrectionSchema, note }),
    z.object({ kind: z.literal('erasure'), note }),
  ],
  { error: 'نوع الطلب غير معروف' },
);
export type DataRequestBody = z.infer<typeof dataRequestBodySchema>;
