import type { adminAnalyticsEndpoints } from '#contract/admin/analytics';
import type { adminBrokerEndpoints } from '#contract/admin/brokers';
import type { adminCommissionEndpoints } from '#contract/admin/commissions';
import type { adminMessagingEndpoints } from '#contract/admin/messaging';
import type { adminReferralEndpoints } from '#contract/admin/referrals';
import type { adminSettingsEndpoints } from '#contract/admin/settings';
import type { adminSignalEndpoints } from '#contract/admin/signals';
import type { DataRequestStatus, PayoutStatus } from '#domain';
import type { ParamsOf, QueryOf } from '#lib/api';
import { rootKeys } from '#lib/query-keys';

/** A list's search box, filter, order and page as its query key holds them: its query. */
export type BrokerFilters = QueryOf<typeof adminBrokerEndpoints.list>;
export type ReferralListFilters = QueryOf<typeof adminReferralEndpoints.list>;
export type CommissionFilters = QueryOf<typeof adminCommissionEndpoints.list>;
export type AnalyticsRange = QueryOf<typeof adminAnalyticsEndpoints.analytics>;
export type SignalFilters = QueryOf<typeof adminSignalEndpoints.list>;
export type OutboxFilters = QueryOf<typeof adminMessagingEndpoints.outbox>;
export type SettingKey = ParamsOf<typeof adminSettingsEndpoints.get>['key'];

/**
 * Every query key of the console, in one place: each tab's api.ts builds its keys here, and a
 * change anywhere in the console refreshes `adminKeys.all`.
 */
export const adminKeys = {
  all: rootKeys.admin,
  summary: [...rootKeys.admin, 'summary'] as const,
  operations: [...rootKeys.admin, 'operations'] as const,
  brokers: (filters: BrokerFilters) => [...rootKeys.admin, 'brokers', filters] as const,
  referrals: (filters: ReferralListFilters) => [...rootKeys.admin, 'referrals', filters] as const,
  tenantForm: (referralId: string) => [...rootKeys.admin, 'tenant-form', referralId] as const,
  /** Under the console's root key: every admin change (a status, a note) reads it again. */
  referralHistory: (referralId: string) =>
    [...rootKeys.admin, 'referral-history', referralId] as const,
  commissions: (filters: CommissionFilters) => [...rootKeys.admin, 'commissions', filters] as const,
  payouts: (status: PayoutStatus, page: number) =>
    [...rootKeys.admin, 'payouts', { status, page }] as const,
  payoutSteps: [...rootKeys.admin, 'payout-steps'] as const,
  /** A Riyadh month's payment documents, `YYYY-MM`. */
  documents: (month: string) => [...rootKeys.admin, 'documents', month] as const,
  analytics: (range: AnalyticsRange) => [...rootKeys.admin, 'analytics', range] as const,
  setting: (key: SettingKey) => [...rootKeys.admin, 'config', key] as const,
  outboxAll: [...rootKeys.admin, 'outbox'] as const,
  outbox: (filters: OutboxFilters) => [...rootKeys.admin, 'outbox', filters] as const,
  signals: (filters: SignalFilters) => [...rootKeys.admin, 'signals', filters] as const,
  dataRequests: (status: DataRequestStatus | undefined) =>
    [...rootKeys.admin, 'data-requests', status ?? 'all'] as const,
};
