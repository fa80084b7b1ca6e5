import { limboResultHundredthsFromFloat } from '../index.ts';

const LIMBO_BUCKET_COUNT = 1e8;

/**
 * How many of the 1e8 equally likely buckets floor(f · 1e8) reach the target, found by bisection
 * because results never rise as the bucket grows. P(win) = this / 1e8, up to the < 2^-32 unevenness
 * of mapping 2^32 floats onto 1e8 buckets.
 */
export function limboWinningBucketCount(targetHundredths: number): number {
  // The middle of bucket k, (k + 0.5) / 1e8, falls in bucket k despite rounding.
  const resultOfBucket = (bucket: number) =>
    limboResultHundredthsFromFloat((bucket + 0.5) / LIMBO_BUCKET_COUNT);
  let low = -1;
  let high = LIMBO_BUCKET_COUNT - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (resultOfBucket(middle) >= targetHundredths) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}
