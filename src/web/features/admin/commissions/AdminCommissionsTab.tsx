import { AdminPayoutsCard, DocumentsCard, OpenRequestsCard } from '../payouts';
import { CommissionsList } from './CommissionsList';

/**
 * The commissions tab: the payouts, the month's payment documents, the brokers' open transfer
 * requests, then every commission with payment confirmation and reversal.
 */
export function AdminCommissionsTab() {
  return (
    <div className="space-y-6">
      <AdminPayoutsCard />
      <DocumentsCard />
      <OpenRequestsCard />
      <CommissionsList />
    </div>
  );
}
