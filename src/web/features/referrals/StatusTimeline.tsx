import { useId } from 'react';
import type { adminReferralEndpoints } from '#contract/admin/referrals';
import type { ResponseOf } from '#contract/common';
import { formatDateTimeAr } from '#domain';
import type { ReferralDetails } from '#lib/types';
import { Card, CardTitle } from '#ui/card';
import { ReferralStatusBadge } from '#ui/status-badge';

type BrokerStep = ReferralDetails['history'][number];
type AdminStep = ResponseOf<typeof adminReferralEndpoints.history>[number];
type Step = BrokerStep | AdminStep;

const TITLE = 'سجل حالة الطلب';

const WHAT: Record<Step['kind'], string> = {
  created: 'أُرسل الطلب',
  tenant_submitted: 'أكمل المستأجر بياناته',
  status_changed: 'تغيّرت الحالة',
  note_changed: 'أُضيفت ملاحظة',
};

/** Brokers never learn which admin acted: the team acts, and their own steps are «أنت». */
const BROKER_SEES: Record<Step['actor'], string> = {
  broker: 'أنت',
  admin: 'فريق العمليات',
  tenant: 'المستأجر',
  system: 'النظام',
};
const ADMIN_FALLBACK: Record<Step['actor'], string> = {
  broker: 'الوسيط',
  admin: 'فريق العمليات',
  tenant: 'المستأجر',
  system: 'النظام',
};

function actorOf(step: Step, viewer: 'broker' | 'admin') {
  if (viewer === 'broker') return BROKER_SEES[step.actor];
  const name = 'actorName' in step ? step.actorName : null;
  return name ? <bdi>{name}</bdi> : ADMIN_FALLBACK[step.actor];
}

/**
 * A referral's history as an ordered list, oldest first: the status after each step, what
 * happened, who did it, when, and the note written with it. Admins read the spec's emoji
 * beside the status and the names of those who acted; brokers the designed badge and roles.
 */
export function StatusTimeline({
  history,
  viewer,
  labelledBy,
}: {
  history: readonly Step[];
  viewer: 'broker' | 'admin';
  /** The id of the heading that names the list. */
  labelledBy: string;
}) {
  return (
    <ol aria-labelledby={labelledBy} className="space-y-4 border-s-2 border-slate-200 ps-5">
      {history.map((step) => (
        <li key={`${step.at}-${step.kind}-${step.status}`} className="relative space-y-1">
          <span
            aria-hidden="true"
            className="absolute -start-[27px] top-1.5 size-3 rounded-full bg-brand-700 ring-4 ring-white"
          />
          <ReferralStatusBadge
            status={step.status}
            variant={viewer === 'admin' ? 'admin' : 'designed'}
          />
          <p className="text-sm text-slate-800">
            {WHAT[step.kind]}، {actorOf(step, viewer)}،{' '}
            <time dateTime={step.at}>{formatDateTimeAr(step.at)}</time>
          </p>
          {step.note ? (
            <p className="rounded-lg bg-slate-50 p-2 text-sm text-slate-900">
              <span className="font-medium">ملاحظة: </span>
              {step.note}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The broker's detail pages: the history in a card of its own. */
export function ReferralHistoryCard({
  history,
  className,
}: {
  history: readonly BrokerStep[];
  className?: string;
}) {
  const titleId = useId();
  return (
    <Card className={className}>
      <section aria-labelledby={titleId}>
        <CardTitle id={titleId} className="mb-4">
          {TITLE}
        </CardTitle>
        <StatusTimeline history={history} viewer="broker" labelledBy={titleId} />
      </section>
    </Card>
  );
}
