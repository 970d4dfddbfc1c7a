/**
 * Where recharts puts the bars of a bar chart, worked out from the chart's scales by the rules recharts 3 follows with
 * our settings (bar gap 4 px, category gap 10%, no bar size, no stack offset): side by side within each category's
 * band, or stacked one series on the next; from the value axis' base (zero when the domain holds it); stacked ends
 * kept inside the domain; bars of no width or height left out. test/results/barMarks.test.tsx holds it to recharts'
 * own drawing.
 */

export interface BarBox {
  series: number;
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BarScales {
  /** The start of a category's band, in pixels. */
  bandStart(index: number): number | undefined;
  bandSize: number;
  y(value: number): number | undefined;
  yDomain: readonly [number, number];
}

/** Rounds as recharts does for its paths (4 decimals, no negative zero), so an outline is the same to the digit. */
function round(n: number): number {
  const r = Math.round(n * 1e4) / 1e4;
  return Object.is(r, -0) ? 0 : r;
}

/** A bar's outline as recharts draws a square-cornered bar. */
export function barOutline({ x, y, width, height }: BarBox): string {
  return `M ${round(x)},${round(y)} h ${round(width)} v ${round(height)} h ${round(-width)} Z`;
}

const BAR_GAP = 4;
/** Per cent of the band left free on each side, as recharts' default '10%'. */
const CATEGORY_GAP_PERCENT = 10;

/** The value axis' base: zero when the domain holds it, else its end nearest zero (recharts' getBaseValueOfBar). */
export function barBase([a, b]: readonly [number, number]): number {
  const min = Math.min(a, b), max = Math.max(a, b);
  if (min <= 0 && max >= 0) return 0;
  return max < 0 ? max : min;
}

/** Offset and width of each slot within a band (recharts' getBarPositions, when no bar size is set). */
export function barSlots(bandSize: number, slots: number): { offset: number; size: number }[] {
  if (slots < 1) return [];
  const edge = Math.min((bandSize * CATEGORY_GAP_PERCENT) / 100, bandSize);
  let gap = BAR_GAP > bandSize ? bandSize : BAR_GAP;
  if (bandSize - 2 * edge - (slots - 1) * gap <= 0) gap = 0;
  let size = (bandSize - 2 * edge - (slots - 1) * gap) / slots;
  if (size > 1) size = Math.round(size);
  return Array.from({ length: slots }, (_, i) => ({ offset: edge + (size + gap) * i, size }));
}

function clamp(v: number, [a, b]: readonly [number, number]): number {
  const min = Math.min(a, b), max = Math.max(a, b);
  return v < min ? min : v > max ? max : v;
}

/** Every bar of `values` (one array per series, one value per category), in series order. */
export function layoutBars(values: readonly (readonly number[])[], stacked: boolean, scales: BarScales): BarBox[] {
  const slots = barSlots(scales.bandSize, stacked ? Math.min(1, values.length) : values.length);
  const base = barBase(scales.yDomain);
  const below = values.length && stacked ? new Array<number>(values[0].length).fill(0) : null;
  const out: BarBox[] = [];
  values.forEach((ys, series) => {
    const slot = slots[stacked ? 0 : series];
    ys.forEach((v, index) => {
      let from = base, to = v;
      if (below) {
        from = below[index];
        to = from + v;
        below[index] = to;
        from = clamp(from, scales.yDomain);
        to = clamp(to, scales.yDomain);
      }
      const start = scales.bandStart(index);
      const yFrom = scales.y(from), yTo = scales.y(to);
      if (!slot || start === undefined || yFrom === undefined || yTo === undefined) return;
      const box = { series, index, x: start + slot.offset, y: yTo, width: slot.size, height: yFrom - yTo };
      if (!Number.isFinite(box.x + box.y + box.width + box.height) || box.width === 0 || box.height === 0) return;
      out.push(box);
    });
  });
  return out;
}
