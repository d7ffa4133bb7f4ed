import type { CommissionRule } from './commission.js';
import { arabicCount, inGenitive, NOUNS } from './count.js';
import { formatNumberAr, formatSar } from './format.js';

/**
 * A commission rule and a promotion rule in words (decision record 072). Apart from the groups'
 * schemas (broker-group.ts): a broker's dashboard reads these without loading a schema library.
 */

/** «١٫٥٪» — a rate (a fraction) as the percentage people read. */
export const formatRateAr = (rate: number): string =>
  `${formatNumberAr(Math.round(rate * 10_000) / 100, 2)}٪`;

/** «١٪ من الإيجار السنوي، وبحد أدنى ٥٠٠ ر.س» — a commission rule in words. */
export const ruleSummaryAr = (rule: CommissionRule): string =>
  `${formatRateAr(rule.rate)} من الإيجار السنوي، وبحد أدنى ${formatSar(rule.minimum)}`;

/** «توقيع ٥ عقود خلال ٩٠ يومًا» — a promotion rule's condition. */
export const promotionConditionAr = (signedContracts: number, withinDays: number): string =>
  `توقيع ${arabicCount(signedContracts, inGenitive(NOUNS.contract))} خلال ${arabicCount(withinDays, inGenitive(NOUNS.day))}`;
