import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { signalKindLabel } from '#domain';
import { Alert } from '#ui/alert';
import type { AdminReferral } from './api';

type OpenSignals = AdminReferral['openSignals'];

/** What the open signals are, in their short words, one after another. */
const kinds = (signals: OpenSignals) =>
  [...new Set(signals.map((s) => signalKindLabel(s.kind)))].join('، ');

/**
 * A referral's open signals where it is decided (its row, its card): «تنبيه مفتوح» and what
 * it is, in red; nothing when there is none.
 */
export function SignalFlag({ signals }: { signals: OpenSignals }) {
  if (signals.length === 0) return null;
  return (
    <span className="inline-flex items-start gap-1.5 text-sm font-medium text-red-800">
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        تنبيه مفتوح: <span className="font-normal">{kinds(signals)}</span>
      </span>
    </span>
  );
}

/**
 * The open signals in the processing dialog: each reason in full, and before a contract is
 * signed, that its commission will wait for the signal to be decided in «التنبيهات».
 */
export function SignalWarning({
  signals,
  signing,
}: {
  signals: OpenSignals;
  /** The status chosen signs the contract, creating the commission. */
  signing: boolean;
}) {
  if (signals.length === 0) return null;
  return (
    <Alert tone="warning" className="space-y-2">
      <p className="flex items-center gap-1.5 font-bold">
        <ShieldAlert aria-hidden="true" className="size-4 shrink-0" />
        على هذه الإحالة تنبيه مفتوح
      </p>
      <ul className="list-disc space-y-1 ps-5">
        {signals.map((s) => (
          <li key={s.id}>
            <strong>{signalKindLabel(s.kind)}</strong>: {s.reason}
          </li>
        ))}
      </ul>
      {signing ? (
        <p className="font-bold">
          {signals.some((s) => s.scope !== 'none')
            ? 'تحقّق قبل تسجيل توقيع العقد: ستُنشأ العمولة موقوفة، ولا تُصرف حتى يُعالَج التنبيه.'
            : 'تحقّق من التنبيه قبل تسجيل توقيع العقد.'}
        </p>
      ) : null}
      <Link to="/admin?tab=signals" className="inline-flex min-h-11 items-center underline">
        فتح تبويب التنبيهات
      </Link>
    </Alert>
  );
}
