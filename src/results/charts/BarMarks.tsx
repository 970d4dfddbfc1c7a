/**
 * The bars of a large bar chart (LargeBarChart.tsx), as recharts draws its bars: one path per bar in recharts' own
 * classes. They grow from the value axis' base as recharts' bars do, by one CSS animation of the whole group (the
 * browser runs it, not a render per frame), and move to new places with a CSS transition.
 */
import { memo, type CSSProperties } from 'react';
import { barOutline, type BarBox } from './barLayout';

/** From this many bars up (and not linked to a form) a bar chart is LargeBarChart: below it, recharts draws it quickly enough. */
export const LARGE_BAR_COUNT = 200;

export interface Drawing { bars: BarBox[]; baseY: number }

// A bar's path moves by a transition of its `d` attribute, which the browser takes into the `d` property; its
// time is one variable on the group (results.css). A `d` in each path's own style as well made the browser parse
// every outline twice, and the first frame of a 97 × 7 chart spent 40 ms recalculating style.
export const Bars = memo(function BarsDrawing({ drawing, colors, durationMs }: { drawing: Drawing; colors: readonly string[]; durationMs: number }) {
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
