/** Bar, pie, area and line charts of a pivot, drawn with recharts from Zeppelin's saved chart settings. */
import { useMemo, useState, type ReactNode } from 'react';
import {
  Area, AreaChart, Bar, BarChart, Brush, CartesianGrid, Cell, Dot, Legend, Line, LineChart, Pie, PieChart, Rectangle, Sector, Tooltip, XAxis, YAxis,
  type BarShapeProps, type DotItemDotProps, type PieSectorShapeProps,
} from 'recharts';
import type { FormLinkHandlers } from '../useFormLink';
import { LinkMark } from './LinkMark';
import { LARGE_BAR_COUNT } from './BarMarks';
import { LargeBarChart } from './LargeBarChart';
import type { Margin } from './largeBarGeometry';
import { formatDate, parseServerDate } from '../../../slices/domain/dates';
import type { PivotResult } from '../pivot/pivot';
import { formatYTick } from './axisFormat';
import { ChartFrame } from './ChartFrame';
import { chartRows, chartSummary, downsampleNotice, seriesKey } from './chartData';
import {
  bottomMargin, dateFormat, rotationDegree, transitionMs, xLabelStatus, Y_LABEL_DISTANCE, type ChartSetting,
} from './chartSettings';
import { color } from './palette';

export type PivotChartMode = 'multiBarChart' | 'pieChart' | 'stackedAreaChart' | 'lineChart';

export const CHART_NAMES: Record<PivotChartMode, string> = {
  multiBarChart: 'Bar chart',
  pieChart: 'Pie chart',
  stackedAreaChart: 'Area chart',
  lineChart: 'Line chart',
};

const AREA_OFFSET = { stack: 'none', stream: 'wiggle', expand: 'expand' } as const;

/** Pie slices: one per x when there is one series, one per x and series otherwise. */
export function pieSlices(p: PivotResult): { name: string; value: number }[] {
  const out: { name: string; value: number }[] = [];
  p.xLabels.forEach((x, i) => {
    p.series.forEach((s) => out.push({ name: p.series.length > 1 ? `${x}.${s.key}` : x, value: s.values[i] }));
  });
  return out;
}

export function piePercent(value: number, total: number): string {
  return total === 0 ? '0%' : `${((value / total) * 100).toFixed(1)}%`;
}

export function xTickFormatter(mode: PivotChartMode, s: ChartSetting): ((v: string) => string) | undefined {
  if (mode !== 'lineChart' || !s.isDateFormat) return undefined;
  const fmt = dateFormat(s);
  return (v: string) => {
    const n = Number(v);
    const d = parseServerDate(Number.isFinite(n) && v.trim() !== '' ? n : v);
    return d ? formatDate(d, fmt) : v;
  };
}

/** Line charts with "force Y" always include zero. */
export function yDomain(mode: PivotChartMode, s: ChartSetting): [number, 'auto'] | undefined {
  return mode === 'lineChart' && s.forceY ? [0, 'auto'] : undefined;
}

/** Focusable marks for a chart linked to a form: each sets the form from the row behind it. */
function linkedMarks(link: FormLinkHandlers, pivot: PivotResult) {
  const label = (series: string, x: string) => `Set ${link.form} from ${series} at ${x}`;
  const xOf = (payload: unknown): string => String((payload as { x?: unknown } | undefined)?.x ?? '');
  // pieSlices: every x, and within it every series
  const sliceAt = (i: number) => {
    const n = Math.max(1, pivot.series.length);
    return { x: pivot.xLabels[Math.floor(i / n)] ?? '', series: pivot.series[i % n]?.key ?? '' };
  };
  return {
    bar: (series: string) => function BarMark(props: BarShapeProps) {
      const x = xOf(props.payload);
      return <LinkMark label={label(series, x)} onActivate={() => link.onMark(x, series)}><Rectangle {...props} /></LinkMark>;
    },
    dot: (series: string) => function DotMark(props: DotItemDotProps) {
      const x = xOf(props.payload);
      return (
        <LinkMark key={`${series}-${x}`} label={label(series, x)} onActivate={() => link.onMark(x, series)}>
          <Dot cx={props.cx} cy={props.cy} r={4} fill={props.stroke} stroke={props.stroke} />
        </LinkMark>
      );
    },
    slice: function SliceMark(props: PieSectorShapeProps) {
      const { x, series } = sliceAt(props.index ?? 0);
      return <LinkMark label={label(series, x)} onActivate={() => link.onMark(x, series)}><Sector {...props} /></LinkMark>;
    },
  };
}

/**
 * What recharts takes in, kept from render to render while the pivot and the settings it depends on are the same:
 * new chart data or a new margin object make recharts take the whole chart in again, in one task.
 */
function useChartInputs(mode: PivotChartMode, pivot: PivotResult, setting: ChartSetting) {
  const data = useMemo(() => chartRows(pivot), [pivot]);
  const slices = useMemo(() => (mode === 'pieChart' ? pieSlices(pivot) : []), [mode, pivot]);
  const bottom = bottomMargin(setting);
  const margin = useMemo(() => ({ top: 10, right: 20, left: 10, bottom }), [bottom]);
  // A large bar chart's legend row above it takes the top margin (LegendAbove).
  const belowLegend = useMemo(() => ({ ...margin, top: 0 }), [margin]);
  const bars = useMemo(() => ({
    labels: data.rows.map((r) => r.x),
    values: data.names.map((_, i) => data.rows.map((r) => Number(r[seriesKey(i)]))),
    colors: data.names.map((_, i) => color(i)),
  }), [data]);
  return { data, slices, margin, belowLegend, bars };
}

/**
 * The height of a large bar chart's legend row above the plot: recharts' own one-line legend (14 px icons) measures
 * 16 px in Chromium, and sits under the chart's top margin; a legend of more lines scrolls within the row.
 */
export const LEGEND_ROW_PX = 16;

/** A chart's own element for a large bar chart's legend (see LegendAbove), made with the chart. */
const newLegendBox = (): HTMLDivElement => Object.assign(document.createElement('div'), { className: 'chart-legend-above' });

/**
 * Puts a large bar chart's legend element above the chart, where recharts would put its own legend: under the chart's
 * top margin, between its side margins. A legend in a row of its own never enters the chart's layout, so its size
 * cannot lay the chart out a second time.
 */
function LegendAbove({ box, margin, children }: { box: HTMLDivElement; margin: Margin; children: ReactNode }) {
  const place = (el: HTMLDivElement | null) => {
    if (!el) return;
    // Padding rather than margins: a top margin would collapse through the chart's wrappers and move the whole chart.
    Object.assign(box.style, { height: `${margin.top + LEGEND_ROW_PX}px`, padding: `${margin.top}px ${margin.right}px 0 ${margin.left}px` });
    if (el.firstChild !== box) el.prepend(box);
  };
  return <div className="chart-with-legend-above" ref={place}>{children}</div>;
}

export function PivotChart({ mode, pivot, setting, height, link }: { mode: PivotChartMode; pivot: PivotResult; setting: ChartSetting; height: number; link?: FormLinkHandlers | null }) {
  // Made once, so that the legend has its element from the first render.
  const [legendBox] = useState(newLegendBox);
  const marks = link ? linkedMarks(link, pivot) : null;
  const { data, slices, margin, belowLegend, bars } = useChartInputs(mode, pivot, setting);
  const name = CHART_NAMES[mode];
  const summary = chartSummary(name, pivot);
  const table = { caption: name, header: ['x', ...data.names], rows: data.rows.map((r) => [r.x, ...data.names.map((_, i) => r[seriesKey(i)])]) };
  const duration = transitionMs(pivot.series[0]?.values.length ?? 0);
  const animate = duration > 0;
  const labels = xLabelStatus(setting);
  const tickFormatter = xTickFormatter(mode, setting);
  const xAxis = (
    <XAxis dataKey="x" hide={labels === 'hide'} angle={labels === 'rotate' ? rotationDegree(setting) : 0}
      textAnchor={labels === 'rotate' ? 'end' : 'middle'} interval="preserveStartEnd" tickFormatter={tickFormatter}
      height={labels === 'rotate' ? bottomMargin(setting) - 10 : 30} />
  );
  const yAxis = (
    <YAxis tickFormatter={formatYTick} width={Y_LABEL_DISTANCE + 10}
      domain={yDomain(mode, setting)} />
  );
  const seriesNames = data.names;
  const draw = (width: number) => {
    switch (mode) {
      case 'pieChart': {
        const total = slices.reduce((t, s) => t + s.value, 0);
        return (
          <PieChart width={width} height={height} accessibilityLayer={false}>
            <Pie data={slices} dataKey="value" nameKey="name" rootTabIndex={-1} label={false} labelLine={false} isAnimationActive={animate} animationDuration={duration}
              shape={marks?.slice}>
              {slices.map((s, i) => <Cell key={s.name} fill={color(i)} />)}
            </Pie>
            <Tooltip formatter={(v) => `${formatYTick(Number(v))} (${piePercent(Number(v), total)})`} />
            <Legend />
          </PieChart>
        );
      }
      case 'stackedAreaChart': {
        const style = setting.style === 'stream' || setting.style === 'expand' ? setting.style : 'stack';
        return (
          <AreaChart width={width} height={height} accessibilityLayer={false} data={data.rows} margin={margin} stackOffset={AREA_OFFSET[style]}>
            <CartesianGrid strokeDasharray="3 3" />{xAxis}{yAxis}<Tooltip /><Legend verticalAlign="top" />
            {seriesNames.map((n, i) => (
              <Area key={i} type="monotone" dataKey={seriesKey(i)} name={n} stackId="stack" stroke={color(i)} fill={color(i)}
                isAnimationActive={animate} animationDuration={duration} dot={marks ? marks.dot(n) : undefined} />
            ))}
          </AreaChart>
        );
      }
      case 'lineChart':
        return (
          <LineChart width={width} height={height} accessibilityLayer={false} data={data.rows} margin={margin}>
            <CartesianGrid strokeDasharray="3 3" />{xAxis}{yAxis}<Tooltip /><Legend verticalAlign="top" />
            {seriesNames.map((n, i) => (
              <Line key={i} type="linear" dataKey={seriesKey(i)} name={n} stroke={color(i)} dot={marks ? marks.dot(n) : data.rows.length <= 150}
                isAnimationActive={animate} animationDuration={duration} />
            ))}
            {setting.lineWithFocus && <Brush dataKey="x" height={24} stroke="#888" tickFormatter={tickFormatter} />}
          </LineChart>
        );
      default: {
        // Hundreds of bars (and no form to set from them): drawn by LargeBarChart, not recharts.
        if (!marks && data.rows.length * seriesNames.length >= LARGE_BAR_COUNT) {
          return (
            <LegendAbove box={legendBox} margin={margin}>
              <LargeBarChart width={width} height={height - margin.top - LEGEND_ROW_PX} margin={belowLegend} labels={bars.labels} values={bars.values}
                names={seriesNames} colors={bars.colors} stacked={!!setting.stacked} durationMs={duration} xLabels={labels}
                angle={rotationDegree(setting)} xAxisHeight={labels === 'rotate' ? bottomMargin(setting) - 10 : 30} yAxisWidth={Y_LABEL_DISTANCE + 10}
                legendBox={legendBox} />
            </LegendAbove>
          );
        }
        return (
          <BarChart width={width} height={height} accessibilityLayer={false} data={data.rows} margin={margin}>
            <CartesianGrid strokeDasharray="3 3" />{xAxis}{yAxis}<Tooltip />
            <Legend verticalAlign="top" />
            {seriesNames.map((n, i) => (
              <Bar key={i} dataKey={seriesKey(i)} name={n} fill={color(i)} stackId={setting.stacked ? 'stack' : undefined}
                isAnimationActive={animate} animationDuration={duration} shape={marks ? marks.bar(n) : undefined} />
            ))}
          </BarChart>
        );
      }
    }
  };
  return <ChartFrame summary={summary} notice={downsampleNotice(data)} table={table} height={height} draw={draw} interactive={!!marks} />;
}
