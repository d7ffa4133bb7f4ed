import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { adminAnalyticsEndpoints } from '#contract/admin/analytics';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { exportEndpoints } from '#contract/admin/exports';
import type {
  AdminBrokerSort,
  AdminCommissionSort,
  AdminReferralSort,
} from '#contract/admin/lists';
import { adminOperationsEndpoints } from '#contract/admin/operations';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { adminSignalEndpoints } from '#contract/admin/signals';
import type { ResponseOf } from '#contract/common';
import { messagingEndpoints } from '#contract/messaging';
import { superadminEndpoints } from '#contract/superadmin';
import type { PayoutStatus, SignalStatus } from '#domain';
import { apiUrl, type BodyOf, callApi } from '#lib/api';
import { type MutationCallbacks, POLL_MS, refreshAfter, rootKeys } from '#lib/query-keys';
import type { Page } from '#lib/types';
import type { AdminReferral, AdminTenantForm } from './types';

// ---------- keys ----------

/** A list's search box, filter, order and page as its query key holds them. */
export type BrokerFilters = {
  search?: string | undefined;
  filter: string;
  sort?: AdminBrokerSort | undefined;
  page: number;
};
export type ReferralListFilters = {
  search?: string | undefined;
  status?: string | undefined;
  /** Only the referrals past their stage's service deadline. */
  overdue?: boolean | undefined;
  sort?: AdminReferralSort | undefined;
  page: number;
};
export type CommissionFilters = {
  search?: string | undefined;
  status?: string | undefined;
  sort?: AdminCommissionSort | undefined;
  page: number;
};
export type AnalyticsRange = { from?: string | undefined; to?: string | undefined };
export type UserFilters = { search?: string | undefined; page: number };
export type SettingKey = 'sms_notifications_enabled';
export type SignalFilters = { status: SignalStatus | 'all'; page: number };
export type OutboxFilters = {
  status?: OutboxItem['status'] | undefined;
  phone?: string | undefined;
  page: number;
};

export const adminKeys = {
  all: rootKeys.admin,
  summary: [...rootKeys.admin, 'summary'] as const,
  operations: [...rootKeys.admin, 'operations'] as const,
  brokers: (filters: BrokerFilters) => [...rootKeys.admin, 'brokers', filters] as const,
  referrals: (filters: ReferralListFilters) => [...rootKeys.admin, 'referrals', filters] as const,
  tenantForm: (referralId: string) => [...rootKeys.admin, 'tenant-form', referralId] as const,
  commissions: (filters: CommissionFilters) => [...rootKeys.admin, 'commissions', filters] as const,
  payouts: (status: PayoutStatus, page: number) =>
    [...rootKeys.admin, 'payouts', { status, page }] as const,
  analytics: (range: AnalyticsRange) => [...rootKeys.admin, 'analytics', range] as const,
  setting: (key: SettingKey) => [...rootKeys.admin, 'config', key] as const,
  outboxAll: [...rootKeys.admin, 'outbox'] as const,
  outbox: (filters: OutboxFilters) => [...rootKeys.admin, 'outbox', filters] as const,
  signals: (filters: SignalFilters) => [...rootKeys.admin, 'signals', filters] as const,
};

export const superadminKeys = {
  all: rootKeys.superadmin,
  users: (filters: UserFilters) => [...rootKeys.superadmin, 'users', filters] as const,
  holidays: [...rootKeys.superadmin, 'holidays'] as const,
};

// ---------- reads ----------

export type AdminSummary = ResponseOf<typeof adminOperationsEndpoints.summary>;
export type Operations = ResponseOf<typeof adminOperationsEndpoints.dashboard>;
export type AdminBroker = ResponseOf<typeof adminBrokerEndpoints.list>['items'][number];
export type AdminCommission = ResponseOf<typeof adminCommissionEndpoints.list>['items'][number];
export type AdminPayout = ResponseOf<typeof adminPayoutEndpoints.list>['items'][number];
export type Analytics = ResponseOf<typeof adminAnalyticsEndpoints.analytics>;
export type Users = ResponseOf<typeof superadminEndpoints.users>;
export type OutboxItem = ResponseOf<typeof messagingEndpoints.outbox>['items'][number];
export type CrmTest = BodyOf<typeof messagingEndpoints.testZohoLead>;
export type CrmTestResult = ResponseOf<typeof messagingEndpoints.testZohoLead>;

/** The console's cards. */
export const adminSummaryQuery = () =>
  queryOptions({
    queryKey: adminKeys.summary,
    queryFn: () => callApi(adminOperationsEndpoints.summary),
    staleTime: 0,
  });

/** The operations dashboard; polled every 30 s. */
export const operationsQuery = () =>
  queryOptions({
    queryKey: adminKeys.operations,
    queryFn: () => callApi(adminOperationsEndpoints.dashboard),
    refetchInterval: 30_000,
  });

export const adminBrokersQuery = (filters: BrokerFilters) =>
  queryOptions({
    queryKey: adminKeys.brokers(filters),
    queryFn: () =>
      callApi(adminBrokerEndpoints.list, {
        query: {
          filter: filters.filter,
          page: filters.page,
          search: filters.search,
          sort: filters.sort,
        },
      }),
    staleTime: 0,
  });

export const adminReferralsQuery = (filters: ReferralListFilters) =>
  queryOptions({
    queryKey: adminKeys.referrals(filters),
    queryFn: () =>
      callApi<typeof adminReferralEndpoints.list, Page<AdminReferral>>(
        adminReferralEndpoints.list,
        {
          query: {
            page: filters.page,
            search: filters.search,
            status: filters.status,
            overdue: filters.overdue ? 'true' : undefined,
            sort: filters.sort,
          },
        },
      ),
    staleTime: 0,
  });

/** The tenant's confidential submission behind a referral (audited on the server). */
export const adminTenantFormQuery = (referralId: string) =>
  queryOptions({
    queryKey: adminKeys.tenantForm(referralId),
    queryFn: () =>
      callApi<typeof adminReferralEndpoints.tenantForm, AdminTenantForm>(
        adminReferralEndpoints.tenantForm,
        { params: { id: referralId } },
      ),
    staleTime: 0,
  });

export const adminCommissionsQuery = (filters: CommissionFilters) =>
  queryOptions({
    queryKey: adminKeys.commissions(filters),
    queryFn: () =>
      callApi(adminCommissionEndpoints.list, {
        query: {
          page: filters.page,
          search: filters.search,
          status: filters.status,
          sort: filters.sort,
        },
      }),
    staleTime: 0,
  });

/** Payouts of one state, a page at a time (the payouts card; the commissions tab's drafts). */
export const payoutsQuery = (status: PayoutStatus, page: number) =>
  queryOptions({
    queryKey: adminKeys.payouts(status, page),
    queryFn: () => callApi(adminPayoutEndpoints.list, { query: { status, page } }),
    staleTime: 0,
  });

export type PayoutMarking = BodyOf<typeof adminPayoutEndpoints.mark>;
export type PayoutMarked = ResponseOf<typeof adminPayoutEndpoints.mark>;

/** Approves, sends or marks paid the chosen payouts in one call; then the console. */
export function useMarkPayouts(callbacks: MutationCallbacks<PayoutMarked, PayoutMarking> = {}) {
  return useMutation({
    mutationFn: (body: PayoutMarking) => callApi(adminPayoutEndpoints.mark, { body }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

export type DueRun = ResponseOf<typeof adminPayoutEndpoints.payDue>;

/** «دفع كل المستحق»: a draft payout per broker with at least the minimum due. */
export function usePayDue(callbacks: MutationCallbacks<DueRun, void> = {}) {
  return useMutation({
    mutationFn: () => callApi(adminPayoutEndpoints.payDue),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

/** Records that the bank returned a payout, with the reason. */
export function useFailPayout(
  callbacks: MutationCallbacks<unknown, { id: string; reason: string }> = {},
) {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      callApi(adminPayoutEndpoints.fail, { params: { id }, body: { reason } }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

export const BANK_FILE_URL = apiUrl(adminPayoutEndpoints.bankFile.path, {}, {});
/** A bank file again, for a lost download. */
export const bankFileAgainUrl = (batch: string) =>
  apiUrl(adminPayoutEndpoints.bankFileAgain.path, { batch }, {});

export const analyticsQuery = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: adminKeys.analytics(range),
    queryFn: () =>
      callApi(adminAnalyticsEndpoints.analytics, { query: { from: range.from, to: range.to } }),
    staleTime: 0,
  });

export const settingQuery = (key: SettingKey) =>
  queryOptions({
    queryKey: adminKeys.setting(key),
    queryFn: () => callApi(adminSettingsEndpoints.get, { params: { key } }),
    staleTime: 0,
  });

export const usersQuery = (filters: UserFilters) =>
  queryOptions({
    queryKey: superadminKeys.users(filters),
    queryFn: () =>
      callApi(superadminEndpoints.users, {
        query: { page: filters.page, search: filters.search },
      }),
    staleTime: 0,
  });

/** The messages and CRM calls the server sent or will send; polled every 30 s. */
export const outboxQuery = (filters: OutboxFilters) =>
  queryOptions({
    queryKey: adminKeys.outbox(filters),
    queryFn: () =>
      callApi(messagingEndpoints.outbox, {
        query: { page: filters.page, phone: filters.phone, status: filters.status },
      }),
    staleTime: 0,
    refetchInterval: POLL_MS,
  });

export const useOperations = () => useQuery(operationsQuery());

// ---------- changes ----------

/** Activates or deactivates a broker; then the console and the super-admin lists. */
export function useToggleBroker(
  callbacks: MutationCallbacks<unknown, { id: string; activate: boolean }> = {},
) {
  return useMutation({
    mutationFn: ({ id, activate }: { id: string; activate: boolean }) =>
      callApi(activate ? adminBrokerEndpoints.activate : adminBrokerEndpoints.deactivate, {
        params: { id },
      }),
    ...refreshAfter(callbacks, adminKeys.all, superadminKeys.all),
  });
}

/** Activates a broker from the operations dashboard; then the console's reads. */
export function useActivateBroker(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(adminBrokerEndpoints.activate, { params: { id } }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

export type StatusChange = BodyOf<typeof adminReferralEndpoints.changeStatus>;

/**
 * Moves a referral on; then the console, the brokers' referrals, commissions and dashboard
 * figures are read again (a status change can create a commission).
 */
export function useChangeReferralStatus(
  referralId: string,
  callbacks: MutationCallbacks<unknown, StatusChange> = {},
) {
  return useMutation({
    mutationFn: (body: StatusChange) =>
      callApi(adminReferralEndpoints.changeStatus, { params: { id: referralId }, body }),
    ...refreshAfter(
      callbacks,
      adminKeys.all,
      rootKeys.referrals,
      rootKeys.commissions,
      rootKeys.dashboard,
    ),
  });
}

/** A payout action of the commissions tab, with its own success toast. */
export type PayoutAction =
  | { kind: 'confirm-payment' | 'pay-request'; id: string; transferReference: string | null }
  | { kind: 'reject-request' | 'reverse'; id: string; reason: string };

const payoutCall = (action: PayoutAction) => {
  const params = { id: action.id };
  if ('reason' in action) {
    const body = { reason: action.reason };
    return action.kind === 'reverse'
      ? callApi(adminCommissionEndpoints.reverse, { params, body })
      : callApi(adminPayoutEndpoints.reject, { params, body });
  }
  const body = action.transferReference ? { transferReference: action.transferReference } : {};
  return action.kind === 'confirm-payment'
    ? callApi(adminCommissionEndpoints.confirmPayment, { params, body })
    : callApi(adminPayoutEndpoints.pay, { params, body });
};

/**
 * Confirms or reverses a commission, pays or rejects a transfer request; then the console.
 */
export function usePayoutAction<A extends PayoutAction>(
  callbacks: MutationCallbacks<unknown, A> = {},
) {
  return useMutation({
    mutationFn: (action: A) => payoutCall(action),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

export type SettingChange = BodyOf<typeof adminSettingsEndpoints.set>;

/** Changes a setting; then that setting is read again. */
export function useSaveSetting(
  key: SettingKey,
  callbacks: MutationCallbacks<unknown, SettingChange> = {},
) {
  return useMutation({
    mutationFn: (body: SettingChange) => callApi(adminSettingsEndpoints.set, { body }),
    ...refreshAfter(callbacks, adminKeys.setting(key)),
  });
}

/** Sends a failed message (or CRM call) again; then the outbox is read again. */
export function useRetryOutbox(callbacks: MutationCallbacks<OutboxItem, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(messagingEndpoints.retry, { params: { id } }),
    ...refreshAfter(callbacks, adminKeys.outboxAll),
  });
}

/** Creates or finds a test lead in the CRM; the answer says what happened. */
export function useTestCrmLead(callbacks: MutationCallbacks<CrmTestResult, CrmTest> = {}) {
  return useMutation({
    mutationFn: (body: CrmTest) => callApi(messagingEndpoints.testZohoLead, { body }),
    ...refreshAfter(callbacks, adminKeys.outboxAll),
  });
}

export type RoleChange = { id: string; role: BodyOf<typeof superadminEndpoints.changeRole> };

/** Grants or removes a role; then the super-admin's lists. */
export function useChangeRole(callbacks: MutationCallbacks<unknown, RoleChange> = {}) {
  return useMutation({
    mutationFn: ({ id, role }: RoleChange) =>
      callApi(superadminEndpoints.changeRole, { params: { id }, body: role }),
    ...refreshAfter(callbacks, superadminKeys.all),
  });
}

/** What a deletion removes: brokers or referrals, one DELETE per id. */
export type DeletionTarget = 'broker' | 'referral';

/** Caches that show brokers, referrals or commissions: all read again after a deletion. */
export const DELETION_AFFECTS = [
  adminKeys.all,
  superadminKeys.all,
  rootKeys.referrals,
  rootKeys.dashboard,
  rootKeys.commissions,
] as const;

export const deleteOne = (target: DeletionTarget, id: string) =>
  callApi(
    target === 'broker' ? superadminEndpoints.deleteBroker : superadminEndpoints.deleteReferral,
    { params: { id } },
  );

// ---------- export ----------

export type ExportType = 'brokers' | 'referrals' | 'commissions';
export type ExportQuery = Record<string, string | undefined>;

/** The .xlsx download of a tab's current search and filter (every row, no page). */
export const exportUrl = (type: ExportType, query: ExportQuery) =>
  apiUrl(exportEndpoints.download.path, { type }, query);

export type Holiday = ResponseOf<typeof superadminEndpoints.holidays>['items'][number];

/** The public holidays the service clocks skip. */
export const holidaysQuery = () =>
  queryOptions({
    queryKey: superadminKeys.holidays,
    queryFn: () => callApi(superadminEndpoints.holidays, {}),
  });

/** Adds a holiday; then the holidays and every list whose service clocks it moves. */
export function useAddHoliday(callbacks: MutationCallbacks<Holiday, Holiday> = {}) {
  return useMutation({
    mutationFn: (body: Holiday) => callApi(superadminEndpoints.addHoliday, { body }),
    ...refreshAfter(callbacks, superadminKeys.holidays, adminKeys.all),
  });
}

export function useRemoveHoliday(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useMutation({
    mutationFn: (day: string) => callApi(superadminEndpoints.removeHoliday, { params: { day } }),
    ...refreshAfter(callbacks, superadminKeys.holidays, adminKeys.all),
  });
}

export type FraudSignal = ResponseOf<typeof adminSignalEndpoints.list>['items'][number];

/** One page of the fraud and duplicate signals, newest first. */
export const signalsQuery = (filters: SignalFilters) =>
  queryOptions({
    queryKey: adminKeys.signals(filters),
    queryFn: () => callApi(adminSignalEndpoints.list, { query: filters }),
    staleTime: 0,
    refetchInterval: POLL_MS,
  });

export type SignalDecision = { id: string; decision: 'resolve' | 'dismiss'; note: string };

/** Resolves or dismisses a signal; then every console list (the money it held moves). */
export function useCloseSignal(callbacks: MutationCallbacks<unknown, SignalDecision> = {}) {
  return useMutation({
    mutationFn: ({ id, decision, note }: SignalDecision) =>
      callApi(adminSignalEndpoints[decision], { params: { id }, body: { note } }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}
