import { useId } from 'react';
import { affordability, formatPercentAr, formatSar } from '#domain';
import { AffordabilityBadge } from '#ui/affordability-badge';

/**
 * The tenant's net monthly salary (income − obligations) against the monthly rent (the annual
 * rent ÷ 12), with the share and a coloured verdict: «في حدود القدرة» up to a third,
 * «مرتفع» up to a half, «يتجاوز القدرة» beyond (docs/product.md#affordability).
 */
export function AffordabilitySummary({
  monthlyIncome,
  monthlyObligations,
  annualRent,
}: {
  monthlyIncome: string | number | null | undefined;
  monthlyObligations: string | number | null | undefined;
  annualRent: string | number | null | undefined;
}) {
  const titleId = useId();
  const result = affordability({ monthlyIncome, monthlyObligations, annualRent });
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-3">
      <h3 id={titleId} className="mb-2 font-bold">
        القدرة على السداد
      </h3>
      {result ? (
        <>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-700">صافي الدخل الشهري</dt>
            <dd className="font-medium">{formatSar(result.netMonthly)}</dd>
            <dt className="text-slate-700">الإيجار الشهري</dt>
            <dd className="font-medium">{formatSar(result.monthlyRent)}</dd>
            <dt className="text-slate-700">نسبة الإيجار من صافي الدخل</dt>
            <dd className="font-medium">
              {result.percent === null
                ? 'لا يتبقى دخل بعد الالتزامات'
                : formatPercentAr(result.percent)}
            </dd>
          </dl>
          <p className="mt-2">
            <AffordabilityBadge level={result.level} />
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-700">
          {annualRent ? 'تظهر بعد أن يرسل المستأجر بياناته.' : 'الإيجار غير محدد، فلا يمكن حسابها.'}
        </p>
      )}
    </section>
  );
}
