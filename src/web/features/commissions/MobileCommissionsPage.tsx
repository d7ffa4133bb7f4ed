import { formatSar } from '#domain';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { StatTile } from '#ui/stat-tile';
import { useCommissionSummary } from './api';
import { CommissionList } from './CommissionList';

export function MobileCommissionsPage() {
  const summary = useCommissionSummary();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">عمولاتي</h1>
      <div className="grid grid-cols-2 gap-3">
        <QueryView
          query={summary}
          loading={[1, 2].map((i) => <Skeleton key={i} className="h-24" />)}
        >
          {(s) => (
            <>
              <StatTile label="المدفوعة" value={formatSar(s.paid)} />
              <StatTile label="المعلقة" value={formatSar(s.pending)} />
            </>
          )}
        </QueryView>
      </div>
      <CommissionList />
    </div>
  );
}
