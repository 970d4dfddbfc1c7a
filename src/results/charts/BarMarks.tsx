/**
 * The bars of a large bar chart, drawn beside recharts rather than by it.
 *
 * Why: recharts renders its bars from its own store, and React always renders a store's change at once, in one
 * task: for hundreds of bars that is a task of hundreds of milliseconds when the chart is drawn, and again for every
 * frame of the bars' growth. Here the chart's `<Bar>`s still give recharts the legend, the tooltip and the value
 * axis, but draw nothing (`maxBarSize` 0); this component reads the chart's scales, lays the bars out as recharts
 * would (barLayout.ts) and draws them as a deferred value, which React renders in slices between which the page
 * stays responsive. They grow from the value axis' base as recharts' bars do, by one CSS animation of the whole
 * group (the browser runs it, not a render per frame), and move to new places with a CSS transition.
 */
import { memo, useDeferredValue, useMemo, type CSSProperties } from 'react';
import { DefaultZIndexes, usePlotArea, useXAxisScale, useYAxisInverseScale, useYAxisScale, ZIndexLayer } from 'recharts';
import { barBase, barOutline, layoutBars, type BarBox } from './barLayout';

/** From this many bars up a bar chart draws them here: below it, recharts' own drawing is quick enough. */
export const LARGE_BAR_COUNT = 200;

interface BarMarksProps {
  labels: readonly string[];
  values: readonly (readonly number[])[];
  colors: readonly string[];
  stacked: boolean;
  /** Growth and movement time; 0 for none. */
  durationMs: number;
}

interface Drawing { bars: BarBox[]; baseY: number }

function useDrawing({ labels, values, stacked }: BarMarksProps): Drawing | null {
  const x = useXAxisScale();
  const y = useYAxisScale();
  const yAt = useYAxisInverseScale();
  const area = usePlotArea();
  return useMemo(() => {
    if (!x || !y || !yAt || !area || labels.length === 0) return null;
    const start = x(labels[0], { position: 'start' });
    const end = x(labels[0], { position: 'end' });
    if (start === undefined || end === undefined) return null;
    const yDomain = [Number(yAt(area.y + area.height)), Number(yAt(area.y))] as const;
    const scales = {
      bandStart: (i: number) => x(labels[i], { position: 'start' }),
      bandSize: end - start,
      y: (v: number) => y(v),
      yDomain,
    };
    return { bars: layoutBars(values, stacked, scales), baseY: y(barBase(yDomain)) ?? area.y + area.height };
  }, [x, y, yAt, area, labels, values, stacked]);
}

// A bar's path moves by a transition of its `d` attribute, which the browser takes into the `d` property; its
// time is one variable on the group (results.css). A `d` in each path's own style as well made the browser parse
// every outline twice, and the first frame of a 97 × 7 chart spent 40 ms recalculating style.
const Bars = memo(function BarsDrawing({ drawing, colors, durationMs }: { drawing: Drawing; colors: readonly string[]; durationMs: number }) {
  const style: (CSSProperties & { '--bar-move-duration': string }) | undefined = durationMs > 0
    ? { transformOrigin: `0px ${drawing.baseY}px`, animationDuration: `${durationMs}ms`, '--bar-move-duration': `${durationMs}ms` }
    : undefined;
  return (
    <g className={durationMs > 0 ? 'chart-bars chart-bars-moving' : 'chart-bars'} style={style}>
      {drawing.bars.map((b) => (
        <g key={`${b.series}-${b.index}`} className="recharts-layer recharts-bar-rectangle">
          <path className="recharts-rectangle" d={barOutline(b)} fill={colors[b.series]} />
        </g>
      ))}
    </g>
  );
});

export function BarMarks(props: BarMarksProps) {
  const drawing = useDeferredValue(useDrawing(props), null);
  return drawing && <ZIndexLayer zIndex={DefaultZIndexes.bar}><Bars drawing={drawing} colors={props.colors} durationMs={props.durationMs} /></ZIndexLayer>;
}
