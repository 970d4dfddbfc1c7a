/** Scatter chart: numeric or category axes, optional group colours and bubble sizes. */
import { CartesianGrid, Legend, Scatter, ScatterChart, Symbols, Tooltip, XAxis, YAxis, ZAxis, type ScatterShapeProps } from 'recharts';
import type { FormLinkHandlers } from '../useFormLink';
import { LinkMark } from './LinkMark';
import { formatYTick, numericTickSamples, yAxisWidth } from './axisFormat';
import { ChartFrame } from './ChartFrame';
import { transitionMs } from './chartSettings';
import { color } from './palette';
import type { ScatterData, ScatterPoint, ScatterSetting } from './scatter';
import { MAX_CHART_POINTS } from './downsample';

/** A focusable point that sets the linked form from its row. */
function pointMark(link: FormLinkHandlers, groupKey: string) {
  return function PointMark(props: ScatterShapeProps) {
    const p = props.payload as ScatterPoint;
    return (
      <LinkMark label={`Set ${link.form} from ${groupKey} at ${p.xLabel}, ${p.yLabel}`} onActivate={() => link.onPoint(p, groupKey)}>
        <Symbols {...props} type="circle" />
      </LinkMark>
    );
  };
}

export function ScatterView({ data, setting, height, link }: { data: ScatterData; setting: ScatterSetting; height: number; link?: FormLinkHandlers | null }) {
  const total = data.groups.reduce((n, g) => n + g.points.length, 0);
  // Every group keeps its share of the point budget, so a small group is not squeezed out by a large one.
  const stride = Math.max(1, Math.ceil(total / MAX_CHART_POINTS));
  const groups = data.groups.map((g) => ({ key: g.key, points: stride > 1 ? g.points.filter((_, i) => i % stride === 0) : g.points }));
  const drawn = groups.reduce((n, g) => n + g.points.length, 0);
  const duration = transitionMs(groups[0]?.points.length ?? 0);
  const useSize = data.sizeAllowed || (data.xDiscrete && data.yDiscrete);
  const tick = (cats: string[], discrete: boolean) => (v: number) => (discrete ? cats[Math.round(v)] ?? '' : formatYTick(v));
  const summary = `Scatter chart of ${setting.yAxis?.name ?? 'nothing'} against ${setting.xAxis?.name ?? 'row number'}: ${total} points in ${data.groups.length} group${data.groups.length === 1 ? '' : 's'}${data.dropped ? `, ${data.dropped} near-duplicates left out` : ''}.`;
  const table = {
    caption: 'Scatter chart',
    header: ['group', setting.xAxis?.name ?? 'x', setting.yAxis?.name ?? 'y', ...(useSize ? ['size'] : [])],
    rows: groups.flatMap((g) => g.points.map((p) => [g.key, p.xLabel, p.yLabel, ...(useSize ? [p.size] : [])])),
  };
  // Wide enough for the longest tick label, so large numbers and long categories are not cut at the left edge.
  const [yLo, yHi] = groups.reduce(([lo, hi], g) => g.points.reduce(([l, h], p) => [Math.min(l, p.y), Math.max(h, p.y)], [lo, hi]), [Infinity, -Infinity]);
  const yWidth = yAxisWidth(data.yDiscrete ? data.yCategories : numericTickSamples(yLo, yHi));
  const draw = (width: number) => (
    <ScatterChart width={width} height={height} accessibilityLayer={false} margin={{ top: 10, right: 20, left: 10, bottom: 30 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis type="number" dataKey="x" name={setting.xAxis?.name ?? 'x'} tickFormatter={tick(data.xCategories, data.xDiscrete)}
        allowDecimals={!data.xDiscrete} domain={['auto', 'auto']} />
      <YAxis type="number" dataKey="y" name={setting.yAxis?.name ?? 'y'} tickFormatter={tick(data.yCategories, data.yDiscrete)}
        allowDecimals={!data.yDiscrete} width={yWidth} domain={['auto', 'auto']} />
      <ZAxis type="number" dataKey="size" range={useSize ? [30, 400] : [40, 40]} name={setting.size?.name ?? 'count'} />
      <Tooltip cursor={{ strokeDasharray: '3 3' }} />
      <Legend verticalAlign="top" />
      {groups.map((g, i) => (
        <Scatter key={g.key} name={g.key} data={g.points} fill={color(i)} isAnimationActive={duration > 0} animationDuration={duration}
          shape={link ? pointMark(link, g.key) : undefined} />
      ))}
    </ScatterChart>
  );
  const notice = drawn < total ? `Showing ${drawn} of ${total} points (downsampled for display)` : null;
  return <ChartFrame summary={summary} notice={notice} table={table} height={height} draw={draw} interactive={!!link} />;
}
