import * as activationQuestionContract from '#contract/activation-questions';
import * as adminAnalyticsContract from '#contract/admin/analytics';
import * as adminBrokerContract from '#contract/admin/brokers';
import * as adminCommissionContract from '#contract/admin/commissions';
import * as adminExportContract from '#contract/admin/exports';
import * as adminMessagingContract from '#contract/admin/messaging';
import * as adminOperationsContract from '#contract/admin/operations';
import * as adminPayoutContract from '#contract/admin/payouts';
import * as adminReferralContract from '#contract/admin/referrals';
import * as adminSettingsContract from '#contract/admin/settings';
import * as adminSignalContract from '#contract/admin/signals';
import * as apiKeyContract from '#contract/api-keys';
import * as authContract from '#contract/auth';
import * as bonusContract from '#contract/bonuses';
import * as brokerContract from '#contract/brokers';
import * as commissionContract from '#contract/commissions';
import type { Endpoint } from '#contract/common';
import * as conversationContract from '#contract/conversations';
import * as dataIncidentContract from '#contract/data-incidents';
import * as dataRequestContract from '#contract/data-requests';
import * as devContract from '#contract/dev';
import * as groupContract from '#contract/groups';
import * as inboundContract from '#contract/inbound';
import * as messagingContract from '#contract/messaging';
import * as notificationContract from '#contract/notifications';
import * as officeContract from '#contract/offices';
import * as openApiContract from '#contract/openapi';
import * as programTermsContract from '#contract/program-terms';
import * as referralLinkContract from '#contract/referral-links';
import * as referralContract from '#contract/referrals';
import * as superadminContract from '#contract/superadmin';
import * as tenantFormContract from '#contract/tenant-forms';
import * as webhookContract from '#contract/webhooks';

/** Every endpoint the contract declares: each value of a module's groups with a method and path. */
export const contractEndpoints: Endpoint[] = [
  activationQuestionContract,
  adminAnalyticsContract,
  adminBrokerContract,
  adminCommissionContract,
  adminExportContract,
  adminMessagingContract,
  adminOperationsContract,
  adminPayoutContract,
  adminReferralContract,
  adminSettingsContract,
  adminSignalContract,
  apiKeyContract,
  conversationContract,
  officeContract,
  inboundContract,
  devContract,
  authContract,
  groupContract,
  bonusContract,
  brokerContract,
  commissionContract,
  dataIncidentContract,
  dataRequestContract,
  messagingContract,
  notificationContract,
  openApiContract,
  programTermsContract,
  referralContract,
  referralLinkContract,
  superadminContract,
  tenantFormContract,
  webhookContract,
].flatMap((contract) =>
  Object.values(contract).flatMap((group) =>
    typeof group === 'object' && group !== null
      ? Object.values(group).filter((value): value is Endpoint => {
          const candidate = value as Partial<Endpoint> | null;
          return typeof candidate?.method === 'string' && typeof candidate.path === 'string';
        })
      : [],
  ),
);
