import { describe, expect, it } from 'vitest';
import { AGEING_BUCKETS, ageingLabel, bucketOf } from './ageing';

describe('ageing buckets', () => {
  it('are the four the server sums into, youngest first', () => {
    expect(AGEING_BUCKETS).toEqual(['d0_30', 'd31_60', 'd61_90', 'd90plus']);
  });

  it('are labelled in both languages', () => {
    expect(AGEING_BUCKETS.map((bucket) => ageingLabel(bucket, 'zh'))).toEqual(['0–30 天', '31–60 天', '61–90 天', '90 天以上']);
    expect(AGEING_BUCKETS.map((bucket) => ageingLabel(bucket, 'en'))).toEqual(['0–30 days', '31–60 days', '61–90 days', 'Over 90 days']);
  });

  it('put a debt in the bucket of its age, the bounds included below', () => {
    expect([0, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual(['d0_30', 'd0_30', 'd31_60', 'd31_60', 'd61_90', 'd61_90', 'd90plus', 'd90plus']);
  });
});
