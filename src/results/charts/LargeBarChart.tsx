/**
 * A bar chart of hundreds of bars, drawn here rather than by recharts, in recharts' own classes and layout.
 *
 * Why: recharts keeps a chart's axes, legend and bars in its own store, and React renders a store's change at once,
 * in one task. Mounting a chart of 97 categories by 7 series took one main-thread task of 50 to 90 ms however much
 * of it recharts was left to draw (bench/largeTable). Here the chart is plain components of the pivot: its frame
 * (axes, grid, legend) is rendered as the chart's deferred drawing (ChartFrame), in slices, and its bars in a later
 * render of their own. Its legend and tooltip are recharts' default contents, so it reads as the smaller charts do.
 */
import { memo, startTransition, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { DefaultLegendContent, DefaultTooltipContent } from 'recharts';
import { formatYTick } from './axisFormat';
import { barBase, layoutBars } from './barLayout';
import { Bars, type Drawing } from './BarMarks';
import { seriesKey } from './chartData';
import { categoryScale, plotArea, shownLabels, valueAxis, valueScale, type CategoryScale, type Margin, type PlotArea } from './largeBarGeometry';

export interface LargeBarChartProps {
  width: number;
  height: number;
  margin: Margin;
  labels: readonly string[];
  /** One array per series, one value per label. */
  values: readonly (readonly number[])[];
  names: readonly string[];
  colors: readonly string[];
  stacked: boolean;
  durationMs: number;
  /** The category labels: as they are, rotated by `angle` degrees, or hidden. */
  xLabels: 'default' | 'rotate' | 'hide';
  angle: number;
  xAxisHeight: number;
  yAxisWidth: number;
  /** The element above the chart its legend goes into (PivotChart's LegendAbove). */
  legendBox: HTMLElement;
}

const TICK_SIZE = 6;
/** recharts' default colours: axes; the grid and the band under the pointer. */
const AXIS_STROKE = '#666';
const GRID_STROKE = '#ccc';

const ValueAxis = memo(function ValueAxisDrawing({ plot, ticks, y }: { plot: PlotArea; ticks: readonly number[]; y: (v: number) => number }) {
  return (
    <g className="recharts-cartesian-axis recharts-yAxis yAxis">
      <line className="recharts-cartesian-axis-line" x1={plot.x} y1={plot.y} x2={plot.x} y2={plot.y + plot.height} stroke={AXIS_STROKE} />
      <g className="recharts-cartesian-axis-ticks">
        {ticks.map((t) => (
          <g key={t} className="recharts-layer recharts-cartesian-axis-tick">
            <line className="recharts-cartesian-axis-tick-line" x1={plot.x - TICK_SIZE} y1={y(t)} x2={plot.x} y2={y(t)} stroke={AXIS_STROKE} />
            <text className="recharts-text recharts-cartesian-axis-tick-value" x={plot.x - TICK_SIZE - 2} y={y(t)} dy="0.355em" textAnchor="end" fill={AXIS_STROKE}>
              {formatYTick(t)}
            </text>
          </g>
        ))}
      </g>
    </g>
  );
});

const CategoryAxis = memo(function CategoryAxisDrawing({ plot, labels, shown, band, mode, angle }: {
  plot: PlotArea; labels: readonly string[]; shown: readonly number[]; band: CategoryScale; mode: LargeBarChartProps['xLabels']; angle: number;
}) {
  const bottom = plot.y + plot.height;
  return (
    <g className="recharts-cartesian-axis recharts-xAxis xAxis">
      <line className="recharts-cartesian-axis-line" x1={plot.x} y1={bottom} x2={plot.x + plot.width} y2={bottom} stroke={AXIS_STROKE} />
      {mode !== 'hide' && (
        <g className="recharts-cartesian-axis-ticks">
          {shown.map((i) => {
            const x = band.centre(i);
            const y = bottom + TICK_SIZE + 2;
            const rotated = mode === 'rotate' && angle !== 0;
            return (
              <g key={i} className="recharts-layer recharts-cartesian-axis-tick">
                <line className="recharts-cartesian-axis-tick-line" x1={x} y1={bottom} x2={x} y2={bottom + TICK_SIZE} stroke={AXIS_STROKE} />
                <text className="recharts-text recharts-cartesian-axis-tick-value" x={x} y={y} dy="0.71em" fill={AXIS_STROKE}
                  textAnchor={rotated ? 'end' : 'middle'} transform={rotated ? `rotate(${angle}, ${x}, ${y})` : undefined}>
                  {labels[i]}
                </text>
              </g>
            );
          })}
        </g>
      )}
    </g>
  );
});

const Grid = memo(function GridDrawing({ plot, ticks, y, shown, band }: {
  plot: PlotArea; ticks: readonly number[]; y: (v: number) => number; shown: readonly number[]; band: CategoryScale;
}) {
  return (
    <g className="recharts-cartesian-grid">
      <g className="recharts-cartesian-grid-horizontal">
        {ticks.map((t) => <line key={t} x1={plot.x} y1={y(t)} x2={plot.x + plot.width} y2={y(t)} stroke={GRID_STROKE} strokeDasharray="3 3" fill="none" />)}
      </g>
      <g className="recharts-cartesian-grid-vertical">
        {shown.map((i) => {
          const x = band.centre(i);
          return <line key={i} x1={x} y1={plot.y} x2={x} y2={plot.y + plot.height} stroke={GRID_STROKE} strokeDasharray="3 3" fill="none" />;
        })}
      </g>
    </g>
  );
});

/** The hovered category's values, in recharts' default tooltip, beside the pointer. */
function TooltipBox({ at, left, top, label, names, colors, values }: {
  at: number; left: number; top: number; label: string; names: readonly string[]; colors: readonly string[]; values: readonly (readonly number[])[];
}) {
  const payload = names.map((name, s) => ({ name, value: values[s][at], color: colors[s], dataKey: seriesKey(s), graphicalItemId: seriesKey(s) }));
  return (
    <div className="recharts-tooltip-wrapper" style={{ position: 'absolute', left: left + 10, top: top + 10, pointerEvents: 'none' }}>
      <DefaultTooltipContent label={label} payload={payload} />
    </div>
  );
}

/**
 * The bars, laid out as recharts would, first drawn in a transition after the chart's frame is on the page: the
 * frame's commit and the bars' are then two tasks. (A deferred value would not do it: the frame is itself rendered as
 * a deferred value, and in such a render a new deferred value takes its final value at once.)
 */
const BarsLater = memo(function BarsDrawnLater({ drawing, colors, durationMs }: { drawing: Drawing; colors: readonly string[]; durationMs: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown && <Bars drawing={drawing} colors={colors} durationMs={durationMs} />;
});

export function LargeBarChart(props: LargeBarChartProps) {
  const { width, height, margin, labels, values, names, colors, stacked, durationMs, xLabels, angle, legendBox } = props;
  // Kept while the sizes are the same: the axes and grid are memoised on them, so a pointer move draws only the tooltip.
  const { top, right, bottom, left } = margin;
  const plot = useMemo(() => plotArea(width, height, { top, right, bottom, left }, props.yAxisWidth, props.xAxisHeight),
    [width, height, top, right, bottom, left, props.yAxisWidth, props.xAxisHeight]);
  const band = useMemo(() => categoryScale(plot, labels.length), [plot, labels.length]);
  const axis = useMemo(() => valueAxis(values, stacked), [values, stacked]);
  const y = useMemo(() => valueScale(axis.domain, plot), [axis, plot]);
  const shown = useMemo(() => shownLabels(labels, band.size, xLabels === 'rotate' ? angle : 0), [labels, band, xLabels, angle]);
  const drawing = useMemo<Drawing>(() => ({
    bars: layoutBars(values, stacked, { bandStart: band.start, bandSize: band.size, y, yDomain: axis.domain }),
    baseY: y(barBase(axis.domain)),
  }), [values, stacked, axis, band, y]);
  const legend = useMemo(() => createPortal(
    <DefaultLegendContent payload={names.map((value, i) => ({ value, type: 'rect' as const, color: colors[i] }))} iconSize={14} layout="horizontal"
      align="center" verticalAlign="top" />,
    legendBox,
  ), [names, colors, legendBox]);
  const [hover, setHover] = useState<{ at: number; left: number; top: number } | null>(null);
  const onMouseMove = (e: MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const px = e.clientX - box.left, py = e.clientY - box.top;
    const at = band.indexAt(px);
    const inside = at >= 0 && py >= plot.y && py <= plot.y + plot.height;
    setHover(inside ? { at, left: px, top: py } : null);
  };
  return (
    <div className="recharts-wrapper" style={{ position: 'relative', width, height }}>
      {/* Visible overflow: the top tick's label is centred on the plot's top edge, where the legend row's margin is. */}
      <svg className="recharts-surface" width={width} height={height} viewBox={`0 0 ${width} ${height}`} style={{ overflow: 'visible' }}
        onMouseMove={onMouseMove} onMouseLeave={() => setHover(null)}>
        <Grid plot={plot} ticks={axis.ticks} y={y} shown={shown} band={band} />
        {hover && <rect className="recharts-rectangle recharts-tooltip-cursor" x={band.start(hover.at)} y={plot.y} width={band.size} height={plot.height} fill={GRID_STROKE} />}
        <BarsLater drawing={drawing} colors={colors} durationMs={durationMs} />
        <CategoryAxis plot={plot} labels={labels} shown={shown} band={band} mode={xLabels} angle={angle} />
        <ValueAxis plot={plot} ticks={axis.ticks} y={y} />
      </svg>
      {hover && <TooltipBox {...hover} label={labels[hover.at]} names={names} colors={colors} values={values} />}
      {legend}
    </div>
  );
}
