import { exportEndpoints } from '#contract/admin/exports';
import { superadminEndpoints } from '#contract/superadmin';
import { callApi, endpointUrl, type ParamsOf, type QueryOf } from '#lib/api';
import { rootKeys } from '#lib/query-keys';

// ---------- deletion (super-admins, from the brokers and referrals tabs) ----------

/** What a deletion removes: brokers or referrals, one DELETE per id. */
export type DeletionTarget = 'broker' | 'referral';

/** Caches that show brokers, referrals or commissions: all read again after a deletion. */
export const DELETION_AFFECTS = [
  rootKeys.admin,
  rootKeys.superadmin,
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

export type ExportType = ParamsOf<typeof exportEndpoints.download>['type'];
/** A tab's search and filter, without the page. */
export type ExportQuery = QueryOf<typeof exportEndpoints.download>;

/** The .xlsx download of a tab's current search and filter (every row, no page). */
export const exportUrl = (type: ExportType, query: ExportQuery) =>
  endpointUrl(exportEndpoints.download, { params: { type }, query });
