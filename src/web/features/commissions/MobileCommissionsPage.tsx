import { formatSar } from '../../../domain';
import { Skeleton } from '../../components/ui/feedback';
import { StatTile } from '../../components/ui/stat-tile';
import { useCommissionSummary } from '../../lib/queries';
import { CommissionList } from './CommissionList';

export function MobileCommissionsPage() {
  const summary = useCommissionSummary();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">عمولاتي</h1>
      <div className="grid grid-cols-2 gap-3">
        {summary.data ? (
          <>
            <StatTile label="المدفوعة" value={formatSar(summary.data.paid)} />
            <StatTile label="المعلقة" value={formatSar(summary.data.pending)} />
          </>
        ) : (
          [1, 2].map((i) => <Skeleton key={i} className="h-24" />)
        )}
      </div>
      <CommissionList />
    </div>
  );
}
