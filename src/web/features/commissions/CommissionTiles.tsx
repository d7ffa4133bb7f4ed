import { formatSar } from '#domain';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { StatTile } from '#ui/stat-tile';
import { useCommissionSummary } from './api';

/**
 * The broker's money in tiles that add up: total = paid + pending + what open transfer
 * requests hold («قيد التحويل») + what is still in its holding period («في فترة الانتظار», a
 * fifth tile only while there is some), as the server counts it. While reversed commissions
 * that were paid are still to be deducted, a tile says how much («يُخصم من دفعتك القادمة»): the
 * pending tile is already net of it.
 */
export function CommissionTiles({ className }: { className: string }) {
  const summary = useCommissionSummary();
  return (
    <section aria-label="ملخص العمولات" className={className}>
      <QueryView
        query={summary}
        loading={[1, 2, 3, 4].map((i) => <Skeleton key={i} className="h-24" />)}
      >
        {(s) => (
          <>
            <StatTile label="إجمالي العمولات" value={formatSar(s.total)} />
            <StatTile label="المدفوعة" value={formatSar(s.paid)} />
            <StatTile label="المعلقة" value={formatSar(s.pending)} />
            <StatTile label="قيد التحويل" value={formatSar(s.requested)} />
            {Number(s.onHold) > 0 ? (
              <StatTile label="في فترة الانتظار" value={formatSar(s.onHold)} />
            ) : null}
            {Number(s.toRecover) > 0 ? (
              <StatTile label="يُخصم من دفعتك القادمة" value={formatSar(s.toRecover)} />
            ) : null}
          </>
        )}
      </QueryView>
    </section>
  );
}
