/**
 * Keeps charts responsive on large pivots: beyond `MAX_CHART_POINTS` x values, each bucket of consecutive x values
 * is represented by the x where the first series peaks and the x where it dips, so spikes stay visible.
 */
export const MAX_CHART_POINTS = 2000;

/** Indexes of the x values to draw, in order; all of them when there are few enough. */
export function downsampleIndexes(length: number, firstSeries: ArrayLike<number> | undefined, max = MAX_CHART_POINTS): number[] {
  if (length <= max) return Array.from({ length }, (_, i) => i);
  const buckets = Math.floor(max / 2);
  const size = length / buckets;
  const out: number[] = [];
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor(b * size);
    const to = Math.min(length, Math.floor((b + 1) * size));
    if (!firstSeries) {
      out.push(from);
      continue;
    }
    let lo = from;
    let hi = from;
    for (let i = from + 1; i < to; i++) {
      if (firstSeries[i] < firstSeries[lo]) lo = i;
      if (firstSeries[i] > firstSeries[hi]) hi = i;
    }
    if (lo === hi) out.push(lo);
    else out.push(Math.min(lo, hi), Math.max(lo, hi));
  }
  return out;
}
