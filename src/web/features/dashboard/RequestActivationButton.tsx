import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '#ui/button';

// The request's flow (reading the questions, their dialog, the call) is not on the dashboards'
// first load: it is fetched when the broker asks (docs/decisions/076).
const ActivationRequestCode = lazy(() =>
  import('./ActivationRequest').then((m) => ({ default: m.ActivationRequest })),
);

/**
 * «طلب تفعيل الحساب»: starts the activation request, which asks the activation questions first
 * when there are any (decision record 076). Once sent, the banner's button disappears.
 */
export function RequestActivationButton({
  variant,
  className,
}: {
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        {...(variant ? { variant } : {})}
        {...(className ? { className } : {})}
        onClick={() => setAsking(true)}
        disabled={asking}
        aria-busy={asking}
      >
        {asking ? 'جاري طلب التفعيل...' : 'طلب تفعيل الحساب'}
      </Button>
      {asking ? (
        <Suspense fallback={null}>
          <ActivationRequestCode onDone={() => setAsking(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
