import { AFFORDABILITY_LABELS, type AffordabilityLevel } from '#domain';
import { Badge } from '#ui/badge';

const TONE: Record<AffordabilityLevel, 'success' | 'warning' | 'danger'> = {
  comfortable: 'success',
  stretched: 'warning',
  beyond: 'danger',
};
const SIGN: Record<AffordabilityLevel, string> = { comfortable: '✓', stretched: '!', beyond: '✕' };

/** The affordability verdict, coloured and signed so it does not rest on colour alone. */
export function AffordabilityBadge({ level }: { level: AffordabilityLevel }) {
  return (
    <Badge tone={TONE[level]}>
      <span aria-hidden="true" className="me-1">
        {SIGN[level]}
      </span>
      {AFFORDABILITY_LABELS[level]}
    </Badge>
  );
}
