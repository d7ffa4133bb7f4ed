import { referralStatusWithEmoji } from '#domain';
import { Badge } from './badge';

const TONES: Record<string, 'neutral' | 'success' | 'warning' | 'danger' | 'info'> = {
  pending_completion: 'warning',
  under_review: 'info',
  accepted_awaiting_owner_contract: 'success',
  preparing_tenant_contract: 'info',
  contract_signed: 'success',
  commission_added: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
};

export function ReferralStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'warning'}>{referralStatusWithEmoji(status)}</Badge>;
}
