/** Chart settings: x-axis labels, bar stacking, area style, line zoom, forced zero and date axis. */
import { useState } from 'react';
import { DEFAULT_DEGREE, normalizeDegree, xLabelStatus, type ChartSetting, type XLabelStatus } from './chartSettings';
import type { ChartMode } from '../types';

const X_LABEL_MODES: readonly XLabelStatus[] = ['default', 'rotate', 'hide'];

export function ChartSettingsPanel({ mode, setting, onChange }: { mode: ChartMode; setting: ChartSetting; onChange(patch: Partial<ChartSetting>): void }) {
  const [degree, setDegree] = useState(setting.rotate?.degree ?? DEFAULT_DEGREE);
  const [fmt, setFmt] = useState(setting.dateFormat ?? '');
  const status = xLabelStatus(setting);
  const cartesian = mode === 'multiBarChart' || mode === 'stackedAreaChart' || mode === 'lineChart';
  return (
    <div className="chart-settings">
      {mode === 'multiBarChart' && (
        <div role="group" aria-label="Bar layout" className="btn-group">
          <button type="button" aria-pressed={!setting.stacked} onClick={() => onChange({ stacked: false })}>Grouped</button>
          <button type="button" aria-pressed={!!setting.stacked} onClick={() => onChange({ stacked: true })}>Stacked</button>
        </div>
      )}
      {mode === 'stackedAreaChart' && (
        <div role="group" aria-label="Area style" className="btn-group">
          {(['stack', 'stream', 'expand'] as const).map((s) => (
            <button type="button" key={s} aria-pressed={(setting.style ?? 'stack') === s} onClick={() => onChange({ style: s })}>{s}</button>
          ))}
        </div>
      )}
      {cartesian && (
        <div role="group" aria-label="X-axis labels" className="btn-group">
          {X_LABEL_MODES.map((m) => (
            <button type="button" key={m} aria-pressed={status === m} onClick={() => onChange({ xLabelStatus: m })}>{m}</button>
          ))}
          {status === 'rotate' && (
            <label>
              Degree{' '}
              <input type="text" aria-label="Rotation degree" value={degree} onChange={(e) => setDegree(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  const d = normalizeDegree(degree);
                  setDegree(d);
                  onChange({ rotate: { degree: d } });
                }}
                onBlur={() => { const d = normalizeDegree(degree); setDegree(d); if (d !== setting.rotate?.degree) onChange({ rotate: { degree: d } }); }} />
            </label>
          )}
        </div>
      )}
      {mode === 'lineChart' && (
        <div className="line-settings">
          <label><input type="checkbox" checked={!!setting.forceY} onChange={(e) => onChange({ forceY: e.target.checked })} /> force Y to 0</label>
          <label><input type="checkbox" checked={!!setting.lineWithFocus} onChange={(e) => onChange({ lineWithFocus: e.target.checked })} /> zoom</label>
          <label><input type="checkbox" checked={!!setting.isDateFormat} onChange={(e) => onChange({ isDateFormat: e.target.checked })} /> date format</label>
          {setting.isDateFormat && (
            <input type="text" aria-label="Date format" placeholder="YYYY-MM-DD HH:mm:ss" value={fmt} onChange={(e) => setFmt(e.target.value)}
              onKeyDown={(e) => { if (e.key === 'Enter') onChange({ dateFormat: fmt }); }} />
          )}
        </div>
      )}
    </div>
  );
}
