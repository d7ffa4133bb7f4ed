import {
  Ban,
  Banknote,
  CircleCheck,
  CircleX,
  FilePen,
  FileSearch,
  Hourglass,
  type LucideIcon,
  Signature,
} from 'lucide-react';
import {
  normalizeReferralStatus,
  type OutboxStatus,
  outboxStatusLabel,
  type ReferralStatus,
  referralStatusLabel,
  referralStatusWithEmoji,
} from '#domain';
import { cn } from '#lib/cn';
import { Badge, type BadgeTone as Tone } from './badge';

/** Each status's colour and icon: brokers read a designed badge, never an emoji. */
const DESIGN: Record<ReferralStatus, { tone: Tone; icon: LucideIcon }> = {
  pending_completion: { tone: 'warning', icon: Hourglass },
  under_review: { tone: 'info', icon: FileSearch },
  accepted_awaiting_owner_contract: { tone: 'success', icon: CircleCheck },
  preparing_tenant_contract: { tone: 'info', icon: FilePen },
  contract_signed: { tone: 'success', icon: Signature },
  commission_added: { tone: 'success', icon: Banknote },
  rejected: { tone: 'danger', icon: CircleX },
  cancelled: { tone: 'neutral', icon: Ban },
};

const RINGS: Record<Tone, string> = {
  neutral: 'ring-slate-300',
  success: 'ring-emerald-300',
  warning: 'ring-amber-300',
  danger: 'ring-red-300',
  info: 'ring-sky-300',
};

/**
 * A referral's status. Brokers' screens get the designed badge (icon, colour, Arabic label);
 * the admin console passes `variant="admin"` and keeps the specification's emoji beside the label.
 */
export function ReferralStatusBadge({
  status,
  variant = 'designed',
  className,
}: {
  status: string;
  variant?: 'designed' | 'admin';
  className?: string;
}) {
  const { tone, icon: Icon } = DESIGN[normalizeReferralStatus(status)];
  if (variant === 'admin') {
    return (
      <Badge tone={tone} className={className}>
        {referralStatusWithEmoji(status)}
      </Badge>
    );
  }
  return (
    <Badge
      tone={tone}
      data-status={normalizeReferralStatus(status)}
      className={cn('gap-1.5 ring-1 ring-inset', RINGS[tone], className)}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" strokeWidth={2.25} />
      <span>{referralStatusLabel(status)}</span>
    </Badge>
  );
}

/** A message's colour by its delivery state: «أُرسلت» is on its way, «وصلت» and «قُرئت» arrived. */
export const OUTBOX_STATUS_TONES: Record<OutboxStatus, Tone> = {
  queued: 'neutral',
  sending: 'warning',
  sent: 'info',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
};

/** A message's delivery state (the outbox, the tenant's form link). */
export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return <Badge tone={OUTBOX_STATUS_TONES[status]}>{outboxStatusLabel(status)}</Badge>;
}
