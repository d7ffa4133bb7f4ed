import { z } from 'zod';
import {
  boundedDaySchema,
  COMMISSION_STATUS_KEYS,
  contractRentSchema,
  MAX_HOLDING_DAYS,
  multiLineText,
  parseAddressRanges,
  parseReferralStatus,
  REFERRAL_SOURCES,
  REFERRAL_STATUS_KEYS,
  riyadhIsoDate,
  SIGNAL_KINDS,
  SIGNAL_STATUSES,
  singleLineText,
  TIMED_STAGES,
} from '../domain/index.js';
import { profile } from './brokers.js';
import { transferRequest } from './commissions.js';
import {
  endpoint,
  idParams,
  isoDateTime,
  money,
  ok,
  pageNumber,
  pageOf,
  referralStatus,
  stageClock,
  transferRequestStatus,
} from './common.js';
import { referral } from './referrals.js';

// ---------- pieces of the console's lists ----------

/** A page number of an admin list (the page size is the server's, 50). */
export const adminPage = pageNumber;
/** The search box of the brokers, referrals and export screens. */
/** A search box's text: one line, no control or direction characters (it reaches the audit log). */
const searchTerm = singleLineText({ max: 100 }).optional();
/** A calendar day `YYYY-MM-DD` (Riyadh) on the wire. */
const isoDay = z.string();
/** A commission as the admin sees it: never `potential`, which only the broker's list shows. */
const storedCommissionStatus = z.enum(COMMISSION_STATUS_KEYS);
const brokerFilter = z.enum(['all', 'active', 'inactive', 'pending']).default('all');
const count = z.number().int();
/**
 * The orders a console list may be asked for (`sort`): `<column>:asc|desc`, each column served
 * by an index. The first is the list's order when none is asked.
 */
export const ADMIN_BROKER_SORTS = [
  'createdAt:desc',
  'createdAt:asc',
  'phone:asc',
  'phone:desc',
  'brokerCode:asc',
  'brokerCode:desc',
] as const;
export type AdminBrokerSort = (typeof ADMIN_BROKER_SORTS)[number];

export const ADMIN_REFERRAL_SORTS = [
  'submittedAt:desc',
  'submittedAt:asc',
  'number:desc',
  'number:asc',
  'tenantPhone:asc',
  'tenantPhone:desc',
  /** The nearest service deadline first (the most overdue on top); no deadline last. */
  'stageDueAt:asc',
  'stageDueAt:desc',
] as const;
export type AdminReferralSort = (typeof ADMIN_REFERRAL_SORTS)[number];

/** The commissions tab sorts by creation, newest first unless asked. */
export const ADMIN_COMMISSION_SORTS = ['createdAt:desc', 'createdAt:asc'] as const;
export type AdminCommissionSort = (typeof ADMIN_COMMISSION_SORTS)[number];

const sortQuery = <const T extends readonly [string, ...string[]]>(orders: T) =>
  z.enum(orders, { error: 'ترتيب غير معروف' }).default(orders[0]);

/** Who a commission or a transfer request belongs to, beside it in the admin lists. */
const brokerColumns = {
  brokerName: z.string().nullable(),
  brokerPhone: z.string(),
  brokerCode: z.string(),
};
/** A payout call that is idempotent: `changed` is false when it had already been done. */
const changed = ok.extend({ changed: z.boolean() });
/** The optional bank reference an admin gives when money goes out. */
const transferReference = singleLineText({ max: 100, tooLong: 'مرجع التحويل أطول من المسموح' });
const transferReferenceBody = z
  .object({ transferReference: transferReference.nullish() })
  .default({});

// ---------- brokers ----------

/** A broker in the brokers tab: the profile, the details dialog's figures, whether protected. */
const adminBroker = profile.extend({
  referralCount: count,
  commissionTotal: money,
  /** The protected super-admin, never deleted nor demoted. */
  isProtected: z.boolean(),
});

export const adminBrokerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/brokers',
    access: 'admin',
    summary: 'live brokers, searched, filtered (active, inactive, awaiting activation), sorted',
    query: z.object({
      search: searchTerm,
      filter: brokerFilter,
      sort: sortQuery(ADMIN_BROKER_SORTS),
      page: adminPage,
    }),
    response: pageOf(adminBroker),
  }),
  activate: endpoint({
    method: 'POST',
    path: '/api/admin/brokers/:id/activate',
    access: 'admin',
    summary: 'activate a broker, closing their activation request (audited, notified)',
    params: idParams,
    response: profile,
  }),
  deactivate: endpoint({
    method: 'POST',
    path: '/api/admin/brokers/:id/deactivate',
    access: 'admin',
    summary: 'deactivate a broker; they may ask again (audited, notified)',
    params: idParams,
    response: profile,
  }),
};

// ---------- operations: the console's cards and the admin dashboard ----------

const adminSummary = z.object({
  totalBrokers: count,
  activeBrokers: count,
  totalReferrals: count,
  totalCommissions: money,
});

export const adminOperationsEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/api/admin/summary',
    access: 'admin',
    summary: "the console's cards: brokers, active brokers, referrals, commissions",
    response: adminSummary,
  }),
  dashboard: endpoint({
    method: 'GET',
    path: '/api/admin/operations',
    access: 'admin',
    summary: 'the admin dashboard: reviews, activation requests, open transfers, weekly referrals',
    response: z.object({
      summary: adminSummary,
      awaitingReview: z.object({
        total: count,
        items: z.array(
          z.object({
            id: z.string(),
            number: count,
            tenantPhone: z.string(),
            status: referralStatus,
            submittedAt: isoDateTime,
            brokerName: z.string().nullable(),
            tenantDataReceived: z.boolean(),
          }),
        ),
      }),
      activationRequests: z.object({
        total: count,
        items: z.array(
          z.object({
            id: z.string(),
            fullName: z.string().nullable(),
            phone: z.string(),
            brokerCode: z.string(),
            activationRequestedAt: isoDateTime.nullable(),
          }),
        ),
      }),
      openTransferRequests: z.object({ count, amount: money }),
      /**
       * Service promises in working time: per timed stage, the referrals in it and those past
       * their deadline; `commission_payment`, the payable commissions and those unpaid past it.
       */
      serviceBreaches: z.array(
        z.object({
          stage: z.enum([...TIMED_STAGES, 'commission_payment']),
          open: count,
          overdue: count,
        }),
      ),
      /** The Sunday starting each Riyadh week with referrals in the last eight. */
      referralsPerWeek: z.array(z.object({ week: isoDay, count })),
    }),
  }),
};

// ---------- analytics ----------

const DAY_MS = 86_400_000;

/** Analytics range: Riyadh days, 12 weeks up to today unless given, at most two years. */
const analyticsQuery = z
  .object({ from: boundedDaySchema.optional(), to: boundedDaySchema.optional() })
  .transform(({ from, to }) => {
    const end = to ?? riyadhIsoDate(new Date());
    const start = from ?? riyadhIsoDate(new Date(Date.parse(end) - 83 * DAY_MS));
    return { from: start, to: end };
  })
  .refine(({ from, to }) => from <= to, { error: 'تاريخ البداية بعد تاريخ النهاية' })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= 731 * DAY_MS, {
    error: 'الفترة أطول من سنتين',
  });

const rate = z.number();

export const adminAnalyticsEndpoints = {
  analytics: endpoint({
    method: 'GET',
    path: '/api/admin/analytics',
    access: 'admin',
    summary: 'referrals per week, the funnel, commissions per month, cities, top brokers',
    query: analyticsQuery,
    response: z.object({
      range: z.object({ from: isoDay, to: isoDay }),
      referralsPerWeek: z.array(z.object({ week: isoDay, status: referralStatus, count })),
      funnel: z.array(
        z.object({
          stage: z.enum(['submitted', 'completed', 'accepted', 'signed']),
          count,
          ofPrevious: rate,
          ofSubmitted: rate,
        }),
      ),
      /** `YYYY-MM` in Riyadh. */
      commissionsPerMonth: z.array(z.object({ month: z.string(), paid: money, pending: money })),
      referralsByCity: z.array(z.object({ city: z.string().nullable(), count })),
      topBrokers: z.array(
        z.object({
          id: z.string(),
          fullName: z.string().nullable(),
          brokerCode: z.string(),
          referrals: count,
          signed: count,
          commissions: money,
        }),
      ),
      /** Typed by brokers, through their links, through their QR codes (issue 17). */
      referralsBySource: z.array(
        z.object({
          source: z.enum(REFERRAL_SOURCES),
          referrals: count,
          completed: count,
          signed: count,
          commissions: money,
        }),
      ),
    }),
  }),
};

// ---------- referrals ----------

/** A referral in the referrals tab, with its broker and what processing it needs. */
const adminReferral = referral.extend({
  /** What reaching contract signing would create now, under the rule in force. */
  commissionEstimate: money,
  /** The rule itself, so the processing dialog prices the contract rent the admin confirms. */
  commissionRule: z.object({ minimum: z.number(), rate: z.number() }),
  /** The signed contract's annual rent as confirmed at signing; null before, or if not given. */
  contractRent: z.number().int().nullable(),
  ...brokerColumns,
  formToken: z.string(),
  tenantFormUrl: z.string(),
  stageClock,
});

const referralStatusBody = z.object({
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
  contractId: singleLineText({ max: 100, tooLong: 'رقم العقد أطول من المسموح' }).nullish(),
  /** The signed contract's annual rent, from which the commission is computed. */
  contractRent: contractRentSchema.nullish(),
});

export const adminReferralEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/referrals',
    access: 'admin',
    summary: 'every referral, searched by tenant phone, broker, id or number, sorted',
    query: z.object({
      search: searchTerm,
      status: z.enum(REFERRAL_STATUS_KEYS, { error: 'حالة غير معروفة' }).optional(),
      /** Only referrals past their stage's service deadline. */
      overdue: z.enum(['true'], { error: 'قيمة غير صالحة' }).optional(),
      sort: sortQuery(ADMIN_REFERRAL_SORTS),
      page: adminPage,
    }),
    response: pageOf(adminReferral),
  }),
  tenantForm: endpoint({
    method: 'GET',
    path: '/api/admin/referrals/:id/tenant-form',
    access: 'admin',
    summary: "the tenant's submitted data (audited)",
    params: idParams,
    response: z.object({
      fullName: z.string(),
      phone: z.string(),
      monthlyIncome: money,
      monthlyObligations: money,
      salaryReportUrl: z.string().nullable(),
      creditReportUrl: z.string().nullable(),
      submittedAt: isoDateTime,
    }),
  }),
  changeStatus: endpoint({
    method: 'PUT',
    path: '/api/admin/referrals/:id/status',
    access: 'admin',
    summary: 'move a referral on; contract signing creates the commission (audited, notified)',
    params: idParams,
    body: referralStatusBody,
    response: z.object({
      oldStatus: referralStatus,
      newStatus: referralStatus,
      /** The amount of the commission this change created, if it did. */
      commissionCreated: money.nullable(),
    }),
  }),
};

// ---------- commissions and transfer requests ----------

const adminCommission = z.object({
  id: z.string(),
  referralId: z.string(),
  amount: money,
  paidAmount: money,
  status: storedCommissionStatus,
  contractNumber: z.string().nullable(),
  paidAt: isoDateTime.nullable(),
  /** When the holding period ends: an `on_hold` commission may be paid from then. */
  payableAt: isoDateTime,
  /** Held by an open fraud signal (the signals tab), whatever its holding period says. */
  signalHold: z.boolean(),
  /** Why it was reversed, and how much of what was paid later payments have deducted. */
  reversalReason: z.string().nullable(),
  recoveredAmount: money,
  /** What the broker still owes for reversed commissions, deducted from the next payment. */
  brokerOwes: money,
  createdAt: isoDateTime,
  ...brokerColumns,
  tenantPhone: z.string(),
});

const adminTransferRequest = transferRequest.extend({
  brokerId: z.string(),
  ...brokerColumns,
  /** Its line's reference in the bank file and on the statement. */
  reference: z.string(),
  /** The bank's reference, given when it was sent or paid. */
  transferReference: z.string().nullable(),
  /** The bank file that carried it, once an approved payout is downloaded. */
  bankBatch: z.string().nullable(),
  approvedAt: isoDateTime.nullable(),
  sentAt: isoDateTime.nullable(),
  /** Until when the broker's payouts wait after an IBAN change; null when they do not. */
  ibanHoldUntil: isoDateTime.nullable(),
  /** An open signal holds all the broker's money (a shared IBAN): it cannot move. */
  signalHold: z.boolean(),
});

/** A reason the broker reads inside a sentence of a notification: one line. */
const reason = (required: string) => singleLineText({ max: 500, min: 1, required });
const reasonBody = (required: string) => z.object({ reason: reason(required) });

const BANK_REFERENCE_REQUIRED = 'يرجى إدخال مرجع التحويل من البنك';

export const adminCommissionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/commissions',
    access: 'admin',
    summary: "every commission, searched by the broker's name or phone, sorted",
    query: z.object({
      search: z.string().trim().max(100).optional(),
      status: storedCommissionStatus.optional(),
      sort: sortQuery(ADMIN_COMMISSION_SORTS),
      page: adminPage,
    }),
    response: pageOf(adminCommission),
  }),
  confirmPayment: endpoint({
    method: 'POST',
    path: '/api/admin/commissions/:id/confirm-payment',
    access: 'admin',
    summary: 'mark a commission paid in full (audited, notified; idempotent)',
    params: idParams,
    body: transferReferenceBody,
    response: changed,
  }),
  reverse: endpoint({
    method: 'POST',
    path: '/api/admin/commissions/:id/reverse',
    access: 'admin',
    summary:
      "reverse the commission of a cancelled contract; what was paid of it is deducted from the broker's next payments (audited, notified; idempotent)",
    params: idParams,
    body: reasonBody('يرجى كتابة سبب إلغاء العمولة'),
    response: changed,
  }),
  transferRequests: endpoint({
    method: 'GET',
    path: '/api/admin/transfer-requests',
    access: 'admin',
    summary: 'transfer requests of one status, open unless asked',
    query: z.object({
      status: z.enum(transferRequestStatus.options, { error: 'حالة غير معروفة' }).default('open'),
      page: adminPage,
    }),
    response: pageOf(adminTransferRequest),
  }),
  payTransferRequest: endpoint({
    method: 'POST',
    path: '/api/admin/transfer-requests/:id/pay',
    access: 'admin',
    summary: 'pay a transfer request from the oldest unpaid commissions (audited, notified)',
    params: idParams,
    body: transferReferenceBody,
    response: changed,
  }),
  failPayout: endpoint({
    method: 'POST',
    path: '/api/admin/transfer-requests/:id/fail',
    access: 'admin',
    summary:
      'record that the bank returned an approved or sent payout, with the reason: its money is payable again (audited, notified; idempotent)',
    params: idParams,
    body: reasonBody('يرجى كتابة سبب فشل التحويل'),
    response: changed,
  }),
  markPayouts: endpoint({
    method: 'POST',
    path: '/api/admin/payouts/mark',
    access: 'admin',
    summary:
      'approve, send (with the bank reference) or mark paid many payouts in one action; each is its own transaction, and each refusal is answered',
    body: z
      .object({
        ids: z
          .array(z.string().max(100), { error: 'يرجى اختيار الدفعات' })
          .min(1, { error: 'يرجى اختيار الدفعات' })
          .max(200, { error: 'لا يمكن معالجة أكثر من ٢٠٠ دفعة في المرة الواحدة' }),
        status: z.enum(['approved', 'sent', 'paid'], { error: 'حالة غير معروفة' }),
        transferReference: transferReference.nullish(),
      })
      .refine((body) => body.status !== 'sent' || Boolean(body.transferReference), {
        path: ['transferReference'],
        error: BANK_REFERENCE_REQUIRED,
      }),
    response: z.object({
      changed: count,
      unchanged: count,
      refused: z.array(z.object({ id: z.string(), message: z.string() })),
    }),
  }),
  payDue: endpoint({
    method: 'POST',
    path: '/api/admin/payouts/pay-due',
    access: 'admin',
    summary:
      '«دفع كل المستحق»: one draft payout per broker with at least the minimum payable, to the IBAN on the profile (audited)',
    response: z.object({
      created: count,
      amount: money,
      skipped: z.object({ noIban: count, ibanHold: count, signal: count, ownMoney: count }),
    }),
  }),
  bankFile: endpoint({
    method: 'POST',
    path: '/api/admin/payouts/bank-file',
    access: 'admin',
    summary:
      'a new bank file: every approved payout in no file yet, whose broker is not held, as CSV (docs/bank-file.md); the batch is in X-Bank-Batch (audited)',
    response: null,
  }),
  bankFileAgain: endpoint({
    method: 'GET',
    path: '/api/admin/payouts/bank-file/:batch',
    access: 'admin',
    summary: 'a bank file again: its payouts still approved (audited)',
    params: z.object({ batch: z.string().max(60) }),
    response: null,
  }),
  rejectTransferRequest: endpoint({
    method: 'POST',
    path: '/api/admin/transfer-requests/:id/reject',
    access: 'admin',
    summary: 'reject an open transfer request with a reason (audited, notified)',
    params: idParams,
    body: reasonBody('يرجى كتابة سبب الرفض'),
    response: ok,
  }),
};

// ---------- signals ----------

const signalNote = z.object({
  note: multiLineText({ max: 500, min: 1, required: 'يرجى كتابة ملاحظة' }),
});

/** A fraud or duplicate signal as the admins' signals view shows it. */
const fraudSignal = z.object({
  id: z.string(),
  kind: z.enum(SIGNAL_KINDS),
  /** What money it holds while open: the referral's commission, or none. */
  scope: z.enum(['referral', 'broker', 'none']),
  reason: z.string(),
  status: z.enum(SIGNAL_STATUSES),
  note: z.string().nullable(),
  brokerId: z.string(),
  brokerName: z.string().nullable(),
  brokerPhone: z.string(),
  brokerCode: z.string(),
  referralId: z.string().nullable(),
  referralNumber: count.nullable(),
  createdAt: isoDateTime,
  resolvedAt: isoDateTime.nullable(),
});

export const adminSignalEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/signals',
    access: 'admin',
    summary: 'fraud and duplicate signals, newest first, open unless asked',
    query: z.object({
      status: z.enum([...SIGNAL_STATUSES, 'all'], { error: 'حالة غير معروفة' }).default('open'),
      page: adminPage,
    }),
    response: pageOf(fraudSignal),
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/api/admin/signals/:id/resolve',
    access: 'admin',
    summary: 'close a signal as handled, with a note; the money it held is released (audited)',
    params: idParams,
    body: signalNote,
    response: ok,
  }),
  dismiss: endpoint({
    method: 'POST',
    path: '/api/admin/signals/:id/dismiss',
    access: 'admin',
    summary:
      'close a signal as a false alarm, with a note; the money it held is released (audited)',
    params: idParams,
    body: signalNote,
    response: ok,
  }),
};

// ---------- settings ----------

const HOLDING_DAYS_MESSAGE = 'يرجى إدخال عدد أيام بين ٠ و٣٦٥';
const OTP_CEILING_MESSAGE = 'يرجى إدخال عدد بين ١ و٩٩٩٩٩٩';

/** Settings an admin may read and change, with what each value may be. */
const SETTINGS = {
  sms_notifications_enabled: z.enum(['true', 'false'], {
    error: 'القيمة يجب أن تكون true أو false',
  }),
  commission_minimum: z
    .string()
    .regex(/^[1-9]\d{0,6}(\.\d{1,2})?$/, { error: 'يرجى إدخال مبلغ صحيح لا يقل عن ١' }),
  commission_rate: z.string().regex(/^0(\.\d{1,4})?$/, { error: 'يرجى إدخال نسبة بين ٠ و١' }),
  commission_holding_days: z
    .string()
    .regex(/^\d{1,3}$/, { error: HOLDING_DAYS_MESSAGE })
    .refine((value) => Number(value) <= MAX_HOLDING_DAYS, { error: HOLDING_DAYS_MESSAGE }),
  /** Referrals one broker may send in a Riyadh day before each further one is a signal. */
  signal_daily_referrals: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, { error: 'يرجى إدخال عدد بين ١ و٩٩٩٩' }),
  /** «دفع كل المستحق» leaves out brokers with less than this payable (riyals). */
  payout_minimum: z.string().regex(/^[1-9]\d{0,6}$/, { error: 'يرجى إدخال مبلغ صحيح لا يقل عن ١' }),
  /** A payout of at least this many riyals is marked sent and paid by someone other than its approver. */
  payout_dual_control_amount: z
    .string()
    .regex(/^\d{1,7}$/, { error: 'يرجى إدخال مبلغ صحيح من ٠ إلى ٩٩٩٩٩٩٩' }),
  /** One-time codes sent across the platform in an hour, and in a day (SMS cost ceilings). */
  otp_hourly_ceiling: z.string().regex(/^[1-9]\d{0,5}$/, { error: OTP_CEILING_MESSAGE }),
  otp_daily_ceiling: z.string().regex(/^[1-9]\d{0,5}$/, { error: OTP_CEILING_MESSAGE }),
  /** One-time codes one broker's referral link may send in a day, from every address. */
  link_otp_daily_ceiling: z.string().regex(/^[1-9]\d{0,5}$/, { error: OTP_CEILING_MESSAGE }),
  /**
   * Private address ranges webhooks may reach on purpose (CIDR, separated by commas); empty: the
   * outside world only.
   */
  webhook_private_ranges: z
    .string()
    .max(500, { error: 'النص أطول من المسموح' })
    .refine((value) => parseAddressRanges(value) !== null, {
      error: 'يرجى إدخال نطاقات عناوين صحيحة مفصولة بفواصل',
    }),
} as const;
const SETTING_KEYS = Object.keys(SETTINGS) as [keyof typeof SETTINGS, ...(keyof typeof SETTINGS)[]];
const settingKey = z.enum(SETTING_KEYS, { error: 'إعداد غير معروف' });

export const adminSettingsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/admin/config/:key',
    access: 'admin',
    summary: 'one setting; null when never set',
    params: z.object({ key: settingKey }),
    response: z.object({ key: settingKey, value: z.string().nullable() }),
  }),
  set: endpoint({
    method: 'POST',
    path: '/api/admin/config',
    access: 'admin',
    summary: 'change a setting (audited); the commission rule only by super-admins',
    body: z
      .object({
        key: settingKey,
        // Each setting bounds its own value; none is longer than this.
        value: z.string({ error: 'يرجى إدخال القيمة' }).max(500, { error: 'النص أطول من المسموح' }),
        description: singleLineText({ max: 500 }).nullish(),
      })
      .superRefine((body, issue) => {
        const check = SETTINGS[body.key].safeParse(body.value);
        if (!check.success) {
          issue.addIssue({
            code: 'custom',
            path: ['value'],
            message: check.error.issues[0]?.message ?? '',
          });
        }
      }),
    response: z.object({ key: settingKey, value: z.string() }),
  }),
};

// ---------- exports ----------

/** The console tabs that export to Excel. */
export const EXPORT_TYPES = ['brokers', 'referrals', 'commissions'] as const;

export const exportEndpoints = {
  download: endpoint({
    method: 'GET',
    path: '/api/admin/export/:type',
    access: 'admin',
    summary: "every row of a tab's search and filter as .xlsx (audited)",
    params: z.object({
      type: z.enum(EXPORT_TYPES, { error: 'نوع التصدير غير معروف' }),
    }),
    query: z.object({
      search: searchTerm,
      filter: brokerFilter,
      // The referrals tab filters by a referral status, the commissions tab by a commission's.
      status: z.enum([...REFERRAL_STATUS_KEYS, ...COMMISSION_STATUS_KEYS]).optional(),
      /** The referrals tab's «المتأخرة عن مهلة الخدمة». */
      overdue: z.enum(['true'], { error: 'قيمة غير صالحة' }).optional(),
    }),
    response: null,
  }),
};

// ---------- development ----------

const CLOCK_DAYS_MESSAGE = 'يرجى إدخال عدد أيام بين ١ و٤٠٠';

export const devEndpoints = {
  inbox: endpoint({
    method: 'GET',
    path: '/api/dev/inbox',
    access: 'admin',
    summary: 'development only: the latest 20 SMS the outbox sent to a phone',
    query: z.object({ phone: z.string() }),
    response: z.array(
      z.object({
        body: z.string(),
        // The outbox's own state (pending, sent, failed): a plain text column.
        status: z.string(),
        createdAt: isoDateTime,
      }),
    ),
  }),
  clock: endpoint({
    method: 'POST',
    path: '/api/dev/clock',
    access: 'admin',
    summary:
      'development only: moves a referral and its commission days into the past, then runs the scheduled jobs',
    body: z.object({
      referralId: z.string(),
      days: z
        .number({ error: CLOCK_DAYS_MESSAGE })
        .int({ error: CLOCK_DAYS_MESSAGE })
        .min(1, { error: CLOCK_DAYS_MESSAGE })
        .max(400, { error: CLOCK_DAYS_MESSAGE }),
    }),
    response: z.object({ expiredReferrals: z.number(), releasedCommissions: z.number() }),
  }),
};
