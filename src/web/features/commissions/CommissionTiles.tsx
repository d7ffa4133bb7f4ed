import type { commissionEndpoints } from '#contract/commissions';
import type { ResponseOf } from '#contract/common';
import { formatSar, MONEY_BUCKETS, pendingToShow } from '#domain';
import { StatTile } from '#ui/stat-tile';

type Summary = ResponseOf<typeof commissionEndpoints.summary>;

/** A tile of one money bucket: its name and its line from src/domain/money-buckets.ts. */
function BucketTile({
  bucket,
  amount,
}: {
  bucket: keyof typeof MONEY_BUCKETS;
  amount: string | number;
}) {
  const { label, explanation } = MONEY_BUCKETS[bucket];
  return <StatTile label={label} value={formatSar(amount)} hint={explanation} />;
}

/**
 * The broker's money in tiles that add up: total = paid + pending + what open transfer
 * requests hold + what is still in its holding period (a fifth tile only while there is some),
 * as the server counts it. The server's pending is net of what reversed paid commissions still
 * owe: the pending tile never goes below zero, and while that debt exceeds it a tile says
 * what is left to deduct (`pendingToShow`).
 */
export function CommissionTiles({
  summary: s,
  className,
}: {
  summary: Summary;
  className: string;
}) {
  const { available, toDeduct } = pendingToShow(s);
  return (
    <section aria-label="ملخص العمولات" className={className}>
      <BucketTile bucket="total" amount={s.total} />
      <BucketTile bucket="paid" amount={s.paid} />
      <BucketTile bucket="pending" amount={available} />
      <BucketTile bucket="requested" amount={s.requested} />
      {Number(s.onHold) > 0 ? <BucketTile bucket="onHold" amount={s.onHold} /> : null}
      {toDeduct > 0 ? <BucketTile bucket="toRecover" amount={toDeduct} /> : null}
    </section>
  );
}
