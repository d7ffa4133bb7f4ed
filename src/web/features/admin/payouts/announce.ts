import { arabicCount, inGenitive, NOUNS } from '#domain';
import { toast } from '#ui/toast';
import type { PayoutMarked } from './api';

const PAYOUTS_GENITIVE = inGenitive(NOUNS.payout);

/** The result of a batch, said in one toast: how many moved, and each refusal's reason. */
export function announce(result: PayoutMarked) {
  const refused = result.refused.map((r) => r.message);
  toast({
    title:
      result.changed > 0
        ? `تمت معالجة ${arabicCount(result.changed, PAYOUTS_GENITIVE)}`
        : 'لم تتغير أي دفعة',
    ...(refused.length > 0
      ? {
          description: `تعذّرت معالجة ${arabicCount(refused.length, PAYOUTS_GENITIVE)}: ${[...new Set(refused)].join('؛ ')}`,
          variant: 'destructive' as const,
        }
      : {}),
  });
}
