import { AdminPayoutsCard, OpenRequestsCard } from '../payouts';
import { CommissionsList } from './CommissionsList';

/**
 * The commissions tab: the payouts, the brokers' open transfer requests, then every
 * commission with payment confirmation and reversal.
 */
export function AdminCommissionsTab() {
  return (
    <div className="space-y-6">
      <AdminPayoutsCard />
      <OpenRequestsCard />
      <CommissionsList />
    </div>
  );
}
