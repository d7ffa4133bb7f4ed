/**
 * The broker's tax profile and the self-billing agreement (decision 071).
 *
 * - VAT Implementing Regulations art. 53 para. 2: the customer (the provider) may issue the tax
 *   invoice on the supplier's (the broker's) behalf only under a prior written agreement in
 *   which the supplier accepts the procedure and undertakes not to issue tax invoices for those
 *   supplies himself; the invoice says it is self-billed.
 * - A broker who is not registered for VAT charges none and may not issue a tax invoice: what
 *   they are paid comes with a payment statement, not an invoice.
 */
import { z } from 'zod';
import { toLatinDigits } from './digits.js';
import { FAL_LICENSE_MESSAGES } from './fal-license.js';
import { multiLineText, singleLineText } from './text.js';
import {
  COMMERCIAL_REGISTRATION_MESSAGE,
  normalizeCommercialRegistration,
  normalizeVatNumber,
  VAT_NUMBER_MESSAGE,
} from './vat.js';

/** Who the broker is for tax: a person, or an establishment with a commercial registration. */
export const TAX_ENTITIES = ['individual', 'establishment'] as const;
export type TaxEntity = (typeof TAX_ENTITIES)[number];

const ENTITY_LABELS: Record<TaxEntity, string> = {
  individual: 'فرد',
  establishment: 'منشأة (مؤسسة أو شركة)',
};
export const taxEntityLabel = (entity: TaxEntity): string => ENTITY_LABELS[entity];

/**
 * Each published version of the self-billing agreement, word for word: the text a broker
 * accepts is stored with the acceptance, so a later version never rewrites what was agreed.
 * A new version is added here with the next number; brokers registered for VAT accept it
 * before their next payout carries VAT.
 */
export const SELF_BILLING_AGREEMENTS = {
  1: [
    'اتفاقية الفوترة الذاتية (الإصدار ١)',
    'بموجب الفقرة (٢) من المادة الثالثة والخمسين من اللائحة التنفيذية لنظام ضريبة القيمة المضافة، أوافق بصفتي المورّد لخدمة الوساطة على أن تُصدر الشركة، بصفتها العميل، فواتير ضريبية ذاتية نيابةً عني عن كل عمولة تُدفع لي عبر المنصة.',
    'أتعهد بألّا أُصدر فواتير ضريبية عن هذه التوريدات بنفسي، وبأن أُقرّ بضريبة القيمة المضافة المحتسبة في الفواتير الذاتية وأؤديها إلى هيئة الزكاة والضريبة والجمارك.',
    'أتعهد بإبلاغ الشركة فوراً بأي تغيير في تسجيلي الضريبي أو إلغائه، وأعلم أن الفواتير تحمل عبارة «فاتورة ذاتية» وتُتاح لي على المنصة.',
  ].join('\n\n'),
} as const satisfies Record<number, string>;
export type SelfBillingVersion = keyof typeof SELF_BILLING_AGREEMENTS;
/** The version a broker accepts today. */
export const SELF_BILLING_VERSION: SelfBillingVersion = 1;

export const TAX_PROFILE_MESSAGES = {
  legalName: 'يرجى كتابة الاسم المسجّل للمنشأة كما في السجل التجاري',
  crNumber: COMMERCIAL_REGISTRATION_MESSAGE,
  vatNumber: VAT_NUMBER_MESSAGE,
  certificate: 'يرجى إرفاق شهادة التسجيل في ضريبة القيمة المضافة: ملف PDF أو صورة',
  agreement: 'يرجى الموافقة على اتفاقية الفوترة الذاتية قبل حفظ رقم التسجيل الضريبي',
  version: 'تغيّرت اتفاقية الفوترة الذاتية؛ يرجى قراءتها من جديد',
} as const;

/**
 * The tax profile as the broker saves it. A VAT number needs the current self-billing
 * agreement accepted in the same save; a certificate is uploaded on its own route.
 */
export const taxProfileBody = z
  .object({
    entity: z.enum(TAX_ENTITIES, { error: 'يرجى اختيار نوع الوسيط' }),
    legalName: singleLineText({ max: 120 }).nullish(),
    crNumber: z.string().max(40).nullish(),
    vatNumber: z.string().max(40).nullish(),
    /** The agreement version the broker read and accepted, when giving a VAT number. */
    acceptedAgreement: z.number().int().nullish(),
  })
  .transform((body, ctx) => {
    const legalName = body.legalName?.trim() || null;
    const crInput = body.crNumber?.trim() ?? '';
    const vatInput = body.vatNumber?.trim() ?? '';
    const crNumber = crInput === '' ? null : normalizeCommercialRegistration(crInput);
    const vatNumber = vatInput === '' ? null : normalizeVatNumber(vatInput);
    if (crInput !== '' && !crNumber) {
      ctx.addIssue({ code: 'custom', path: ['crNumber'], message: TAX_PROFILE_MESSAGES.crNumber });
    }
    if (vatInput !== '' && !vatNumber) {
      ctx.addIssue({
        code: 'custom',
        path: ['vatNumber'],
        message: TAX_PROFILE_MESSAGES.vatNumber,
      });
    }
    if (body.entity === 'establishment') {
      if (!legalName) {
        ctx.addIssue({
          code: 'custom',
          path: ['legalName'],
          message: TAX_PROFILE_MESSAGES.legalName,
        });
      }
      if (crInput === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['crNumber'],
          message: TAX_PROFILE_MESSAGES.crNumber,
        });
      }
    }
    if (vatNumber && (body.acceptedAgreement ?? null) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['acceptedAgreement'],
        message: TAX_PROFILE_MESSAGES.agreement,
      });
    } else if (vatNumber && body.acceptedAgreement !== SELF_BILLING_VERSION) {
      ctx.addIssue({
        code: 'custom',
        path: ['acceptedAgreement'],
        message: TAX_PROFILE_MESSAGES.version,
      });
    }
    return {
      entity: body.entity,
      // An individual has no registered establishment name or CR.
      legalName: body.entity === 'establishment' ? legalName : null,
      crNumber: body.entity === 'establishment' ? crNumber : null,
      vatNumber,
      acceptedAgreement: vatNumber ? (body.acceptedAgreement ?? null) : null,
    };
  });
/** The profile as saved: numbers normalised, an individual's establishment fields dropped. */
export type TaxProfile = z.output<typeof taxProfileBody>;

const FAL_SEEN = FAL_LICENSE_MESSAGES.seen;

/** An admin's verification of a broker's VAT registration: what they checked, in a note. */
export const vatVerifyBody = z.object({
  note: multiLineText({ max: 500, min: 3, required: 'يرجى كتابة ما تحققت منه' }),
  /** The profile's `updatedAt` as the admin saw it: a changed profile is not verified blind. */
  seenUpdatedAt: z.string({ error: FAL_SEEN }).min(1, { error: FAL_SEEN }),
});

/**
 * Where a broker's VAT registration stands: none given, given and waiting for an admin,
 * verified. Only a verified registration with the current agreement accepted puts VAT on
 * commissions and payouts.
 */
export const VAT_STATES = ['none', 'unverified', 'verified'] as const;
export type VatState = (typeof VAT_STATES)[number];

const VAT_STATE_LABELS: Record<VatState, string> = {
  none: 'غير مسجّل في ضريبة القيمة المضافة',
  unverified: 'التسجيل الضريبي بانتظار التحقق',
  verified: 'مسجّل في ضريبة القيمة المضافة (موثّق)',
};
export const vatStateLabel = (state: VatState): string => VAT_STATE_LABELS[state];

/** The documents a payment produces: a self-billed tax invoice, or a payment statement. */
export const PAYMENT_DOCUMENT_KINDS = ['tax_invoice', 'payment_statement'] as const;
export type PaymentDocumentKind = (typeof PAYMENT_DOCUMENT_KINDS)[number];

const DOCUMENT_LABELS: Record<PaymentDocumentKind, string> = {
  tax_invoice: 'فاتورة ضريبية ذاتية',
  payment_statement: 'إشعار دفع عمولة',
};
export const paymentDocumentLabel = (kind: PaymentDocumentKind): string => DOCUMENT_LABELS[kind];

const MONTH_MESSAGE = 'يرجى اختيار شهر صحيح';
/** A Riyadh calendar month, `YYYY-MM`, as the documents are asked for (Arabic-Indic digits taken). */
export const documentMonthSchema = z
  .string({ error: MONTH_MESSAGE })
  .transform((value) => toLatinDigits(value.trim()))
  .pipe(z.string().regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, { error: MONTH_MESSAGE }));
