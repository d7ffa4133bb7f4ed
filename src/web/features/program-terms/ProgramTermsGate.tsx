import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { programTermsEndpoints } from '#contract/program-terms';
import { formatDateAr } from '#domain';
import { callApi, errorMessage } from '#lib/api';
import { rootKeys } from '#lib/query-keys';
import { Button } from '#ui/button';
import { Checkbox } from '#ui/checkbox';
import { Skeleton } from '#ui/feedback';
import { TermsText } from '#ui/terms-text';

const termsKey = [...rootKeys.referrals, 'program-terms'] as const;

/** What the broker is about to do, in the gate's words. */
const PURPOSES = {
  referral: { first: 'لتضيف أول إحالة', again: 'لتضيف إحالاتك' },
  payout: { first: 'لتطلب تحويل عمولتك', again: 'لتطلب تحويل عمولتك' },
} as const;

/**
 * Before a broker refers or asks for a transfer (decision records 075 and 076): the program
 * terms in force, when the broker has not accepted that version yet, with «أوافق» and the
 * button that records it; then what it guards (the referral or the transfer form). A new
 * version asks again. Without published terms, it guards nothing.
 */
export function ProgramTermsGate({
  purpose,
  children,
}: {
  purpose: keyof typeof PURPOSES;
  children: ReactNode;
}) {
  const terms = useQuery({
    queryKey: termsKey,
    queryFn: () => callApi(programTermsEndpoints.mine),
  });
  // The version the box was ticked for: a newer one shown is unticked.
  const [agreedTo, setAgreedTo] = useState<number | null>(null);
  const titleId = useId();
  const accept = useMutation({
    mutationFn: (version: number) => callApi(programTermsEndpoints.accept, { body: { version } }),
    onSuccess: () => terms.refetch(),
    // A newer version published meanwhile: shown at once, to be read and ticked anew.
    onError: () => terms.refetch(),
  });
  if (terms.isPending) return <Skeleton className="h-40" />;
  const current = terms.data?.current;
  if (!current || terms.data?.acceptedVersion === current.version) return <>{children}</>;
  const renewed = terms.data?.acceptedVersion !== null;
  const agreed = agreedTo === current.version;
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="space-y-1">
        <h2 id={titleId} className="text-lg font-bold">
          شروط برنامج الشركاء
        </h2>
        <p className="text-sm text-slate-700">
          {renewed
            ? `نُشرت نسخة جديدة من الشروط في ${formatDateAr(current.publishedAt)}؛ اقرأها ووافق عليها ${PURPOSES[purpose].again}.`
            : `اقرأ شروط البرنامج ووافق عليها ${PURPOSES[purpose].first}.`}
        </p>
      </div>
      <div className="max-h-96 overflow-y-auto rounded-lg bg-slate-50 p-3">
        <TermsText body={current.body} />
      </div>
      <Checkbox
        className="flex min-h-11 cursor-pointer items-center gap-2"
        boxClassName="size-5 shrink-0 accent-brand-700"
        checked={agreed}
        onCheckedChange={(checked) => setAgreedTo(checked ? current.version : null)}
      >
        <span className="text-sm">قرأت شروط البرنامج وأوافق عليها</span>
      </Checkbox>
      {accept.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(accept.error, 'تعذر تسجيل الموافقة')}
        </p>
      ) : null}
      <Button
        className="w-full sm:w-auto"
        disabled={!agreed || accept.isPending}
        onClick={() => accept.mutate(current.version)}
      >
        {accept.isPending ? 'جاري الحفظ...' : 'الموافقة والمتابعة'}
      </Button>
    </section>
  );
}
