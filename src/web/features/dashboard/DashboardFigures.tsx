import type { UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2, FileText, Percent, Wallet } from 'lucide-react';
import type { ResponseOf } from '#contract/common';
import type { referralEndpoints } from '#contract/referrals';
import { formatNumberAr, formatPercentAr, formatSar, MONEY_BUCKETS } from '#domain';
import { cn } from '#lib/cn';
import { QueryError } from '#ui/query-view';
import { StatTile } from '#ui/stat-tile';

type Metrics = ResponseOf<typeof referralEndpoints.metrics>;

/**
 * The dashboard's figures, one definition and one name each, the same on the desktop and the
 * phone (issue 32: one said «إجمالي الطلبات» ٥ where the other said «الطلبات النشطة» ٣). The
 * server counts them (`brokerMetrics` in src/server/referrals/service.ts); the money's name is
 * the money buckets' (src/domain/money-buckets.ts).
 */
const FIGURES = [
  {
    label: 'الطلبات النشطة',
    hint: 'لم يُوقَّع عقدها ولم تُرفض أو تُلغَ بعد',
    value: (m: Metrics) => formatNumberAr(m.activeReferrals),
    Icon: FileText,
  },
  {
    label: 'العقود المكتملة',
    hint: 'طلبات وُقّع عقدها',
    value: (m: Metrics) => formatNumberAr(m.completedContracts),
    Icon: CheckCircle2,
  },
  {
    label: MONEY_BUCKETS.total.label,
    hint: MONEY_BUCKETS.total.explanation,
    value: (m: Metrics) => formatSar(m.totalCommission),
    Icon: Wallet,
  },
  {
    label: 'نسبة النجاح',
    hint: 'العقود المكتملة من كل طلباتك',
    value: (m: Metrics) => formatPercentAr(m.successRate),
    Icon: Percent,
  },
] as const;

/** A figure not read yet: the tile as it will be, its value a grey bar of the value's height. */
const PENDING_VALUE = (
  <span
    aria-hidden="true"
    className="inline-block h-8 w-20 animate-pulse rounded bg-slate-200 align-top"
  />
);

/**
 * The four tiles, two a row on a phone and four on a wide screen; while the figures load, the
 * same tiles with their names and grey values, so nothing moves when the figures arrive.
 */
export function DashboardFigures({
  metrics,
  className,
}: {
  metrics: UseQueryResult<Metrics>;
  className?: string;
}) {
  const m = metrics.data;
  return (
    <section
      aria-label="ملخص الأداء"
      aria-busy={m === undefined && !metrics.isError}
      className={cn('grid grid-cols-2 gap-3', className)}
    >
      {m === undefined && metrics.isError ? (
        <QueryError query={metrics} />
      ) : (
        FIGURES.map(({ label, hint, value, Icon }) => (
          <StatTile
            key={label}
            label={label}
            hint={hint}
            value={m ? value(m) : PENDING_VALUE}
            icon={<Icon aria-hidden="true" className="size-5 shrink-0" />}
          />
        ))
      )}
    </section>
  );
}
