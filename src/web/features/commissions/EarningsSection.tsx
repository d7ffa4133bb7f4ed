import { useId } from 'react';
import type { commissionEndpoints } from '#contract/commissions';
import type { ResponseOf } from '#contract/common';
import { arabicCount, formatMonthAr, formatSar, MONEY_BUCKETS, NOUNS, UNPAID } from '#domain';
import { Card, CardTitle } from '#ui/card';
import { Skeleton } from '#ui/feedback';
import { QueryView } from '#ui/query-view';
import { useCommissionEarnings } from './api';

type Earnings = ResponseOf<typeof commissionEndpoints.earnings>;
type Month = Earnings['months'][number];
type Part = 'paid' | 'held' | 'pending' | 'onHold';

const MONTHS = 12;
const TITLE = `أرباحي خلال آخر ${arabicCount(MONTHS, NOUNS.month)}`;

type PartOfBar = { key: Part; label: string; swatch: string };
/**
 * The three parts of a month's bar, in the order they fill it from its start, named as the
 * money's tiles name them (src/domain/money-buckets.ts): what open requests hold is «قيد التحويل».
 */
const PARTS: readonly PartOfBar[] = [
  { key: 'paid', label: MONEY_BUCKETS.paid.label, swatch: 'bg-brand-700' },
  { key: 'held', label: MONEY_BUCKETS.requested.label, swatch: 'bg-amber-500' },
  { key: 'pending', label: MONEY_BUCKETS.pending.label, swatch: 'bg-slate-400' },
];
/** A fourth, last, only while some commission of the twelve months is in its holding period. */
const ON_HOLD: PartOfBar = {
  key: 'onHold',
  label: MONEY_BUCKETS.onHold.label,
  swatch: 'bg-slate-200 ring-1 ring-inset ring-slate-500',
};

const cents = (value: string) => Math.round(Number(value) * 100);
const monthTotal = (m: Month) => cents(m.paid) + cents(m.held) + cents(m.pending) + cents(m.onHold);

/**
 * The broker's commissions of the last twelve Riyadh months, each in the month it was added:
 * a bar a month, oldest at the start (the right), split into paid, held by open transfer
 * requests and pending, with the twelve months' paid and unpaid totals. Screen readers hear
 * each bar's figures as its name. Twelve months without a commission are one sentence, not
 * twelve empty bars.
 */
export function EarningsSection() {
  const earnings = useCommissionEarnings();
  const titleId = useId();
  return (
    <Card>
      <section aria-labelledby={titleId} className="space-y-4">
        <CardTitle id={titleId}>{TITLE}</CardTitle>
        <QueryView
          query={earnings}
          loading={<Skeleton className="h-64" />}
          errorFallback="تعذر تحميل الأرباح"
        >
          {(data) => <EarningsView earnings={data} />}
        </QueryView>
      </section>
    </Card>
  );
}

/** A month's figures as a screen reader hears its bar: «نوفمبر ٢٠٢٦: المدفوعة …، …». */
const monthDescription = (m: Month, parts: readonly PartOfBar[]) =>
  `${formatMonthAr(m.month)}: ${parts.map((part) => `${part.label} ${formatSar(m[part.key])}`).join('، ')}`;

function EarningsView({ earnings }: { earnings: Earnings }) {
  const largest = Math.max(...earnings.months.map(monthTotal), 0);
  if (largest === 0) {
    return (
      <p className="text-sm text-slate-700">
        لم تُضف لك عمولة خلال هذه المدة. تظهر كل عمولة هنا في شهر إضافتها، عند توقيع عقدها.
      </p>
    );
  }
  const parts = cents(earnings.totals.onHold) > 0 ? [...PARTS, ON_HOLD] : PARTS;
  const unpaid =
    (cents(earnings.totals.pending) + cents(earnings.totals.held) + cents(earnings.totals.onHold)) /
    100;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Figure label={MONEY_BUCKETS.paid.label} value={formatSar(earnings.totals.paid)} />
        <Figure label={UNPAID.label} value={formatSar(unpaid)} hint={UNPAID.explanation} />
      </dl>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800" aria-hidden="true">
        {parts.map((part) => (
          <li key={part.key} className="flex items-center gap-2">
            <span className={`size-3 shrink-0 rounded-sm ${part.swatch}`} />
            {part.label}
          </li>
        ))}
      </ul>
      {/*
        Each bar is an image whose name gives the month's three figures; the visible month and
        total are for the eye only. Names, not a hidden table, so each figure is on the page once.
      */}
      <ol className="space-y-1.5" aria-label={`${TITLE}، حسب شهر إضافة العمولة`}>
        {earnings.months.map((m) => {
          const total = monthTotal(m);
          return (
            <li key={m.month} className="flex items-center gap-2 text-xs">
              <span aria-hidden="true" className="w-14 shrink-0 text-slate-800">
                {formatMonthAr(m.month, { year: false })}
              </span>
              <span
                role="img"
                aria-label={monthDescription(m, parts)}
                className="flex h-4 min-w-0 flex-1 overflow-hidden rounded-sm bg-slate-100"
              >
                {parts.map((part) =>
                  cents(m[part.key]) > 0 ? (
                    <span
                      key={part.key}
                      className={`h-full ${part.swatch}`}
                      style={{ inlineSize: `${(cents(m[part.key]) / largest) * 100}%` }}
                    />
                  ) : null,
                )}
              </span>
              <span
                aria-hidden="true"
                className="w-24 shrink-0 text-end font-medium text-slate-900"
              >
                {total > 0 ? formatSar(total / 100) : '—'}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-slate-700">
        تظهر كل عمولة في شهر إضافتها، بحالتها اليوم. المبلغ «{MONEY_BUCKETS.requested.label}» جزء من
        «{UNPAID.label}» إلى أن يُحوَّل أو يُرفض طلبه.
      </p>
    </>
  );
}

function Figure({
  label,
  value,
  hint,
}: {
  label: string;
  /** Already formatted. */
  value: string;
  hint?: string;
}) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-slate-700">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-slate-900">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-slate-700">{hint}</dd> : null}
    </div>
  );
}
