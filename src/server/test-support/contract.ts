import * as adminContract from '#contract/admin';
import * as authContract from '#contract/auth';
import * as brokerContract from '#contract/brokers';
import * as commissionContract from '#contract/commissions';
import type { Endpoint } from '#contract/common';
import * as messagingContract from '#contract/messaging';
import * as notificationContract from '#contract/notifications';
import * as referralLinkContract from '#contract/referral-links';
import * as referralContract from '#contract/referrals';
import * as superadminContract from '#contract/superadmin';
import * as tenantFormContract from '#contract/tenant-forms';
import * as webhookContract from '#contract/webhooks';

/** Every endpoint the contract declares: each value of a module's groups with a method and path. */
export const contractEndpoints: Endpoint[] = [
  adminContract,
  authContract,
  brokerContract,
  commissionContract,
  messagingContract,
  notificationContract,
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
