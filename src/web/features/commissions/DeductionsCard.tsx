import { useId } from 'react';
import { formatDateAr, formatSar } from '#domain';
import { Card, CardTitle } from '#ui/card';
import { useDeductions } from './api';

/**
 * «الخصومات» (decision 074): each amount the program's team deducted from the broker's money,
 * with its reason and how much later payments have taken of it. Shown only once there is one.
 */
export function DeductionsCard() {
  const deductions = useDeductions();
  const titleId = useId();
  const items = deductions.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardTitle id={titleId} className="mb-3">
        الخصومات
      </CardTitle>
      <ul className="divide-y divide-slate-100">
        {items.map((d) => {
          const left = Number(d.amount) - Number(d.recoveredAmount);
          return (
            <li key={d.id} className="space-y-1 py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <strong>{formatSar(d.amount)}</strong>
                <span className="text-slate-700">{formatDateAr(d.createdAt)}</span>
              </div>
              <p className="break-words">{d.reason}</p>
              <p className="text-slate-700">
                {left > 0 ? `يُخصم ما بقي منه (${formatSar(left)}) من دفعاتك القادمة` : 'خُصم كاملاً'}
              </p>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
