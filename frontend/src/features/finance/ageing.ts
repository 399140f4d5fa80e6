import { AGE_BUCKET_WORDS, wordsIn } from '@forwarder/domain';
import { defineMessages, translate, type Language } from '@/shared/i18n';

/**
 * The ageing buckets of the arrears screen: days since the order's receivable fell due (0–30, 31–60,
 * 61–90, over 90). The server sums each order's outstanding balance into one of them.
 */
export const AGEING_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'd90plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** The upper bound (inclusive) of each bucket in days; the last has none. */
const UPPER_DAYS: Record<AgeingBucket, number> = { d0_30: 30, d31_60: 60, d61_90: 90, d90plus: Infinity };

export function bucketOf(days: number): AgeingBucket {
  return AGEING_BUCKETS.find((bucket) => Math.max(0, days) <= UPPER_DAYS[bucket]) ?? 'd90plus';
}

export const ageingMessages = defineMessages<Record<AgeingBucket, string>>(wordsIn('', AGE_BUCKET_WORDS, 0), wordsIn('', AGE_BUCKET_WORDS, 1));

export function ageingLabel(bucket: AgeingBucket, language: Language): string {
  return translate(ageingMessages, bucket, undefined, language);
}

/** antd tag colours: the older the debt, the warmer. */
export const AGEING_COLOUR: Record<AgeingBucket, string> = { d0_30: 'green', d31_60: 'gold', d61_90: 'orange', d90plus: 'red' };
