import { useEffect, useRef, useState } from 'react';
import { formatNumberAr } from '#domain/format';
import { calculateCommission, RULE_TEXT } from './content';

/** What the field shows first: the worked example's rent, in the digits Arabic readers use. */
const INITIAL_RENT = '٥٠٠٠٠';

/**
 * «احسب عمولتك»: the broker types an annual rent (Arabic-Indic or Latin digits) and sees the
 * ordinary fee at 2.5%, the extra commission by the public rule, the total and the increase.
 * Prerendered with the landing page and hydrated on its own (landing-hydrate.tsx): a rent
 * typed before React arrives is read from the field once it does. Fixed ids, not useId: the
 * island is hydrated apart from the page it was rendered in, so generated ids would differ.
 */
export function CommissionCalculator({ productName }: { productName: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [rent, setRent] = useState(INITIAL_RENT);
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== INITIAL_RENT) setRent(typed);
  }, []);
  const result = calculateCommission(rent);

  return (
    <form
      className="mx-auto max-w-xl space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="space-y-2">
        <label htmlFor="calculator-rent" className="block text-lg font-bold text-slate-900">
          الإيجار السنوي للعقار (ر.س)
        </label>
        <input
          ref={field}
          id="calculator-rent"
          name="rent"
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          value={rent}
          onChange={(event) => setRent(event.target.value)}
          aria-describedby="calculator-rule"
          aria-invalid={result === null && rent.trim() !== ''}
          className="block min-h-12 w-full rounded-lg border border-slate-300 bg-white px-4 py-2 text-end text-xl font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-[invalid=true]:border-red-600"
        />
        <p id="calculator-rule" className="text-sm leading-6 text-slate-600">
          {RULE_TEXT}
        </p>
      </div>
      <div aria-live="polite" className="min-h-56">
        {result ? (
          <dl className="divide-y divide-slate-100 text-lg">
            <div className="flex items-baseline justify-between gap-4 py-3">
              <dt>أتعاب الوساطة المعتادة ({result.feeRate})</dt>
              <dd className="font-bold">{result.fee}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 py-3">
              <dt>عمولة {productName} الإضافية</dt>
              <dd className="font-bold text-brand-800">+ {result.extra}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 py-3">
              <dt className="font-bold">دخلك من الصفقة</dt>
              <dd className="text-2xl font-bold">{result.total}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 py-3">
              <dt>نسبة الزيادة في دخلك</dt>
              <dd className="font-bold text-brand-800">{result.increase}</dd>
            </div>
          </dl>
        ) : (
          <p role="alert" className="py-3 text-red-700">
            أدخل الإيجار السنوي بالأرقام، مثل {formatNumberAr(50_000)}
          </p>
        )}
      </div>
    </form>
  );
}
