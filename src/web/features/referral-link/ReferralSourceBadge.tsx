import { type ReferralSource, referralSourceLabel } from '#domain';
import { Badge } from '#ui/badge';

/** Where a referral came from, when not typed by the broker: «رابط» or «رمز QR». */
export function ReferralSourceBadge({ source }: { source: ReferralSource }) {
  if (source === 'typed') return null;
  return (
    <Badge tone="info">
      <span className="sr-only">المصدر: </span>
      {referralSourceLabel(source)}
    </Badge>
  );
}
