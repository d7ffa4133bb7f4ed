import { Clock } from 'lucide-react';
import { formatDateTimeAr, formatWorkingTime } from '#domain';
import type { ReferralDetails } from '#lib/types';
import { Badge } from './badge';

/** A referral's service clock as the server answers it (`stageClock` in the contract). */
type StageClockValue = ReferralDetails['stageClock'];

/**
 * How long an open referral has waited in its status, in Saudi working time, and whether it is
 * past the stage's service deadline; nothing once the referral is closed.
 */
export function StageClock({
  clock,
  withDue = false,
}: {
  clock: StageClockValue;
  withDue?: boolean;
}) {
  if (!clock) return null;
  // The deadline follows after an Arabic comma: a «·» beside a date's digits reads as a zero.
  const due = withDue && !clock.overdue ? clock.dueAt : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
      <Clock aria-hidden="true" className="size-4" />
      <span>
        في هذه المرحلة منذ {formatWorkingTime(clock.workingMinutes * 60_000)}
        {due ? '،' : null}
      </span>
      {clock.overdue ? <Badge tone="danger">متأخرة عن المهلة</Badge> : null}
      {due ? <span>المهلة حتى {formatDateTimeAr(due)}</span> : null}
    </span>
  );
}
