/**
 * Y-axis tick labels: thousands grouping with at most three decimals below a million, three significant digits
 * with an SI suffix from a million up, and billions written B rather than SI's G.
 */
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

const SUFFIXES: ReadonlyArray<[number, string]> = [[1e18, 'E'], [1e15, 'P'], [1e12, 'T'], [1e9, 'B'], [1e6, 'M']];

function abbreviate(v: number): string {
  const abs = Math.abs(v);
  for (let i = 0; i < SUFFIXES.length; i++) {
    const [scale, suffix] = SUFFIXES[i];
    if (abs < scale) continue;
    const digits = (abs / scale).toPrecision(3);
    // 999.95M rounds up to 1000M; the next suffix reads better.
    if (Number(digits) >= 1000 && i > 0) return `${v < 0 ? '-' : ''}${(abs / SUFFIXES[i - 1][0]).toPrecision(3)}${SUFFIXES[i - 1][1]}`;
    return `${v < 0 ? '-' : ''}${digits}${suffix}`;
  }
  return grouped.format(v);
}

export function formatYTick(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return Math.abs(v) >= 1e6 ? abbreviate(v) : grouped.format(v);
}

/** Width a y axis needs for its tick labels: the widest label (at about 7 px a character at 12 px) plus the tick. */
export function yAxisWidth(labels: readonly string[], min = 60, max = 220): number {
  const longest = labels.reduce((n, l) => Math.max(n, l.length), 0);
  return Math.max(min, Math.min(max, Math.ceil(longest * 7 + 16)));
}

/** Labels a numeric axis from `lo` to `hi` may show: both ends and a few steps between them, as formatted. */
export function numericTickSamples(lo: number, hi: number): string[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  const step = (hi - lo) / 7;
  return Array.from({ length: 8 }, (_, i) => formatYTick(lo + step * i));
}
