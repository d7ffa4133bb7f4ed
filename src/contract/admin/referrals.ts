import { z } from 'zod';
import {
  appliedRuleSchema,
  boundedDaySchema,
  CONSENT_CHANNELS,
  CONSENT_PURPOSES,
  CONTRACT_DETAILS_MESSAGES,
  contractRentSchema,
  EJAR_CONTRACT_MESSAGE,
  MAX_LEASE_YEARS,
  multiLineText,
  normalizeEjarContractNumber,
  parseReferralStatus,
  REFERRAL_STATUS_KEYS,
} from '../../domain/index.js';
import {
  endpoint,
  idParams,
  isoDateTime,
  money,
  pageOf,
  referralStatus,
  stageClock,
} from '../common.js';
import { adminStatusHistoryEntry, referral } from '../referrals.js';
import { ADMIN_REFERRAL_SORTS, adminPage, brokerColumns, searchTerm, sortQuery } from './lists.js';
import { openSignal } from './signals.js';

// ---------- referrals ----------

/** A referral in the referrals tab, with its broker and what processing it needs. */
const adminReferral = referral.extend({
  /** What reaching contract signing would create now, under the broker's rule. */
  commissionEstimate: money,
  /**
   * The broker's rule (their group's, or their override), so the processing dialog prices the
   * contract rent the admin confirms and says whose rule it is.
   */
  commissionRule: appliedRuleSchema,
  /** The signed contract's annual rent as confirmed at signing; null before, or if not given. */
  contractRent: z.number().int().nullable(),
  /** The signed lease's first and last days (Ejar), `YYYY-MM-DD`; null before signing. */
  contractStartsOn: z.string().nullable(),
  contractEndsOn: z.string().nullable(),
  ...brokerColumns,
  formToken: z.string(),
  tenantFormUrl: z.string(),
  stageClock,
  /** The open signals on this referral or its broker's account, oldest first; usually none. */
  openSignals: z.array(openSignal),
});

export const referralStatusBody = z
  .object({
    // Any label or key the domain knows ("✍️ تم توقيع العقد" as well as "contract_signed").
    status: z.string({ error: 'يرجى اختيار الحالة' }).transform((value, issue) => {
      const status = parseReferralStatus(value);
      if (!status) {
        issue.addIssue({ code: 'custom', message: 'حالة غير معروفة' });
        return z.NEVER;
      }
      return status;
    }),
    notes: multiLineText({ max: 2000 }).nullish(),
    /**
     * The lease's Ejar contract number (decision 069), kept as `20127868659/1`; signing a contract
     * requires it with the rent and the dates (the server checks, as only it knows whether the
     * commission exists yet).
     */
    contractId: z
      .string({ error: EJAR_CONTRACT_MESSAGE })
      .max(40, { error: EJAR_CONTRACT_MESSAGE })
      .transform((value, issue) => {
        const number = normalizeEjarContractNumber(value);
        if (number === null) {
          issue.addIssue({ code: 'custom', message: EJAR_CONTRACT_MESSAGE });
          return z.NEVER;
        }
        return number;
      })
      .nullish(),
    /** The signed contract's annual rent, from which the commission is computed. */
    contractRent: contractRentSchema.nullish(),
    contractStartsOn: boundedDaySchema.nullish(),
    contractEndsOn: boundedDaySchema.nullish(),
  })
  .superRefine((body, issue) => {
    const { contractStartsOn: starts, contractEndsOn: ends } = body;
    if (!starts || !ends) return;
    if (ends <= starts) {
      issue.addIssue({
        code: 'custom',
        path: ['contractEndsOn'],
        message: CONTRACT_DETAILS_MESSAGES.order,
      });
    } else if (ends > `${Number(starts.slice(0, 4)) + MAX_LEASE_YEARS}${starts.slice(4)}`) {
      issue.addIssue({
        code: 'custom',
        path: ['contractEndsOn'],
        message: CONTRACT_DETAILS_MESSAGES.tooLong,
      });
    }
  });

/** The referrals tab's search, status and overdue filters, order and page. */
export const adminReferralListQuery = z.object({
  search: searchTerm,
  status: z.enum(REFERRAL_STATUS_KEYS, { error: 'حالة غير معروفة' }).optional(),
  /** Only referrals past their stage's service deadline. */
  overdue: z.enum(['true'], { error: 'قيمة غير صالحة' }).optional(),
  sort: sortQuery(ADMIN_REFERRAL_SORTS),
  page: adminPage,
});

export const adminReferralEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/referrals',
    access: 'admin',
    summary: 'every referral, searched by tenant phone, broker, id or number, sorted',
    query: adminReferralListQuery,
    response: pageOf(adminReferral),
  }),
  tenantForm: endpoint({
    method: 'GET',
    path: '/api/admin/referrals/:id/tenant-form',
    access: 'admin',
    summary: "the tenant's submitted data (audited)",
    params: idParams,
    notFound: 'لم يقم المستأجر بإرسال بياناته بعد',
    response: z.object({
      fullName: z.string(),
      phone: z.string(),
      monthlyIncome: money,
      monthlyObligations: money,
      salaryReportUrl: z.string().nullable(),
      creditReportUrl: z.string().nullable(),
      submittedAt: isoDateTime,
      /** What the tenant agreed to, word for word, when, from where (decision 068). */
      consents: z.array(
        z.object({
          purpose: z.enum(CONSENT_PURPOSES),
          version: z.string(),
          text: z.string(),
          channel: z.enum(CONSENT_CHANNELS),
          givenAt: isoDateTime,
          ip: z.string().nullable(),
        }),
      ),
    }),
  }),
  changeStatus: endpoint({
    method: 'PUT',
    path: '/api/admin/referrals/:id/status',
    access: 'admin',
    summary: 'move a referral on; contract signing creates the commission (audited, notified)',
    params: idParams,
    notFound: 'الإحالة غير موجودة',
    body: referralStatusBody,
    response: z.object({
      oldStatus: referralStatus,
      newStatus: referralStatus,
      /** The amount of the commission this change created, if it did. */
      commissionCreated: money.nullable(),
    }),
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/admin/referrals/:id/history',
    access: 'admin',
    summary: "a referral's status history, oldest first, naming who acted",
    params: idParams,
    notFound: 'الإحالة غير موجودة',
    response: z.array(adminStatusHistoryEntry),
  }),
};
